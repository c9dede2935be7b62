import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WEBHOOK_MSG } from '../../../contract/webhooks.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { WebhooksService } from './webhooks.service.js';

/** What these routes need, handed in by the admin wiring. */
export interface WebhooksRoutesOptions {
  guards: Guards;
  webhooks: WebhooksService;
}

export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (app, { guards, webhooks }) => {
  const route = contractRoutes(app, guards);
  // An admin's (the customer drawer's Integrations) and the customer's brand users' (the portal's
  // Integrations, issue 25): `portal` lets a session through the guard, the service refuses
  // operators and another customer's endpoint; a brand user's change goes to the audit trail.
  const common = {
    access: 'portal',
    tags: ['webhooks'],
    description: 'For an admin or a brand user of the customer; an operator gets 403 (integrations are the admin’s).',
  } as const;

  route('listWebhooks', {
    ...common,
    summary: "A customer's webhook endpoints",
    handler: async (req) => ok(await webhooks.list(currentUser(req), req.params.id)),
  });
  route('createWebhook', {
    ...common,
    summary: 'Register a webhook endpoint; the answer carries its signing secret, shown this once',
    handler: async (req) => ok(await webhooks.create(currentUser(req), req.params.id, req.body)),
  });
  route('updateWebhook', {
    ...common,
    summary: 'Change an endpoint, pause it (active: false) or resume it (active: true)',
    handler: async (req) => ok(await webhooks.update(currentUser(req), req.params.id, req.body)),
  });
  route('deleteWebhook', {
    ...common,
    summary: 'Delete an endpoint and its delivery log',
    handler: async (req) => {
      await webhooks.remove(currentUser(req), req.params.id);
      return ok(WEBHOOK_MSG.deleted);
    },
  });
  route('rollWebhookSecret', {
    ...common,
    summary: 'Make a new signing secret (shown this once); the previous one signs too for 24 hours',
    handler: async (req) => ok(await webhooks.rollSecret(currentUser(req), req.params.id)),
  });
  route('listWebhookDeliveries', {
    ...common,
    summary: "An endpoint's deliveries, newest first, with every attempt",
    handler: async (req) => ok(await webhooks.deliveries(currentUser(req), req.params.id, req.query.before_id)),
  });
  route('redeliverWebhook', {
    ...common,
    summary: 'Send one delivery (from_id) or a range (from_id … to_id) again, with the same event ids',
    handler: async (req) => ok(await webhooks.redeliver(currentUser(req), req.params.id, req.body)),
  });
  route('testWebhook', {
    ...common,
    summary: 'Send a webhook.test event to this endpoint',
    handler: async (req) => ok(await webhooks.sendTest(currentUser(req), req.params.id)),
  });
};
