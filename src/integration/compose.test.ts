import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { checkCompose } from '../../scripts/check-compose.js';

const compose = readFileSync(new URL('../../deploy/compose.yaml', import.meta.url), 'utf8');
const haproxy = readFileSync(new URL('../../deploy/haproxy.cfg', import.meta.url), 'utf8');

type Doc = { services: Record<string, Record<string, any>> };
/** The reference file with one change (anchors resolved, so each service is its own copy). */
function variant(change: (doc: Doc) => void): string {
  const doc = JSON.parse(JSON.stringify(parse(compose, { merge: true }))) as Doc;
  change(doc);
  return stringify(doc);
}

describe('deploy/compose.yaml', () => {
  it('is sound: structure, dependencies, settings, topology and HAProxy backends', () => {
    expect(checkCompose(compose, haproxy)).toEqual([]);
  });

  it('runs two web processes behind HAProxy, two workers, and the shared stores', () => {
    const { services } = parse(compose, { merge: true }) as Doc;
    expect(services.web1!.command).toEqual(['--services=web']);
    expect(services.worker2!.command).toEqual(['--services=worker']);
    expect(services.web2!.environment.DATABASE_URL).toContain('@pgbouncer:6432/');
    expect(services.web2!.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(services.worker1!.environment.S3_BUCKET).toBe('returns-desk-photos');
    expect(haproxy).toMatch(/option httpchk GET \/api\/ready/);
  });
});

describe('checkCompose finds', () => {
  it('a dependency on a service that does not exist', () => {
    const text = variant((d) => (d.services.web1!.depends_on.cache = { condition: 'service_healthy' }));
    expect(checkCompose(text)).toContain('web1: depends on cache, which is no service');
  });

  it('a setting the server does not know, and a missing DATABASE_URL', () => {
    const text = variant((d) => {
      d.services.web1!.environment.REDIS_HOST = 'redis';
      delete d.services.worker2!.environment.DATABASE_URL;
    });
    expect(checkCompose(text)).toEqual(
      expect.arrayContaining(['web1: REDIS_HOST is no setting of the server (src/server/config.ts)', 'worker2: DATABASE_URL is not set']),
    );
  });

  it('a service with neither image nor build, and a healthy-wait on a service without a healthcheck', () => {
    const text = variant((d) => {
      delete d.services.redis!.image;
      delete d.services.pgbouncer!.healthcheck;
    });
    expect(checkCompose(text)).toEqual(
      expect.arrayContaining([
        'redis: neither image nor build',
        'pgbouncer: no healthcheck',
        'web1: waits for pgbouncer to be healthy, which has no healthcheck',
      ]),
    );
  });

  it('web processes without shared rate limits, nodes on a folder photo store, one worker only', () => {
    const text = variant((d) => {
      delete d.services.web2!.environment.REDIS_URL;
      delete d.services.worker1!.environment.S3_BUCKET;
      delete d.services.worker2;
    });
    expect(checkCompose(text)).toEqual(
      expect.arrayContaining([
        'web2: several web processes need REDIS_URL (shared rate limits)',
        "worker1: several nodes need S3_BUCKET (a folder photo store is one node's)",
        'topology: 1 worker process(es), want 2 or more',
      ]),
    );
  });

  it('HAProxy sending to a service that is not a web process, or leaving one out', () => {
    const cfg = haproxy.replace('server web2 web2:3000 check', 'server web3 web3:3000 check');
    expect(checkCompose(compose, cfg)).toEqual([
      'haproxy.cfg: server web3 is no web service',
      'haproxy.cfg: web service web2 gets no traffic',
    ]);
  });

  it('text that is not YAML', () => {
    expect(checkCompose('services: [unclosed')[0]).toMatch(/^not valid YAML/);
  });
});
