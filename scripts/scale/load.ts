// The scale test's mixed load: several clients, each logged in once, share a fixed number of requests
// — submits (every other with a photo), searches, history pages, order imports and corrections — and
// retry what was not acknowledged the way a browser or a partner would (the same draft, the same file,
// a correction re-read at its latest version), so that "acknowledged" means "must be stored once".
import { draftFor } from '../../src/server/test/receiving-fixtures.js';

type MadeOrder = Parameters<typeof draftFor>[1];
type Answer = { status: number; body: { message: any } | undefined };

export interface LoadOptions {
  base: string;
  requests: number;
  clients: number;
  customerId: number;
  made: MadeOrder;
  operator: { username: string; password: string };
  admin: { username: string; password: string };
  image: Buffer;
  /** The load goes on past `requests` until this says the planned faults have all happened. */
  faultsDone: () => boolean;
}

export interface LoadResult {
  sent: number;
  statuses: Record<string, number>;
  /** draft id → return id */
  acknowledged: Map<string, number>;
  /** return id → its photo */
  photosOf: Map<number, number>;
  /** return id → the versions its acknowledged corrections made */
  corrections: Map<number, number[]>;
  importedOrders: string[];
  ownWriteMisses: number;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const r: LoadResult = {
    sent: 0,
    statuses: {},
    acknowledged: new Map(),
    photosOf: new Map(),
    corrections: new Map(),
    importedOrders: [],
    ownWriteMisses: 0,
  };
  const count = (key: string | number) => (r.statuses[key] = (r.statuses[key] ?? 0) + 1);
  const send = async (method: string, path: string, token?: string, body?: unknown, ip = '10.0.0.1'): Promise<Answer> => {
    r.sent++;
    try {
      const res = await fetch(`${o.base}${path}`, {
        method,
        headers: {
          'content-type': Buffer.isBuffer(body) ? 'image/jpeg' : 'application/json',
          'x-forwarded-for': ip,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
      });
      count(res.status);
      if (res.status >= 500 && !(res.status === 503 && res.headers.get('retry-after'))) count(`${res.status} (no Retry-After)`);
      return { status: res.status, body: (await res.json().catch(() => undefined)) as Answer['body'] };
    } catch {
      count('no answer');
      return { status: 0, body: undefined };
    }
  };
  /** Sends until the answer is 200 (at most 100 tries), as a client that must get its write through. */
  const until200 = async (attempt: () => Promise<Answer>): Promise<Answer | undefined> => {
    for (let i = 0; i < 100; i++) {
      const res = await attempt();
      if (res.status === 200) return res;
      await pause(100);
    }
    return undefined;
  };
  const login = async (who: { username: string; password: string }, ip: string) => {
    for (;;) {
      const res = await send('POST', '/auth/login', undefined, { username: who.username, password: who.password }, ip);
      if (res.status === 200) return res.body!.message.token as string;
      await pause(100);
    }
  };

  const submit = async (i: number, token: string, ip: string) => {
    const photo = i % 2 === 0 ? await until200(() => send('POST', `/photos?customer_id=${o.customerId}`, token, o.image, ip)) : undefined;
    const photoId = photo?.body!.message.id as number | undefined;
    const draft = draftFor(o.customerId, o.made, { reference_1: `SCALE-${i}`, ...(photoId ? { photo_ids: [photoId] } : {}) });
    const saved = await until200(() => send('POST', '/returns', token, draft, ip));
    if (!saved) return;
    const id = saved.body!.message.id as number;
    r.acknowledged.set(draft.id, id);
    if (photoId) r.photosOf.set(id, photoId);
    // The caller's own write, read back at once (the replica may lag: the server must not let it show).
    const view = await send('GET', `/returns/${id}/order/${o.made.order.id}`, token, undefined, ip);
    const listed = await send('GET', `/returns?search[id]=${id}`, token, undefined, ip);
    if (view.status === 200 && listed.status === 200 && !(listed.body!.message.data as { id: number }[]).some((x) => x.id === id))
      r.ownWriteMisses++;
  };

  const importOrder = async (i: number, token: string, ip: string) => {
    const number = `SCALE-IMP-${i}`;
    const content =
      'source_id,delivery_number,order_number,order_type,order_status,delivery_name_1,line_number,quantity,sku,name_1\n' +
      `SCALE-SRC-${i},${900000 + i},${number},Web,New,Scale Client,1,2,SCALE-SKU-${i % 7},Scale product ${i % 7}\n`;
    const done = await until200(() => send('POST', `/su/customers/${o.customerId}/orders/import`, token, { format: 'csv', content }, ip));
    if (done && (done.body!.message.errors as unknown[]).length === 0) r.importedOrders.push(number);
  };

  /** Corrects an acknowledged return: +1 on its first line, at the version it reads; a lost answer is found by its comment. */
  const correct = async (i: number, token: string, ip: string) => {
    const ids = [...r.acknowledged.values()];
    const returnId = ids[i % Math.max(ids.length, 1)];
    if (returnId === undefined) return;
    const comment = `scale correction ${i}`;
    for (let attempt = 0; attempt < 100; attempt++) {
      const view = await send('GET', `/returns/${returnId}/order/${o.made.order.id}`, token, undefined, ip);
      if (view.status !== 200) {
        await pause(100);
        continue;
      }
      const v = view.body!.message as {
        version: number;
        versions: { version: number; comment: string | null }[];
        lines: { id: number; quantity: number; condition: string; reason: string }[];
      };
      const landed = v.versions.find((x) => x.comment === comment);
      if (landed) return void r.corrections.set(returnId, [...(r.corrections.get(returnId) ?? []), landed.version]);
      const lines = v.lines.map((l, n) => ({
        id: l.id,
        quantity: l.quantity + (n === 0 ? 1 : 0),
        condition: l.condition,
        reason: l.reason,
      }));
      const res = await send('POST', `/su/returns/${returnId}/corrections`, token, { version: v.version, comment, lines }, ip);
      if (res.status === 200)
        return void r.corrections.set(returnId, [...(r.corrections.get(returnId) ?? []), res.body!.message.version as number]);
      if (res.status !== 409) await pause(100);
    }
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: o.clients }, async (_, c) => {
      const ip = `10.0.1.${c + 1}`;
      const token = await login(o.operator, ip);
      const adminToken = await login(o.admin, ip);
      while (next < o.requests || !o.faultsDone()) {
        const i = next++;
        const kind = i % 20;
        if (kind < 6) await submit(i, token, ip);
        else if (kind < 11) await send('PUT', `/returns/search/${o.customerId}`, token, { search: o.made.order.orderNumber }, ip);
        else if (kind < 17) await send('GET', `/returns?page=${1 + (i % 3)}`, token, undefined, ip);
        else if (kind < 18) await importOrder(i, adminToken, ip);
        else await correct(i, adminToken, ip);
      }
    }),
  );
  return r;
}
