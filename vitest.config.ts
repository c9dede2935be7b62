import { defineConfig } from 'vitest/config';

export default defineConfig({
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
