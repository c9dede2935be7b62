import rateLimit, { type FastifyRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';

/** API requests one address may make a minute; routes may set a tighter limit (the auth routes do). */
export const API_REQUESTS_PER_MINUTE = 600;
/** What one address may send a minute to each public auth route (login, reset): they are what attackers try. */
export const AUTH_REQUESTS_PER_MINUTE = 20;

/**
 * A Redis command that has not answered by then is given up on: the request goes on without the
 * limit rather than waiting (docs/decisions.md, "Rate limits across nodes").
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Probes and the SPA's files are never limited: a load balancer must always see the truth. */
function notLimited(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/health') || url.startsWith('/api/ready');
}

/**
 * The rate-limit plugin's options: counts in Redis when one is given (shared by every web process,
 * the plugin's documented Redis store), else in this process's memory. A store error lets the
 * request through (`skipOnError`); the Redis client below logs the outage.
 */
export function rateLimitOptions(redis: Redis | undefined, keyPrefix: string): FastifyRateLimitOptions {
  return {
    global: true,
    max: API_REQUESTS_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (req: FastifyRequest) => notLimited(req.url),
    ...(redis ? { redis, nameSpace: keyPrefix, skipOnError: true } : {}),
  };
}

/**
 * A client that fails fast while Redis is away (no offline queue, a short command timeout) and
 * says so once per outage in the log, not once per request.
 */
export function openRateLimitRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    // The INFO check at connect would run under the command timeout too, and a busy event loop
    // (a boot) would turn it into a false outage; a Redis still loading answers errors, which fail open.
    enableReadyCheck: false,
  });
  let reachable = true;
  redis.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    log.warn({ err: error }, 'Redis not reachable: rate limits are not enforced until it is back');
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info('Redis reachable again: rate limits enforced');
  });
  return redis;
}

/** Registers the limits on `app`; the Redis client (when REDIS_URL is set) closes with the app. */
export async function registerRateLimits(app: FastifyInstance, config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>) {
  const redis = config.REDIS_URL ? openRateLimitRedis(config.REDIS_URL, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => redis.disconnect());
    await firstConnectAttempt(redis);
  }
  await app.register(rateLimit, rateLimitOptions(redis, config.REDIS_KEY_PREFIX));
}

/**
 * Resolves once the client is connected or its first attempt has failed (at most connectTimeout):
 * a node started while Redis is up counts from its first request instead of letting the requests
 * of its first milliseconds through uncounted.
 */
function firstConnectAttempt(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    };
    redis.on('ready', settle);
    redis.on('error', settle);
  });
}
