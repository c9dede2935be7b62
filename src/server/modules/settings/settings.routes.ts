import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { SettingsService } from './settings.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface SettingsRoutesOptions {
  guards: Guards;
  settings: SettingsService;
}

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { guards, settings }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'admin', tags: ['admin'] } as const;

  route('listSettings', { ...common, handler: async (req) => ok(await settings.list(currentUser(req))) });
  route('saveSetting', { ...common, handler: async (req) => ok(await settings.save(currentUser(req), req.body)) });
  route('clearSetting', {
    ...common,
    summary: 'Clear a system setting on purpose (the counter excepted)',
    handler: async (req) => ok(await settings.clear(currentUser(req), req.params.setting_key)),
  });
};
