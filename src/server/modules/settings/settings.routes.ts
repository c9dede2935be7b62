import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/common.js';
import { settingBody, settingView } from '../../../contract/settings.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/auth-guard.js';
import type { AppContext } from '../../app.js';

export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services, guards }) => {
  app.addHook('onRequest', guards.requireAdmin);
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get('/su/settings', { schema: { ...common, response: { 200: envelope(z.array(settingView)) } } }, async () =>
    ok(await services.settings.list()),
  );

  app.post('/su/settings', { schema: { ...common, body: settingBody, response: { 200: envelope(settingView) } } }, async (req) =>
    ok(await services.settings.save(currentUser(req), req.body)),
  );
};
