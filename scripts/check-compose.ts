// Checks deploy/compose.yaml without Docker (images cannot be built or pulled in CI):
//   node --import tsx scripts/check-compose.ts [deploy/compose.yaml]
// Structure, dependencies, the server's settings, the issue-29 topology and HAProxy's backends.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { SERVER_ENV_KEYS } from '../src/server/config.js';

type Service = Record<string, unknown>;
const DEPENDS_CONDITIONS = ['service_started', 'service_healthy', 'service_completed_successfully'];
/** Parts of the topology (docs/operations.md) and how their image is recognised. */
const TOPOLOGY: Record<string, RegExp> = {
  PostgreSQL: /^postgres:/,
  PgBouncer: /pgbouncer/,
  Redis: /^redis:/,
  'an S3-compatible store': /^minio\/minio:|seaweedfs|garage|ceph/,
  HAProxy: /^haproxy:/,
};

/** Compose's two spellings of `environment` (a map, or a list of KEY=value). */
function envOf(service: Service): Record<string, string> {
  const env = service.environment;
  if (Array.isArray(env)) return Object.fromEntries(env.map((e: string) => [e.split('=')[0]!, e.slice(e.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries((env ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v ?? '')]));
}

function dependsOf(service: Service): Record<string, string> {
  const deps = service.depends_on;
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d: string) => [d, 'service_started']));
  return Object.fromEntries(
    Object.entries((deps ?? {}) as Record<string, { condition?: string }>).map(([k, v]) => [k, v?.condition ?? 'service_started']),
  );
}

const commandOf = (service: Service) => (Array.isArray(service.command) ? service.command.join(' ') : String(service.command ?? ''));
/** A Returns Desk process: built from this repository's Dockerfile. */
const isApp = (service: Service) => service.build !== undefined;
const roleOf = (service: Service) => /--services=([a-z,]+)/.exec(commandOf(service))?.[1] ?? 'web,worker';

/** The problems found in a compose file's text; empty when it is sound. `haproxyCfg` is the load balancer's configuration. */
export function checkCompose(text: string, haproxyCfg?: string): string[] {
  const problems: string[] = [];
  let doc: { services?: Record<string, Service> };
  try {
    doc = parse(text, { merge: true }) as typeof doc;
  } catch (error) {
    return [`not valid YAML: ${(error as Error).message}`];
  }
  const services = doc?.services;
  if (!services || typeof services !== 'object' || Object.keys(services).length === 0) return ['no services'];
  const names = new Set(Object.keys(services));

  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) problems.push(`${name}: neither image nor build`);
    const oneShot = Object.values(services).some((other) => dependsOf(other)[name] === 'service_completed_successfully');
    if (!service.healthcheck && !oneShot) problems.push(`${name}: no healthcheck`);
    for (const [target, condition] of Object.entries(dependsOf(service))) {
      if (!names.has(target)) problems.push(`${name}: depends on ${target}, which is no service`);
      else if (!DEPENDS_CONDITIONS.includes(condition)) problems.push(`${name}: unknown condition ${condition} on ${target}`);
      else if (condition === 'service_healthy' && !services[target]!.healthcheck)
        problems.push(`${name}: waits for ${target} to be healthy, which has no healthcheck`);
    }
    if (!isApp(service)) continue;
    const env = envOf(service);
    for (const key of Object.keys(env))
      if (!SERVER_ENV_KEYS.includes(key)) problems.push(`${name}: ${key} is no setting of the server (src/server/config.ts)`);
    for (const key of ['DATABASE_URL', 'APP_SECRET']) if (!env[key]) problems.push(`${name}: ${key} is not set`);
    if (!env.S3_BUCKET) problems.push(`${name}: several nodes need S3_BUCKET (a folder photo store is one node's)`);
    if (roleOf(service).includes('web') && !env.REDIS_URL)
      problems.push(`${name}: several web processes need REDIS_URL (shared rate limits)`);
  }

  const apps = Object.values(services).filter(isApp);
  const webs = Object.entries(services).filter(([, s]) => isApp(s) && roleOf(s).split(',').includes('web'));
  const workers = apps.filter((s) => roleOf(s).split(',').includes('worker'));
  if (webs.length < 2) problems.push(`topology: ${webs.length} web process(es), want 2 or more`);
  if (workers.length < 2) problems.push(`topology: ${workers.length} worker process(es), want 2 or more`);
  for (const [part, image] of Object.entries(TOPOLOGY)) {
    if (!Object.values(services).some((s) => image.test(String(s.image ?? '')))) problems.push(`topology: no ${part}`);
  }

  if (haproxyCfg !== undefined) {
    const backends = [...haproxyCfg.matchAll(/^\s*server\s+\S+\s+([^:\s]+):(\d+)/gm)].map((m) => m[1]!);
    for (const host of backends) if (!webs.some(([name]) => name === host)) problems.push(`haproxy.cfg: server ${host} is no web service`);
    for (const [name] of webs) if (!backends.includes(name)) problems.push(`haproxy.cfg: web service ${name} gets no traffic`);
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../deploy/compose.yaml'));
  const problems = checkCompose(readFileSync(file, 'utf8'), readFileSync(join(dirname(file), 'haproxy.cfg'), 'utf8'));
  for (const p of problems) console.error(`${file}: ${p}`);
  if (problems.length === 0) console.log(`${file}: ok`);
  process.exit(problems.length ? 1 : 0);
}
