import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The app's helmet settings (CSP of SPEC's SPA: own scripts only, inline styles for Mantine, no framing). */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // blob: photos read with the bearer token into object URLs (issue 16).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // 'wasm-unsafe-eval': the camera's barcode reader is WebAssembly (our own file; no eval of JavaScript, issue 28).
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * Helmet's headers on every answer (routes, errors, the 404s): helmet's own middleware, built once
 * at start-up and run on each request's real response, as helmet documents for any Node server.
 * @fastify/helmet builds the whole middleware again on every request (≈ 100 µs a request here,
 * more than the rest of /api/health; issue 23's closing note), so the app does not use it.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = helmetOptions) {
  const setHeaders = helmet(options);
  // helmet types its `next` as taking `unknown`; it only ever passes an Error (or nothing), as `done` takes.
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, done as (error?: unknown) => void));
}
