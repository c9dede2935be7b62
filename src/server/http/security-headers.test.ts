import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { helmetOptions } from './security-headers.js';

/** The security headers the app has always sent (issue 13's precomputed set; issue 28 let WebAssembly compile), names and values. */
const SENT_SINCE_ISSUE_13 = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob: https: http:;object-src 'none';script-src 'self' 'wasm-unsafe-eval';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

// The headers @fastify/helmet sends with the app's options on a bare Fastify: the app must send
// exactly these, names and values, and they must be the ones it sent before.
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

describe('security headers', () => {
  it('are exactly the headers @fastify/helmet sends with the same options, unchanged since issue 13', () => {
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(SENT_SINCE_ISSUE_13).toEqual(expected);
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
