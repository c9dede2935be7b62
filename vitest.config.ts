import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // *.postgres.test.ts need a real server (several connections at once): they run in the
    // PostgreSQL pass of `npm test` only, so the PGlite pass leaves them out instead of skipping.
    exclude: ['**/node_modules/**', ...(process.env.TEST_DB === 'postgres' ? [] : ['src/**/*.postgres.test.ts'])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
