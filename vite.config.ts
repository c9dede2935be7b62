import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress.js';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

export default defineConfig({
  root,
  plugins: [react({ refreshExclude: /./ }), precompressPlugin()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: fileURLToPath(new URL('./src/web/react-on-preact.ts', import.meta.url)) },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Each screen is its own chunk. React and the router change least often, so they are vendor
    // chunks of their own (a release that changes only app code leaves them cached); Mantine is
    // left to the natural split so a screen's components load with that screen, not with the entry.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-preact', test: /node_modules[\\/]preact[\\/]|react-on-preact/, priority: 2 },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            { name: 'vendor-dayjs', test: /node_modules[\\/]dayjs[\\/]/, priority: 2 },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
          ],
        },
      },
      onwarn(warning, warn) {
        // Mantine and react-router ship "use client" directives that a client-only bundle ignores (STACK-NOTES pitfall 8).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // react-router uses React 19's useOptimistic when the runtime has it and the value as it is
        // otherwise; Preact's compat layer (docs/decisions.md) has none, so the import is undefined by design.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    // API calls go to the server; the SPA's own modules under src/web/api/ (client.ts, …) must not.
    proxy: { '^/api/(?!.*\\.tsx?(?:\\?|$))': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
