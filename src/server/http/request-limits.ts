import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Limits that apply before any route runs: an over-long URL is a 414, a known path asked with a
 * method it does not have is a 405 with `Allow`. Both answer in the `{ code, message }` envelope.
 */

/**
 * Longest URL answered normally. Node refuses a request line plus headers over its
 * `maxHeaderSize` (16 KB) with a 431 of its own; below that, this cap answers 414.
 */
export const MAX_URL_LENGTH = 8 * 1024;

export function registerUrlLengthLimit(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and needs no promise (issue 13).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.url && request.raw.url.length > MAX_URL_LENGTH) {
      void reply.status(414).send({ code: 414, message: `The URL is too long (at most ${MAX_URL_LENGTH} characters).` });
      return;
    }
    done();
  });
}

const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );

/**
 * Records every route's method and path as routes are added, so a request that matched no route
 * can be told which methods its path does have. Call before registering routes.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    routes.push({ pattern: patternOf(route.url), methods });
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) for (const m of route.methods) allowed.add(m);
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  };
}

/** Answers 405 with `Allow` when the path exists under other methods; false when it does not exist. */
export function answerMethodNotAllowed(request: FastifyRequest, reply: FastifyReply, allowed: string[]): boolean {
  if (!allowed.length || allowed.includes(request.method)) return false;
  void reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ code: 405, message: `${request.method} is not allowed here; use ${allowed.join(', ')}.` });
  return true;
}
