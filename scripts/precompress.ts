/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the built SPA, so the server
 * sends them with @fastify/static's `preCompressed` instead of compressing on every request (or not
 * at all). Runs at the end of every `vite build` as a plugin (vite.config.ts), so `npm run build`,
 * `npm start` and the e2e build all get it.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than one network packet: not worth a file. */
export const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses once at build time with the strongest settings, which are too slow per request. */
export function precompressDir(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const path of [...walk(dir)]) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    const gzip = gzipSync(content, { level: 9 });
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    // A copy that is not smaller would only cost a disk read: the server then falls back to the original.
    if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
    if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
    result.files++;
    result.bytes += content.length;
    result.gzipBytes += Math.min(gzip.length, content.length);
    result.brotliBytes += Math.min(brotli.length, content.length);
  }
  return result;
}

/** Vite plugin: precompress the output folder once the bundle is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'returns-desk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const r = precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      this.info(`precompressed ${r.files} files: ${kb(r.bytes)} → gzip ${kb(r.gzipBytes)}, brotli ${kb(r.brotliBytes)}`);
    },
  };
}
