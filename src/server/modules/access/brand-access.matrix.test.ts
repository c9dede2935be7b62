// The brand user's access matrix (issue 25), generated from the route table: every route of
// src/contract/api-paths.ts with the access its plugin registered, called by a brand user and by an
// operator, each with its own customer's objects and with another customer's. A route the portal
// does not list here is the warehouse's: 403 for a brand user, and not a row of any table changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, type RouteName } from '../../../contract/api-paths.js';
import { MSG } from '../../../contract/messages.js';
import type { RouteAccess } from '../../http/auth-guard.js';
import { makeUser } from '../../test/factories.js';
import {
  customerObjects,
  databaseFingerprint,
  fillRoute,
  registeredAccess,
  sessionToken,
  type CustomerObjects,
} from '../../test/access-matrix.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Side = 'own' | 'other';
type Role = 'brand' | 'operator';

interface PortalCase {
  method?: never;
  /** The URL for these objects (the path parameters and the customer filter). */
  url: (o: CustomerObjects) => string;
  body?: (o: CustomerObjects, email: string) => unknown;
  /** The answer to a caller of that customer. */
  own: number;
  /** The operator's answer for its own customer, when not `own` (billing and schedules are the brand's and the admin's). */
  operator?: number;
  /** Routes of the caller's own account have no other customer: called once. */
  accountOnly?: boolean;
  /** The call ends or replaces the session: it gets a fresh one. */
  freshSession?: boolean;
}

