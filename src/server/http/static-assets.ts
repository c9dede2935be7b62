import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyStaticOptions } from '@fastify/static';
import { join, sep } from 'node:path';

/** Vite names every file under /assets with a content hash: a new build means a new name. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the SPA fallback) is checked on every load, so a release shows at once. */
export const REVALIDATE = 'no-cache';

/**
 * The built SPA: the .br/.gz copies written at build time (scripts/precompress.ts) are sent to a
 * browser that accepts them; hashed assets are cached for a year, the rest revalidated.
 */
export function staticAssetOptions(webRoot: string): FastifyStaticOptions {
  const assetsDir = join(webRoot, 'assets') + sep;
  return {
    root: webRoot,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', path.startsWith(assetsDir) ? HASHED_ASSET_CACHE : REVALIDATE);
    },
  };
}

/**
 * Compression of API answers. Below ~1.4 kB (one TCP segment) compressing saves no round trip and
 * costs CPU, so smaller answers go as they are; brotli stays at quality 4 (the plugin's default),
 * which costs about what gzip does. Request bodies are not decompressed: the API never took
 * compressed bodies, and this keeps it so.
 */
export const apiCompressionOptions: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1400,
  globalDecompression: false,
};
