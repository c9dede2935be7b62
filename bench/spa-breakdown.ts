/**
 * Who the SPA's bytes belong to, from the build's source maps (`vite build --sourcemap hidden`):
 * each generated character is charged to the source file its mapping names, files are grouped by
 * npm package (node_modules/<pkg>) or by our own module (src/…), and a chunk's gzip size is shared
 * out in proportion to the raw characters each group has in it. Characters no mapping covers
 * (rolldown's runtime, import/export glue, the chunk's wrapper) are "(chunk glue)".
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...B64].map((c, i) => [c, i]));

/** The fields of one mapping segment (VLQ, source map v3). */
function decodeSegment(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = DIGIT.get(c)!;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return out;
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Raw characters of `code` per source index (-1: no mapping). */
function charsPerSource(code: string, map: SourceMap): Map<number, number> {
  const counts = new Map<number, number>();
  const add = (source: number, n: number) => counts.set(source, (counts.get(source) ?? 0) + n);
  const codeLines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, i) => {
    const length = codeLines[i]?.length ?? 0;
    let column = 0;
    let current = -1;
    let from = 0;
    for (const segment of line ? line.split(',') : []) {
      const fields = decodeSegment(segment);
      column += fields[0]!;
      add(current, column - from);
      if (fields.length >= 4) {
        source += fields[1]!;
        current = source;
      } else current = -1;
      from = column;
    }
    add(current, length - from + 1); // the rest of the line and its newline
  });
  return counts;
}

/** `react-dom`, `@mantine/core` or our `src/web/pages/receiving/OrderPanel.tsx`. */
export function owner(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  if (pkg) return pkg[1]!;
  const ours = /(src\/.*)$/.exec(source);
  return ours ? ours[1]! : source;
}

export interface Share {
  name: string;
  raw: number;
  gzip: number;
}

/** Raw and gzip bytes per owner over the given built files (paths relative to `out`). */
export function breakdown(out: string, files: Iterable<string>, group: (source: string) => string = owner): Share[] {
  const totals = new Map<string, Share>();
  for (const file of files) {
    const code = readFileSync(join(out, file), 'utf8');
    const gzip = gzipSync(code, { level: 9 }).length;
    const mapFile = join(out, `${file}.map`);
    const map: SourceMap = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : { sources: [], mappings: '' };
    for (const [source, raw] of charsPerSource(code, map)) {
      const name = source < 0 ? '(chunk glue)' : group(map.sources[source]!);
      const share = totals.get(name) ?? { name, raw: 0, gzip: 0 };
      share.raw += raw;
      share.gzip += (gzip * raw) / code.length;
      totals.set(name, share);
    }
  }
  return [...totals.values()].sort((a, b) => b.gzip - a.gzip);
}

/** Our modules under one folder level below src/web (pages/receiving, components/photos, …), packages by name. */
export function area(source: string): string {
  const name = owner(source);
  const web = /^src\/web\/((?:pages|components)\/[^/]+|[^/]+)/.exec(name);
  if (web) return `src/web/${web[1]}`;
  return name.startsWith('src/contract/') ? 'src/contract' : name;
}
