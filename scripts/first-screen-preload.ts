/**
 * Names in index.html, as modulepreloads, the chunks that both first screens need beyond the entry
 * (issue 23): the browser fetches them beside the entry instead of once the entry has run and asked
 * for them, a round trip sooner on a slow network. Vite preloads what the entry imports statically;
 * these the entry imports lazily (the login page, and the signed-in layout, which imports the same chunk).
 */
import type { Plugin } from 'vite';

export function firstScreenPreloadPlugin(chunkNames: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'returns-desk:first-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((item) => item.type === 'chunk' && chunkNames.includes(item.name));
        const missing = chunkNames.filter((name) => !chunks.some((chunk) => chunk.name === name));
        // A renamed chunk group would silently drop the preload: the build fails instead.
        if (missing.length > 0) throw new Error(`first-screen preload: no chunk named ${missing.join(', ')}`);
        return chunks.map((chunk) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
