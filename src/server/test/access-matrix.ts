// What the access matrix (modules/access/brand-access.matrix.test.ts, issue 25) needs besides the
// app: the routes with the access the server registered for each, a fingerprint of every table, a
// session without the login route (whose per-address limit a matrix of this size would trip), and
// one customer's worth of objects (a return, photos, a parcel, a task with a file).
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { API_PATHS, fillPath, type RouteName } from '../../contract/api-paths.js';
import type { RouteAccess } from '../http/auth-guard.js';
import { queryRows, type Db } from '../db/client.js';
import { randomUUID } from 'node:crypto';
import {
  billingClosedMonths,
  reportSchedules,
  sessions,
  tasks,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../db/schema/index.js';
import { newToken, sha256 } from '../lib/crypto.js';
import { plainImage } from './images.js';
import { enqueueReturnTask, makeReturnFixture } from './integration-fixtures.js';
import { call } from './test-app.js';

/** Every route of the contract table with the access its plugin registered (the OpenAPI `x-access`). */
export function registeredAccess(app: FastifyInstance): Map<RouteName, RouteAccess> {
  const doc = app.swagger() as { paths: Record<string, Record<string, { 'x-access'?: RouteAccess }>> };
  const out = new Map<RouteName, RouteAccess>();
  for (const name of Object.keys(API_PATHS) as RouteName[]) {
    const { method, path } = API_PATHS[name];
    const openApiPath = `/api${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    const access = doc.paths[openApiPath]?.[method.toLowerCase()]?.['x-access'];
    if (access) out.set(name, access);
  }
  return out;
}

/** A hash of every table's rows: equal before and after means the call wrote nothing anywhere. */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const parts = tables.map(
    ({ name }) =>
      sql`SELECT ${name}::text AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash FROM ${sql.identifier(name)} t`,
  );
  const rows = await queryRows<{ name: string; hash: string }>(db, sql.join(parts, sql` UNION ALL `));
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/** A live session for the user, written directly (the login route is tested on its own). */
export async function sessionToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ userId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + 3600_000) });
  return token;
}

/** The month of every customer's closed billing statement in the matrix. */
export const CLOSED_MONTH = '2026-10';

/** One customer's objects, made through the real routes by its operator where a route makes them. */
export async function customerObjects(app: FastifyInstance, db: Db, now: Date) {
  const f = await makeReturnFixture(db);
  const opToken = await sessionToken(db, f.user.id, now);
  const upload = async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/photos?customer_id=${f.customer.id}`,
      payload: await plainImage('jpeg'),
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${opToken}` },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return (res.json() as { message: { id: number } }).message.id;
  };
  const photoId = await upload();
  const parcelPhoto = await upload();
  const intake = await call(app, 'POST', '/api/parcels', {
    token: opToken,
    body: {
      tracking_number: `1ZBR${f.customer.id}X${Date.now().toString(36).toUpperCase()}`,
      customer_id: f.customer.id,
      location: 'A1',
      photo_ids: [parcelPhoto],
    },
  });
  if (intake.status !== 200) throw new Error(JSON.stringify(intake.body));
  const parcelId = intake.body.message.id as number;
  const taskId = await enqueueReturnTask(db, now, f, 'SGL Outbound');
  await db.update(tasks).set({ fileName: 'return.xml', fileContent: '<return/>' }).where(eq(tasks.id, taskId));
  // The portal's billing statement (a closed month) and a schedule made in the portal (issue 25).
  await db
    .insert(billingClosedMonths)
    .values({ customerId: f.customer.id, month: CLOSED_MONTH, currency: 'EUR', totalMinor: 0, closedBy: 'admin', closedAt: now });
  const [schedule] = await db
    .insert(reportSchedules)
    .values({
      customerId: f.customer.id,
      frequency: 'Daily',
      timeOfDay: '06:00',
      recipients: ['returns@brand.example'],
      formats: ['CSV'],
      portal: true,
      createdBy: 'brand',
      startsAt: now,
    })
    .returning({ id: reportSchedules.id });
  // A webhook endpoint with one delivered event, for the portal's Integrations (issue 26 in the portal).
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      customerId: f.customer.id,
      url: `https://hooks.example.com/c${f.customer.id}`,
      eventTypes: ['return.received'],
      secretSealed: 'sealed',
      createdBy: 'admin',
    })
    .returning({ id: webhookEndpoints.id });
  const eventId = randomUUID();
  await db.insert(webhookEvents).values({ id: eventId, customerId: f.customer.id, eventType: 'return.received', data: { ok: true } });
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint!.id, eventId, status: 'delivered', attempts: 1, giveUpAt: now, deliveredAt: now })
    .returning({ id: webhookDeliveries.id });
  return {
    webhookId: endpoint!.id,
    deliveryId: delivery!.id,
    closedMonth: CLOSED_MONTH,
    scheduleId: schedule!.id,
    customerId: f.customer.id,
    returnId: f.ret.id,
    orderId: f.order.id,
    photoId,
    parcelId,
    parcelPhotoId: parcelPhoto,
    taskId,
    operator: f.user,
    opToken,
  };
}
export type CustomerObjects = Awaited<ReturnType<typeof customerObjects>>;

/** A path parameter of a route filled with this customer's object of that kind (any id for the rest). */
export function fillRoute(name: RouteName, o: CustomerObjects, userId: number): string {
  const { path } = API_PATHS[name];
  const values: Record<string, string | number> = {
    customerId: o.customerId,
    returnId: o.returnId,
    orderId: o.orderId,
    photoId: o.parcelPhotoId,
    size: 'thumb',
    source: 'Biztalk',
    token: 'not-a-token',
    setting_key: 'PUBLIC_URL',
    optId: 1,
    connId: 1,
    dispId: 1,
    ruleId: 1,
  };
  const id = path.startsWith('/su/customers/')
    ? o.customerId
    : path.startsWith('/parcels/')
      ? o.parcelId
      : path.startsWith('/photos/')
        ? o.photoId
        : path.startsWith('/su/tasks/') || path.startsWith('/tasks/')
          ? o.taskId
          : path.startsWith('/su/users/')
            ? userId
            : path.startsWith('/returns/')
              ? o.returnId
              : 1;
  return `/api${fillPath(path, { ...values, id })}`;
}
