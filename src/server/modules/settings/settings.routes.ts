import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/common.js';
import { settingBody, settingKeyParams, settingView } from '../../../contract/settings.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { SettingsService } from './settings.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface SettingsRoutesOptions {
  guards: Guards;
  settings: SettingsService;
}

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { guards, settings }) => {
  app.addHook('onRequest', guards.requireAdmin);
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get('/su/settings', { schema: { ...common, response: { 200: envelope(z.array(settingView)) } } }, async (req) =>
    ok(await settings.list(currentUser(req))),
  );

  app.post('/su/settings', { schema: { ...common, body: settingBody, response: { 200: envelope(settingView) } } }, async (req) =>
    ok(await settings.save(currentUser(req), req.body)),
  );

  app.delete(
    '/su/settings/:setting_key',
    {
      schema: {
        ...common,
        summary: 'Clear a system setting on purpose (the counter excepted)',
        params: settingKeyParams,
        response: { 200: envelope(settingView) },
      },
    },
    async (req) => ok(await settings.clear(currentUser(req), req.params.setting_key)),
  );
};
