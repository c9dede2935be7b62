/**
 * Reads a V8 CPU profile (`node --cpu-prof`, or BENCH_PROFILE_DIR of bench/load.ts) and prints where
 * the process spent its time: idle, GC, then self time by owner (a package under node_modules, node's
 * own `node:` modules, the app's src/ files), and the heaviest functions. Shares are of all samples.
 * Run: npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Who a frame belongs to: the package, node itself, the app's folder, or V8's own entries. */
export function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  // The app's own files, from its sources (tsx) or compiled (dist, what the benches run).
  const src = /\/(?:src|dist)\/(server|contract)\/(.+?)\/?[^/]*$/.exec(url);
  if (src) return `src/${src[1]}/${src[2]!.split('/').slice(0, 2).join('/')}`;
  return url.replace(/^file:\/\//, '');
}

export function summarise(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  // Inclusive ("total") time per function: a sample counts once for every function on its stack.
  const inclusive = new Map<string, number>();
  profile.samples.forEach((leaf, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const seen = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const { functionName, url } = byId.get(id)!.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(src|dist)\//, '$1/')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  });
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const owner = ownerOf(url, functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(src|dist)\//, '$1/')}:${lineNumber + 1}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  const idle = owners.get('(idle)') ?? 0;
  const lines = [
    `${(total / 1e6).toFixed(1)} s sampled; idle ${pct(idle)}, busy ${pct(total - idle)}`,
    '',
    'self time by owner:',
    ...sorted(owners)
      .slice(0, top)
      .map(([o, us]) => `  ${pct(us)}  ${o}`),
    '',
    'heaviest functions (self):',
    ...sorted(functions)
      .slice(0, top)
      .map(([f, us]) => `  ${pct(us)}  ${f}`),
    '',
    'heaviest functions (total, with what they call):',
    ...sorted(inclusive)
      .filter(([f]) => !f.startsWith('(root)') && !f.startsWith('(idle)'))
      .slice(0, top * 2)
      .map(([f, us]) => `  ${pct(us)}  ${f}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [top]');
    process.exit(1);
  }
  console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(process.argv[3] ?? 25)));
}
