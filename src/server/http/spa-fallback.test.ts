import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  const webRoot = mkdtempSync(join(tmpdir(), 'rd-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Returns Desk</title>');
  writeFileSync(join(webRoot, 'assets', 'app.js'), 'console.log(1)');
  app = await buildApp(t.deps, { webRoot });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('serving the SPA', () => {
  it('answers index.html for any screen path, so a reload on a deep link works', async () => {
    const res = await app.inject({ method: 'GET', url: '/orders/blind/returns/12?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Returns Desk');
  });

  it('serves built assets and answers 404 for a missing one', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
