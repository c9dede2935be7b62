import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The app's helmet settings (CSP of SPEC's SPA: own scripts only, inline styles for Mantine, no framing). */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // blob: photos read with the bearer token into object URLs (issue 16).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * Runs helmet once against a recording response and answers the headers it sets. None of them
 * depends on the request (no CSP nonces), so they are the same for every answer.
 */
export function computeSecurityHeaders(options: HelmetOptions = helmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Helmet's headers on every answer, computed at start-up. @fastify/helmet rebuilt the helmet
 * middleware and serialised the CSP on each request (10% of a /api/health profile, issue 13).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = helmetOptions) {
  const headers = computeSecurityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
