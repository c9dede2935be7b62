/**
 * Writes /sw.js at the end of `vite build` (issue 28, a dropped network): src/web/pwa/service-worker.ts
 * with the build's file list and a version hash of their contents. The worker is a classic script:
 * types are stripped (Vite's own Oxc transform) and its `export`s dropped; it imports nothing.
 * A hand-written worker rather than vite-plugin-pwa/Workbox: it needs no new dependency and does three
 * things (precache, page loads network first with the cached shell, old caches dropped).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';
import { precacheList } from '../src/web/pwa/service-worker.js';

const source = fileURLToPath(new URL('../src/web/pwa/service-worker.ts', import.meta.url));

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

export function serviceWorkerPlugin(): Plugin {
  let publicDir = '';
  return {
    name: 'returns-desk:service-worker',
    apply: 'build',
    // After Vite's own plugins, so index.html is in the bundle.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const files: string[] = [];
      for (const [name, item] of Object.entries(bundle)) {
        files.push(name);
        hash.update(name).update(item.type === 'chunk' ? item.code : item.source);
      }
      if (publicDir && existsSync(publicDir)) {
        for (const path of walk(publicDir)) {
          const name = relative(publicDir, path).split(sep).join('/');
          files.push(name);
          hash.update(name).update(readFileSync(path));
        }
      }
      const precache = precacheList(files);
      const version = hash.digest('hex').slice(0, 16);
      const { code } = await transformWithOxc(readFileSync(source, 'utf8'), source, { lang: 'ts' });
      const worker = [
        `// Returns Desk service worker, build ${version} (scripts/service-worker-plugin.ts).`,
        `const __PRECACHE__ = ${JSON.stringify(precache)};`,
        `const __SW_VERSION__ = ${JSON.stringify(version)};`,
        code.replace(/^export /gm, ''),
      ].join('\n');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker });
      this.info(`service worker: ${precache.length} files precached, version ${version}`);
    },
  };
}
