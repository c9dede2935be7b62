import type { FastifyInstance } from 'fastify';

/** Answers that carry tokens or account data: never kept by a browser or a proxy cache. */
const NO_STORE_PREFIXES = ['/api/auth/', '/api/account/'];

export function registerNoStore(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer and needs no promise (issue 13).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (NO_STORE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
