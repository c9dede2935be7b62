import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../http/contract-route.js';
import { databaseUnavailable, ok } from '../../http/envelope.js';
import type { Database } from '../../db/client.js';

/** Health needs nothing; readiness pings the database. */
export interface SystemRoutesOptions {
  database: Pick<Database, 'ping'>;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { database }) => {
  const route = contractRoutes(app);
  // Probes call these every few seconds: their request lines would drown the log and cost more
  // than the answer itself (issue 13). Failures of /ready are still logged as errors.
  const probe = { access: 'public', tags: ['system'], options: { logLevel: 'warn' } } as const;

  route('health', { ...probe, handler: async () => ok('up') });

  route('ready', {
    ...probe,
    handler: async (req, reply) => {
      try {
        await database.ping();
        return ok('ready');
      } catch (error) {
        req.log.error({ err: error }, 'database not reachable');
        return databaseUnavailable(reply);
      }
    },
  });
};
