import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

// Lingui's native macro transform needs @lingui/native-tools, whose binary npm skips when npm itself
// runs on Node < 22.19 (these machines' npm runs on Node 20): Babel does it, and says so once is enough.
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';

export default defineConfig({
  // The SPA's modules use Lingui's macros; tests compile them as the build does.
  plugins: [lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts'],
          // *.postgres.test.ts need a real server (several connections at once): they run in the
          // PostgreSQL pass of `npm test` only, so the PGlite pass leaves them out instead of skipping.
          exclude: ['**/node_modules/**', ...(process.env.TEST_DB === 'postgres' ? [] : ['src/**/*.postgres.test.ts'])],
          environment: 'node',
        },
      },
      {
        // Component tests of the SPA (*.test.tsx): React DOM in jsdom, through Testing Library.
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/dom-setup.ts'],
          // A whole panel rendered twice over (StrictMode) in jsdom: about a second a test on an idle
          // machine, 10–30 s on one whose two cores run seven test suites at once.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
