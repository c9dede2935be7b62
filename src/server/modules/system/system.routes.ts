import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/common.js';
import { databaseUnavailable, ok } from '../../http/envelope.js';
import type { Database } from '../../db/client.js';

/** Health needs nothing; readiness pings the database. */
export interface SystemRoutesOptions {
  database: Pick<Database, 'ping'>;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { database }) => {
  // Probes call these every few seconds: their request lines would drown the log and cost more
  // than the answer itself (issue 13). Failures of /ready are still logged as errors.
  const probe = { logLevel: 'warn' as const };
  app.get('/health', { ...probe, schema: { tags: ['system'], response: { 200: envelope(z.string()) } } }, async () => ok('up'));

  app.get('/ready', { ...probe, schema: { tags: ['system'], response: { 200: envelope(z.string()) } } }, async (_req, reply) => {
    try {
      await database.ping();
      return ok('ready');
    } catch (error) {
      _req.log.error({ err: error }, 'database not reachable');
      return databaseUnavailable(reply);
    }
  });
};
