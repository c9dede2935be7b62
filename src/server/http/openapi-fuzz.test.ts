import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFuzz } from '../test/openapi-fuzz.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDbKind } from '../test/test-database.js';

/**
 * Issue 14: a bounded fuzz run driven by the app's OpenAPI document, on this test run's database
 * (PGlite, or PostgreSQL in the PostgreSQL pass). `npm run bench fuzz` runs 20,000 requests.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1200);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`OpenAPI-driven fuzzing (${testDbKind})`, () => {
  it(
    `${REQUESTS} generated requests: no 5xx, all in the envelope, all declared, nothing changed by a refused one`,
    { timeout: 180_000 },
    async () => {
      const outcome = await runFuzz(t.app, t.deps.database.db, { requests: REQUESTS, seed: 14 });
      expect(outcome.requests).toBeGreaterThanOrEqual(REQUESTS);
      expect(outcome.failures.slice(0, 20)).toEqual([]);
    },
  );
});
