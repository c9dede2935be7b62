import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The app's helmet settings (CSP of SPEC's SPA: own scripts only, inline styles for Mantine, no framing). */
export const helmetOptions: FastifyHelmetOptions = {
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
 * Helmet's headers on every answer (routes, errors, the 404s), through @fastify/helmet. Issue 13
 * had computed them once against a stand-in response to save helmet's per-request set-up; issue 23
 * went back to the plugin's public API (its cost on /api/health: bench/issue-23.results.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions = helmetOptions) {
  await app.register(fastifyHelmet, options);
}
