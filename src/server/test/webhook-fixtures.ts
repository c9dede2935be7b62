import type { FastifyInstance } from 'fastify';
import { sendJson, startHttpPartner, untilCallerHangsUp } from './integration-servers.js';
import { call } from './test-app.js';

/**
 * A webhook receiver on 127.0.0.1 (node:http): it records every request and answers each with the
 * next scripted reply ('hang' never answers), then 200 once the script is used up.
 */
export async function startWebhookReceiver() {
  const script: (number | 'hang')[] = [];
  const server = await startHttpPartner(async (_req, res) => {
    const next = script.shift() ?? 200;
    if (next === 'hang') return untilCallerHangsUp(res);
    sendJson(res, next, next < 300 ? { ok: true } : { error: `scripted ${next}`, detail: 'x'.repeat(2000) });
  });
  return {
    ...server,
    /** Replies for the next requests, in order. */
    answer: (...replies: (number | 'hang')[]) => script.push(...replies),
    /** Forgets the replies not used yet. */
    reset: () => void script.splice(0),
    /** The deliveries received, as the receiver saw them (raw body, parsed event). */
    events: () =>
      server.requests.map((r) => ({
        headers: r.headers,
        body: r.body,
        event: JSON.parse(r.body) as { id: string; type: string; data: any },
      })),
  };
}

/** Registers an endpoint through the admin route; answers its id and its secret (shown once). */
export async function registerEndpoint(app: FastifyInstance, adminToken: string, customerId: number, url: string, eventTypes: string[]) {
  const res = await call(app, 'POST', `/api/su/customers/${customerId}/webhooks`, {
    token: adminToken,
    body: { url, event_types: eventTypes },
  });
  if (res.status !== 200) throw new Error(`endpoint not created: ${JSON.stringify(res.body)}`);
  return res.body.message as { id: number; secret: string };
}
