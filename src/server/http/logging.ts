import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

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

/**
 * One log line a request, when it is answered: method, URL, address, status and time together.
 * Fastify's default writes two ("incoming request" and "request completed"), which with their
 * writes were ~3% of a history page's CPU (issue 13). A route's logLevel still applies (the
 * probes log at warn); errors are logged as before.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The server's request logger: JSON lines to stdout, written in the background in blocks of
 * 4 kB rather than one write(2) a line on the event loop. Pino flushes what is buffered when the
 * process exits (also on process.exit); only a SIGKILL can lose the last block.
 */
export function httpLogger(level: string) {
  return pino(httpLoggerOptions(level), pino.destination({ dest: 1, sync: false, minLength: 4096 }));
}
