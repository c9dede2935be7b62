// The login throttle across the two web processes, probed while the scale test's load and faults run
// (issue 29): failed logins sent straight to web1 and web2 in turn (not through HAProxy, which could
// send them all to one), from an address of the probe's own, until the first 429. One process would
// allow N before it; two processes that each counted on their own would allow about 2N.
// Two throttles answer a login (docs/operations.md "Rate limits"):
//  * the account lockout, one username's failures (LOGIN_MAX_FAILURES), kept in the database;
//  * the request limit of the auth routes, one address's requests a minute (AUTH_REQUESTS_PER_MINUTE),
//    kept in Redis (REDIS_URL): the one that was per process before issue 29.
// The address probe sends each attempt for another username, so no account lockout answers it. The
// address lockout (4 × LOGIN_MAX_FAILURES failures) is in the database and would also refuse the 21st,
// so its 429 must be the rate limiter's (x-ratelimit-limit) and the counts it announces
// (x-ratelimit-remaining) one shared countdown across both processes.
// While a try runs the chaos kills no web process (it still kills workers; a web restart takes
// 15–50 s on a busy 2-core machine, longer than the gaps between kills). A try that a fault disturbs
// all the same (a process killed just before, a 503 of the PgBouncer restart, a Redis that did not
// answer in time) is thrown away and made again from a new address with a new username: its requests
// may have been counted or not.
import { MSG } from '../../src/contract/messages.js';

export interface ThrottleFinding {
  /** Wrong-password answers (401) before the first 429. */
  allowed: number;
  /** Of those, how many each web process answered. */
  perNode: number[];
  /** The 429's Retry-After (seconds), its message and its x-ratelimit-limit (only the rate limiter sets it). */
  retryAfter: string | null;
  message: string | undefined;
  limiterLimit: string | null;
  /** x-ratelimit-remaining of each allowed answer, in order. */
  remaining: number[];
  /** Tries thrown away because a fault disturbed them. */
  spoiled: number;
}

export interface ThrottleProbeOptions {
  webPorts: number[];
  /** A username of its own for each try of the account probe (a real account). */
  newUsername(): Promise<string>;
  /** Tries before giving up (each is thrown away when a fault disturbs it). */
  tries?: number;
  /** Runs a try with both web processes spared by the chaos (topology.ts), once both are ready. */
  sparingWeb<T>(fn: () => Promise<T>): Promise<T>;
}

type Kind = 'account' | 'address';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
let addresses = 0;

async function bothReady(ports: number[]): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const up = await Promise.all(
      ports.map((p) =>
        fetch(`http://127.0.0.1:${p}/api/ready`)
          .then((r) => r.ok)
          .catch(() => false),
      ),
    );
    if (up.every(Boolean)) return;
    await pause(100);
  }
  throw new Error('the web processes were not both ready for a minute');
}

/** One undisturbed try, or undefined when a fault disturbed it. */
async function once(kind: Kind, limit: number, o: ThrottleProbeOptions): Promise<Omit<ThrottleFinding, 'spoiled'> | undefined> {
  const ip = `10.0.8.${++addresses}`;
  const username = kind === 'account' ? await o.newUsername() : '';
  const found = { allowed: 0, perNode: o.webPorts.map(() => 0), remaining: [] as number[] };
  for (let i = 0; found.allowed <= limit * o.webPorts.length + 2; i++) {
    const node = i % o.webPorts.length;
    const res = await fetch(`http://127.0.0.1:${o.webPorts[node]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username: kind === 'account' ? username : `scale-nobody-${ip}-${i}`, password: 'not the password' }),
    }).catch(() => undefined);
    if (!res) return undefined;
    if (res.status === 429) {
      const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
      return {
        ...found,
        retryAfter: res.headers.get('retry-after'),
        message: body?.message,
        limiterLimit: res.headers.get('x-ratelimit-limit'),
      };
    }
    await res.arrayBuffer();
    if (res.status !== 401) return undefined;
    found.allowed++;
    found.perNode[node]!++;
    const remaining = res.headers.get('x-ratelimit-remaining');
    // The whole allowance left after a request: Redis did not answer in time and the limiter let it
    // through uncounted (it fails open by design, rate-limits.test.ts): a disturbed try, not a finding.
    if (kind === 'address' && remaining === String(limit)) return undefined;
    if (remaining !== null) found.remaining.push(Number(remaining));
  }
  // Far past the limit without a 429: not global (or not enforced); the verdict says so.
  return { ...found, retryAfter: null, message: undefined, limiterLimit: null };
}

/** Probes until one try runs undisturbed; undefined when none did in `tries`. */
export async function probeThrottle(kind: Kind, limit: number, o: ThrottleProbeOptions): Promise<ThrottleFinding | undefined> {
  let spoiled = 0;
  for (let t = 0; t < (o.tries ?? 8); t++) {
    // Waits for both outside the spared time, so the chaos kills web processes meanwhile as usual.
    await bothReady(o.webPorts);
    const found = await o.sparingWeb(() => once(kind, limit, o));
    if (found) return { ...found, spoiled };
    spoiled++;
  }
  return undefined;
}

/** What is wrong with a finding, for the verdict (empty when the throttle held as on one process). */
export function throttleFailures(name: string, limit: number, f: ThrottleFinding | undefined, expectLimiter: boolean): string[] {
  if (!f) return [`the ${name} throttle probe was disturbed on every try`];
  const failures: string[] = [];
  if (f.allowed !== limit)
    failures.push(`the ${name} throttle let ${f.allowed} failed logins through across two web processes, not ${limit}`);
  if (f.perNode.some((n) => n === 0)) failures.push(`the ${name} throttle probe did not reach both web processes`);
  if (!(Number(f.retryAfter) > 0)) failures.push(`the ${name} throttle's 429 has no Retry-After`);
  // The lockout's own answer, not the rate limiter's, says the account is locked.
  if (!expectLimiter && f.message !== MSG.tooManyAttempts) failures.push(`the ${name} throttle's 429 is not the account lockout's`);
  if (expectLimiter) {
    if (f.limiterLimit !== String(limit)) failures.push(`the ${name} throttle's 429 is not the shared rate limiter's`);
    const countdown = Array.from({ length: limit }, (_, i) => limit - 1 - i);
    if (JSON.stringify(f.remaining) !== JSON.stringify(countdown))
      failures.push(`the ${name} throttle's remaining counts are not one countdown across both processes: ${f.remaining.join(',')}`);
  }
  return failures;
}
