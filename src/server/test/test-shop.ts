import { sendJson, startHttpPartner, untilCallerHangsUp } from './integration-servers.js';

/**
 * A web shop on 127.0.0.1 that keeps returns and corrections by Idempotency-Key, as
 * docs/integrations.md asks of it: POST /shop/returns and POST /shop/returns/{id}/corrections
 * (a key seen before answers 200 with the same id and creates nothing), GET /shop/orders?search=.
 */
export function startTestShop(options: { ordersFor?: (search: string | null) => unknown[] } = {}) {
  const byKey = new Map<string, { id: string; path: string; body: unknown }>();
  let mode: 'up' | 'down' | 'slow-after-create' = 'up';
  return startHttpPartner(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'GET' && url.pathname === '/shop/orders') {
      return sendJson(res, 200, { orders: options.ordersFor?.(url.searchParams.get('search')) ?? [] });
    }
    const correction = /^\/shop\/returns\/\d+\/corrections$/.test(url.pathname);
    if (req.method !== 'POST' || (url.pathname !== '/shop/returns' && !correction)) return sendJson(res, 404, {});
    if (mode === 'down') return sendJson(res, 503, { error: 'maintenance' });
    const key = String(req.headers['idempotency-key']);
    const existing = byKey.get(key);
    if (existing) return sendJson(res, 200, { id: existing.id, status: 'received' });
    const created = { id: `${correction ? 'SC' : 'SR'}-${byKey.size + 1}`, path: url.pathname, body: JSON.parse(req.body) };
    byKey.set(key, created);
    if (mode === 'slow-after-create') {
      // Created, but the answer never comes: the caller gives up (its own time limit) and retries.
      mode = 'up';
      return untilCallerHangsUp(res);
    }
    sendJson(res, 201, { id: created.id, status: 'received' });
  }).then((server) => ({ server, byKey, setMode: (m: typeof mode) => (mode = m) }));
}
export type TestShop = Awaited<ReturnType<typeof startTestShop>>;
