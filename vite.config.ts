import { fileURLToPath } from 'node:url';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenPreloadPlugin } from './scripts/first-screen-preload.js';
import { precompressPlugin } from './scripts/precompress.js';
import { serviceWorkerPlugin } from './scripts/service-worker-plugin.js';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

// Lingui's native macro transform needs @lingui/native-tools, whose binary npm skips when npm itself
// runs on Node < 22.19 (these machines' npm runs on Node 20): Babel does it, and says so once is enough.
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';

export default defineConfig({
  root,
  // Lingui's macros (t`…`, <Trans>) become catalogue ids at build time; the catalogues themselves are
  // compiled when a screen imports them (src/web/i18n/catalogues.ts). Babel runs on the files that import a macro only.
  // The pseudo build (VITE_PSEUDO=1, e2e/pseudo-layout.spec.ts) is only ever handed to the browser file by file through
  // page.route, never served by the server: its compressed copies would be some 40% of its build time for nothing.
  plugins: [
    react(),
    lingui(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    serviceWorkerPlugin(),
    // The login page's chunk, which the signed-in layout imports too (the 'sign-in' group below).
    firstScreenPreloadPlugin(['sign-in']),
    ...(process.env.VITE_PSEUDO === '1' ? [] : [precompressPlugin()]),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    // Each screen is its own chunk. React DOM and the router change least often, so they are vendor
    // chunks of their own (a release that changes only app code leaves them cached); Mantine is
    // left to the natural split so a screen's components load with that screen, not with the entry,
    // except for the first screens' (the groups below).
    chunkSizeWarningLimit: 400,
    // Every browser the app supports preloads modules itself (Chromium 66, Safari 17, Firefox 115): no
    // polyfill in the entry (0.3 kB gzip of both first screens).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            // Not its locale files: each language's month and day names load alone, with that language's date pickers.
            { name: 'vendor-dayjs', test: /node_modules[\\/]dayjs[\\/](?!locale[\\/])/, priority: 2 },
            // TanStack Query only: TanStack Virtual goes with the long orders' window (WindowedLines.tsx), loaded for them alone.
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 2 },
            // The two first screens as few files as possible (issue 23's budget, docs/decisions.md "Both
            // first screens within budget"): left to the natural split, every set of screens sharing a
            // module made a chunk of its own; the receiving page loaded 48 files beyond the entry, most
            // under 1 kB, each compressed alone and tied to the others by import/export glue.
            // - The rest of what index.html imports statically: one entry chunk, not 16 fragments.
            { name: 'index', tags: ['$initial'], priority: 1 },
            // - The sign-in layout and the login page with everything they import beyond the entry.
            //   Listed first: a module both first screens need lands here, so the login page never
            //   loads the signed-in screens' code; the receiving page loads this chunk too.
            { name: 'sign-in', test: /web[\\/](layout[\\/]AuthLayout|pages[\\/]login[\\/]LoginPage)\.tsx$/, priority: 1 },
            // - The signed-in layout and the first screen after sign-in (the receiving page's search
            //   view) with the rest of what they import: every signed-in user loads them first. Another
            //   screen opened first (a bookmark) loads them too: 5-10 kB gzip more than it did, once.
            {
              name: 'signed-in',
              test: /web[\\/](layout[\\/]MainLayout|pages[\\/]receiving[\\/]ReceivingPage)\.tsx$/,
              priority: 1,
            },
            // - The order panel over its store (loaded once a customer is chosen) with what it imports beyond those.
            { name: 'order-panel', test: /web[\\/]pages[\\/]receiving[\\/](Stored)?OrderPanel\.tsx$/, priority: 1 },
            // A catalogue per language and area, named so the budget (bench/spa.bench.ts) can count a page's English ones.
            {
              debugName: 'i18n catalogues',
              name: (id: string) => {
                const m = /locales[\\/](\w+)[\\/](\w+)\.json/.exec(id);
                return m ? `i18n-${m[1]}-${m[2]}` : null;
              },
              test: /locales[\\/]\w+[\\/]\w+\.json/,
              priority: 3,
            },
          ],
        },
      },
      onwarn(warning, warn) {
        // Mantine and react-router ship "use client" directives that a client-only bundle ignores (STACK-NOTES pitfall 8).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
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
