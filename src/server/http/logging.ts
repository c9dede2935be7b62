import type { FastifyRequest } from 'fastify';

/** Paths whose last segment is a credential (reset links, signed file links) are logged without it. */
export function redactUrl(url: string): string {
  return url.replace(/^(\/auth\/password\/[^/]+\/)[^/?#]+/, '$1[redacted]').replace(/^(\/api\/files\/)[^/?#]+/, '$1[redacted]');
}

/** JSON request logs (pino); never a header, a body or a token. */
export function httpLoggerOptions(level: string) {
  return {
    level,
    serializers: {
      req(req: FastifyRequest) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}