/** The portal: every route a brand user may call, and what it answers. */
const PORTAL: Partial<Record<RouteName, PortalCase>> = {
  refreshToken: { url: () => '/api/account/token', own: 200, accountOnly: true, freshSession: true },
  changePassword: {
    url: () => '/api/account/password',
    body: () => ({ old_password: 'Secret-pass-1', password: 'Brand-new-pass-9', password_confirmation: 'Brand-new-pass-9' }),
    own: 200,
    accountOnly: true,
    freshSession: true,
  },
  setLanguage: { url: () => '/api/account/language', body: () => ({ language: 'de' }), own: 200, accountOnly: true },
  logout: { url: () => '/api/account/logout', own: 200, accountOnly: true, freshSession: true },
  listReturns: { url: (o) => `/api/returns?filter[customer_id]=${o.customerId}`, own: 200 },
  downloadReturns: { url: (o) => `/api/returns/download?filter[customer_id]=${o.customerId}&format=csv`, own: 200 },
  readReturn: { url: (o) => `/api/returns/${o.returnId}/order/${o.orderId}`, own: 200 },
  listDispositions: { url: (o) => `/api/returns/dispositions/${o.customerId}`, own: 200 },
  listParcels: { url: (o) => `/api/parcels?customer_id=${o.customerId}`, own: 200 },
  readParcel: { url: (o) => `/api/parcels/${o.parcelId}`, own: 200 },
  parcelPhoto: { url: (o) => `/api/parcels/${o.parcelId}/photos/${o.parcelPhotoId}/thumb`, own: 200 },
  dashboard: { url: (o) => `/api/dashboard?customer_id=${o.customerId}`, own: 200 },
  photoInfo: { url: (o) => `/api/photos/${o.photoId}`, own: 200 },
  readPhoto: { url: (o) => `/api/photos/${o.photoId}/thumb`, own: 200 },
  requestReport: {
    url: () => '/api/reports',
    body: (o, email) => ({ customer_id: o.customerId, date_from: '2026-11-01', date_to: '2026-11-27', email }),
    own: 200,
  },
  taskDownload: { url: (o) => `/api/tasks/${o.taskId}/download`, own: 200 },
  listBillingStatements: { url: (o) => `/api/portal/billing/statements?customer_id=${o.customerId}`, own: 200, operator: 403 },
  billingStatement: {
    url: (o) => `/api/portal/billing/statement?customer_id=${o.customerId}&month=${o.closedMonth}`,
    own: 200,
    operator: 403,
  },
  exportBillingStatement: {
    url: (o) => `/api/portal/billing/statement/export?customer_id=${o.customerId}&month=${o.closedMonth}&format=csv`,
    own: 200,
    operator: 403,
  },
  listPortalSchedules: { url: (o) => `/api/portal/report-schedules?customer_id=${o.customerId}`, own: 200, operator: 403 },
  createPortalSchedule: {
    url: () => '/api/portal/report-schedules',
    body: (o, email) => ({ customer_id: o.customerId, frequency: 'Daily', time_of_day: '07:00', recipients: [email], formats: ['XLSX'] }),
    own: 200,
    operator: 403,
  },
  setPortalScheduleActive: {
    url: (o) => `/api/portal/report-schedules/${o.scheduleId}/active`,
    body: () => ({ active: false }),
    own: 200,
    operator: 403,
  },
  listDecisions: { url: (o) => `/api/decisions?customer_id=${o.customerId}`, own: 200 },
  dashboardDecisions: { url: (o) => `/api/dashboard/decisions?customer_id=${o.customerId}`, own: 200 },
  // The portal's Integrations (issue 26 for the brand): the admin's routes, a brand user's too; operators 403.
  listWebhooks: { url: (o) => `/api/su/customers/${o.customerId}/webhooks`, own: 200, operator: 403 },
  createWebhook: {
    url: (o) => `/api/su/customers/${o.customerId}/webhooks`,
    body: () => ({ url: `https://hooks.example.com/new-${Date.now()}`, event_types: ['return.received'] }),
    own: 200,
    operator: 403,
  },
  updateWebhook: {
    url: (o) => `/api/su/webhooks/${o.webhookId}`,
    body: (o) => ({ url: `https://hooks.example.com/c${o.customerId}`, event_types: ['return.received', 'return.corrected'] }),
    own: 200,
    operator: 403,
  },
  rollWebhookSecret: { url: (o) => `/api/su/webhooks/${o.webhookId}/roll-secret`, own: 200, operator: 403 },
  listWebhookDeliveries: { url: (o) => `/api/su/webhooks/${o.webhookId}/deliveries`, own: 200, operator: 403 },
  redeliverWebhook: {
    url: (o) => `/api/su/webhooks/${o.webhookId}/redeliver`,
    body: (o) => ({ from_id: o.deliveryId }),
    own: 200,
    operator: 403,
  },
  testWebhook: { url: (o) => `/api/su/webhooks/${o.webhookId}/test`, own: 200, operator: 403 },
  importExpectedReturns: {
    url: (o) => `/api/su/customers/${o.customerId}/expected-returns/import`,
    body: () => {
      const rma = `RMA-M${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      return { format: 'csv', content: `rma,tracking_number,order_reference,sku,upc,quantity,reason\n${rma},,,SKU-1,,1,Too small\n` };
    },
    own: 200,
    operator: 403,
  },
  // Last of the endpoint's: it deletes the brand's endpoint of its own customer.
  deleteWebhook: { url: (o) => `/api/su/webhooks/${o.webhookId}`, own: 200, operator: 403 },
  // Last: it deletes the brand's schedule of its own customer.
  deletePortalSchedule: { url: (o) => `/api/portal/report-schedules/${o.scheduleId}`, own: 200, operator: 403 },
};

/**
 * The brand's own actions (access `brand`, issue 25's decisions): a brand user only. The staff get
 * 403 whatever the customer; a brand user asking for another customer's object gets the seam's 403/404.
 * Called with an id no decision has: the brand user passes the guard and learns 404, staff 403.
 */
const BRAND_ONLY: Partial<Record<RouteName, { url: string; body: unknown; own: number }>> = {
  decideLines: { url: '/api/decisions', body: { decisions: [{ id: 2_000_000_000, disposition: 'X' }] }, own: 404 },
};

/** Routes anyone may call (signing in, probes, signed links): not a matter of the caller's kind. */
const PUBLIC_ACCESS: RouteAccess = 'public';

let t: TestApp;
let own: CustomerObjects;
let other: CustomerObjects;
let brandId: number;
let brandToken: string;
let brandEmail: string;
let access: Map<RouteName, RouteAccess>;
const db = () => t.deps.database.db;
/** Every call of the matrix: route, role, side and status, for the size and the report. */
const calls: { route: RouteName; role: Role; side: Side; status: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  own = await customerObjects(t.app, db(), t.clock.now());
  other = await customerObjects(t.app, db(), t.clock.now());
  const brand = await makeUser(db(), { isBrand: true, customerIds: [own.customerId], email: `buyer.${Date.now()}@brand.example` });
  brandId = brand.id;
  brandEmail = `returns@brand.example`;
  brandToken = await sessionToken(db(), brand.id, t.clock.now());
  access = registeredAccess(t.app);
}, 300_000);
afterAll(() => t.close());

async function send(method: string, url: string, token: string, body?: unknown) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return res;
}

const routeNames = Object.keys(API_PATHS) as RouteName[];

describe('the access matrix of brand users and operators (issue 25)', () => {
  it('knows the access of every route of the contract table', () => {
    expect(routeNames.filter((n) => !access.has(n))).toEqual([]);
    // The portal's list here and the routes the server serves to brand users are the same set.
    const portal = routeNames.filter((n) => access.get(n) === 'portal' || access.get(n) === 'portal-by-statement');
    expect(portal.sort()).toEqual(Object.keys(PORTAL).sort());
    expect(routeNames.filter((n) => access.get(n) === 'brand').sort()).toEqual(Object.keys(BRAND_ONLY).sort());
  });

  it('refuses a brand user every warehouse route with 403, and with another customer key routes with 401, writing nothing', async () => {
    for (const name of routeNames) {
      const kind = access.get(name)!;
      if (kind === PUBLIC_ACCESS || PORTAL[name] || BRAND_ONLY[name]) continue;
      const { method } = API_PATHS[name];
      for (const [side, objects] of [
        ['own', own],
        ['other', other],
      ] as const) {
        // A plausible body (a customer of that side); it is never read: the guard answers first.
        const body = method === 'GET' || method === 'DELETE' ? undefined : { customer_id: objects.customerId, search: 'ON-' };
        const before = await databaseFingerprint(db());
        const res = await send(method, fillRoute(name, objects, brandId), brandToken, body);
        const expected = kind.startsWith('key:') ? 401 : 403;
        expect({ name, side, status: res.statusCode }).toEqual({ name, side, status: expected });
        if (expected === 403) expect(res.json()).toMatchObject({ code: 403, message: MSG.forbidden });
        expect(await databaseFingerprint(db()), `${name} (${side}) wrote nothing`).toEqual(before);
        calls.push({ route: name, role: 'brand', side, status: res.statusCode });
      }
    }
  }, 300_000);

  it('refuses an operator every admin route with 403, writing nothing', async () => {
    for (const name of routeNames.filter((n) => access.get(n) === 'admin')) {
      const { method } = API_PATHS[name];
      for (const [side, objects] of [
        ['own', own],
        ['other', other],
      ] as const) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : { customer_id: objects.customerId };
        const before = await databaseFingerprint(db());
        const res = await send(method, fillRoute(name, objects, own.operator.id), own.opToken, body);
        expect({ name, side, status: res.statusCode }).toEqual({ name, side, status: 403 });
        expect(await databaseFingerprint(db()), `${name} (${side}) wrote nothing`).toEqual(before);
        calls.push({ route: name, role: 'operator', side, status: res.statusCode });
      }
    }
  }, 300_000);

  it("serves the portal's routes to a brand user and an operator for their own customer, 403 for another's, writing nothing then", async () => {
    for (const [name, c] of Object.entries(PORTAL) as [RouteName, PortalCase][]) {
      const { method } = API_PATHS[name];
      for (const role of ['brand', 'operator'] as const) {
        const userId = role === 'brand' ? brandId : own.operator.id;
        for (const side of c.accountOnly ? (['own'] as const) : (['own', 'other'] as const)) {
          const objects = side === 'own' ? own : other;
          const token = c.freshSession ? await sessionToken(db(), userId, t.clock.now()) : role === 'brand' ? brandToken : own.opToken;
          const ownStatus = role === 'operator' ? (c.operator ?? c.own) : c.own;
          const before = side === 'other' || ownStatus >= 400 ? await databaseFingerprint(db()) : undefined;
          const res = await send(method, c.url(objects), token, c.body?.(objects, role === 'brand' ? brandEmail : 'ops@example.com'));
          const expected = side === 'own' ? ownStatus : 403;
          expect({ name, role, side, status: res.statusCode, body: res.statusCode === expected ? '' : res.body }).toEqual({
            name,
            role,
            side,
            status: expected,
            body: '',
          });
          if (before) expect(await databaseFingerprint(db()), `${name} (${role}, ${side}) wrote nothing`).toEqual(before);
          calls.push({ route: name, role, side, status: res.statusCode });
        }
        // A password change ends the user's other sessions: the standing one is made again.
        if (c.freshSession && role === 'brand') brandToken = await sessionToken(db(), brandId, t.clock.now());
        if (c.freshSession && role === 'operator') own.opToken = await sessionToken(db(), own.operator.id, t.clock.now());
      }
    }
  }, 300_000);

  it("serves the brand's own actions to a brand user only: staff get 403 and nothing is written", async () => {
    for (const [name, c] of Object.entries(BRAND_ONLY) as [RouteName, { url: string; body: unknown; own: number }][]) {
      const { method } = API_PATHS[name];
      const before = await databaseFingerprint(db());
      const asBrand = await send(method, c.url, brandToken, c.body);
      expect({ name, status: asBrand.statusCode }).toEqual({ name, status: c.own });
      calls.push({ route: name, role: 'brand', side: 'own', status: asBrand.statusCode });
      const asOperator = await send(method, c.url, own.opToken, c.body);
      expect({ name, status: asOperator.statusCode }).toEqual({ name, status: 403 });
      calls.push({ route: name, role: 'operator', side: 'own', status: asOperator.statusCode });
      expect(await databaseFingerprint(db()), `${name} wrote nothing`).toEqual(before);
    }
  }, 120_000);

  it('reports its size', () => {
    const routes = new Set(calls.map((c) => c.route)).size;
    // Printed for the closing note: routes × roles × own/other.
    console.info(
      `access matrix: ${routes} routes, ${calls.length} calls (brand ${calls.filter((c) => c.role === 'brand').length}, operator ${calls.filter((c) => c.role === 'operator').length})`,
    );
    expect(routes).toBe(routeNames.filter((n) => access.get(n) !== PUBLIC_ACCESS).length);
  });
});
