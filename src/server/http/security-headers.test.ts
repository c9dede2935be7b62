import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { computeSecurityHeaders, helmetOptions } from './security-headers.js';

// The headers @fastify/helmet (what the app used before) sends with the same options: the
// precomputed set must be exactly these, names and values.
async function headersOfFastifyHelmet(): Promise<Record<string, string>> {
  const reference = Fastify();
  await reference.register(fastifyHelmet, helmetOptions as FastifyHelmetOptions);
  reference.get('/', async () => 'ok');
  const res = await reference.inject({ method: 'GET', url: '/' });
  await reference.close();
  const plain = Fastify();
  plain.get('/', async () => 'ok');
  const bare = await plain.inject({ method: 'GET', url: '/' });
  await plain.close();
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !(name in bare.headers))
      .map(([n, v]) => [n, String(v)]),
  );
}

let t: TestApp;
let expected: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  expected = await headersOfFastifyHelmet();
});
afterAll(() => t.close());

describe('security headers computed once', () => {
  it('are exactly the headers @fastify/helmet sends with the same options', () => {
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(Object.fromEntries(computeSecurityHeaders())).toEqual(expected);
  });

  it('come on every kind of answer: a route, a 401, an unknown API path, a validation error', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/su/users' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 1 } }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, expect.any(Number)]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], name).toBe(value);
    }
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
