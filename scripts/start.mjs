#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then run the server (migrations run at boot).
// Only Node built-ins here: this runs before node_modules exists, on whatever Node the machine has.
// The product runs on Node 24 (package.json engines): the `node` package brings that runtime into
// node_modules/.bin, and the build and the server run on it whatever Node started this script.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || mtime(lock) > mtime(installed)) {
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const stamp = join(root, 'dist', '.build-stamp');
const sources = Math.max(newest(join(root, 'src')), mtime(join(root, 'package.json')), mtime(join(root, 'vite.config.ts')));
if (
  !existsSync(join(root, 'dist', 'server', 'main.js')) ||
  !existsSync(join(root, 'dist', 'web', 'index.html')) ||
  sources > mtime(stamp)
) {
  console.log('Building server and web app…');
  run('npm', ['run', 'build']);
  writeFileSync(stamp, new Date().toISOString());
}

const projectNode = join(root, 'node_modules', '.bin', 'node');
const runtime = existsSync(projectNode) ? projectNode : process.execPath;
const major = Number(spawnSync(runtime, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout);
if (!(major >= 24)) {
  console.error(`Returns Desk needs Node 24 or later; ${runtime} is Node ${major || 'unknown'}. Run npm ci to install it.`);
  process.exit(1);
}
// npm puts node_modules/.bin first on PATH for its scripts, so `npm run build` runs on Node 24 too.
const server = spawnSync(runtime, [join(root, 'dist', 'server', 'main.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
