import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { precompressDir } from '../../../scripts/precompress.js';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { makeUser } from '../test/factories.js';
import { adminSession } from '../test/sessions.js';
import { HASHED_ASSET_CACHE } from './static-assets.js';

const script = `export const screens = [${Array.from({ length: 400 }, (_, i) => `'screen-${i}'`).join(', ')}];\n`;
let t: TestApp;
let app: FastifyInstance;
let webRoot: string;
beforeAll(async () => {
  t = await createTestApp();
  webRoot = mkdtempSync(join(tmpdir(), 'rd-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), `<!doctype html><title>Returns Desk</title>${'<!-- padding -->'.repeat(100)}`);
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(webRoot, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  precompressDir(webRoot);
  app = await buildApp(t.deps, { webRoot });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('precompressing the build', () => {
  it('writes brotli and gzip copies that decompress to the file, and none for tiny files', () => {
    const js = join(webRoot, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(existsSync(join(webRoot, 'assets', 'tiny-abc123.js.br'))).toBe(false);
  });
});

describe('serving the built SPA', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that only takes gzip, the file otherwise', async () => {
    const url = '/assets/index-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves a file without a compressed copy as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/tiny-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('lets browsers keep hashed assets for a year and revalidate index.html', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/history', '/index.html']) {
      const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('Returns Desk');
    }
  });
});

describe('compressing API answers', () => {
  it('compresses a large JSON answer for a client that accepts it', async () => {
    const { token } = await adminSession(app, t.deps.database.db);
    for (let i = 0; i < 12; i++) await makeUser(t.deps.database.db);
    const headers = { authorization: `Bearer ${token}` };
    const plain = await app.inject({ method: 'GET', url: '/api/su/users', headers });
    expect(plain.rawPayload.length).toBeGreaterThan(1400);
    const res = await app.inject({ method: 'GET', url: '/api/su/users', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer uncompressed, where compressing would cost more than it saves', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 200 });
  });
});
