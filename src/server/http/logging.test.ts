import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { httpLoggerOptions, OneLinePerRequest, redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('hides reset tokens and signed file tokens', () => {
    expect(redactUrl('/auth/password/jane/abcDEF123')).toBe('/auth/password/jane/[redacted]');
    expect(redactUrl('/api/files/xyz.sig?x=1')).toBe('/api/files/[redacted]?x=1');
  });
  it('leaves other paths alone', () => {
    expect(redactUrl('/api/returns?page=2')).toBe('/api/returns?page=2');
  });
});

describe('request log lines', () => {
  it('one line a request, with method, redacted URL, address and status; a probe at warn writes none', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { ...httpLoggerOptions('info'), stream }, logController: new OneLinePerRequest() });
    app.get('/api/files/:token', async () => 'ok');
    app.get('/api/health', { logLevel: 'warn' }, async () => 'up');
    await app.inject({ method: 'GET', url: '/api/files/secret-token', remoteAddress: '10.1.2.3' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    const requests = lines.filter((l) => l.req || l.res);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/files/[redacted]', remoteAddress: '10.1.2.3' },
      res: { statusCode: 200 },
    });
    expect(typeof requests[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});
