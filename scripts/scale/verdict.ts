// What the scale test found after the load: counts read from the database, the outbound folders and
// the webhook receiver, and the failures among them (a return lost or stored twice, an outbound file
// or an event missing or made twice, a 5xx that is not a 503 with Retry-After, an own write missed).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client.js';
import type { Db } from '../../src/server/db/client.js';
import type { LoadResult } from './load.js';
import type { AppNode } from './topology.js';
import type { WebhookReceiver } from './webhook-receiver.js';

const intArray = (ids: Iterable<number>) => `{${[...ids].join(',')}}`;

export async function verdict(
  db: Db,
  o: { customerId: number; dir: string; nodes: AppNode[]; load: LoadResult; receiver: WebhookReceiver; photosReadable: number },
) {
  const perVersion = await versionKeys(db, o.customerId);
  const { load, receiver } = o;
  const ackedIds = [...load.acknowledged.values()];
  const [s] = await queryRows<{
    returns: number;
    drafts: number;
    found: number;
    versions: number;
    tasks: number;
    task_keys: number;
    message_ids: number;
    attempts: number;
    attached: number;
    orders: number;
    events: number;
    event_keys: number;
    undelivered: number;
  }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM returns WHERE customer_id = ${o.customerId}) AS returns,
               (SELECT count(DISTINCT draft_id)::int FROM returns WHERE customer_id = ${o.customerId}) AS drafts,
               (SELECT count(*)::int FROM returns WHERE id = ANY(${intArray(ackedIds)}::int[])) AS found,
               (SELECT count(*)::int FROM return_versions rv JOIN returns r ON r.id = rv.return_id
                 WHERE r.customer_id = ${o.customerId} AND rv.version > 1) AS versions,
               (SELECT count(*)::int FROM tasks WHERE task_type = 'SGL Outbound') AS tasks,
               (SELECT count(DISTINCT (return_id, coalesce((payload->>'version')::int, 1)))::int FROM tasks WHERE task_type = 'SGL Outbound') AS task_keys,
               (SELECT count(DISTINCT payload->>'messageId')::int FROM tasks WHERE task_type = 'SGL Outbound') AS message_ids,
               (SELECT coalesce(max(attempts_count), 0)::int FROM tasks WHERE task_type = 'SGL Outbound') AS attempts,
               (SELECT count(*)::int FROM photos WHERE return_id = ANY(${intArray(load.photosOf.keys())}::int[])) AS attached,
               (SELECT count(*)::int FROM orders WHERE customer_id = ${o.customerId} AND order_number LIKE 'SCALE-IMP-%') AS orders,
               (SELECT count(*)::int FROM webhook_events WHERE event_type IN ('return.received', 'return.corrected')) AS events,
               (SELECT count(DISTINCT (event_type, source->>'returnId', source->>'version'))::int FROM webhook_events
                 WHERE event_type IN ('return.received', 'return.corrected')) AS event_keys,
               (SELECT count(*)::int FROM webhook_deliveries WHERE status <> 'delivered') AS undelivered`,
  );
  const files = o.nodes
    .filter((n) => n.role === 'worker')
    .flatMap((n) => {
      const folder = join(o.dir, n.name, 'ftp', 'scale');
      return existsSync(folder) ? readdirSync(folder).filter((f) => !f.startsWith('.')) : [];
    });
  // Each file on disk named by its task, so by the (return, version) it carries.
  const fileVersions = new Set(files.map((f) => perVersion.versionOfFile.get(f) ?? `unknown file ${f}`));
  const corrections = [...load.corrections.values()].flat().length;
  const received = new Set(receiver.deliveries.map((d) => d.id));
  // One event per return version: the receiver must hold a return.received per return and a
  // return.corrected per correction (version 2, 3, …), whatever it got twice (delivery is at least once).
  const eventVersions = new Set(
    receiver.deliveries.map((d) =>
      d.type === (d.version === 1 ? 'return.received' : 'return.corrected')
        ? `${d.returnId}:${d.version}`
        : `${d.type} of version ${d.version}`,
    ),
  );
  const expectedEvents = s!.returns + s!.versions;
  /** Versions without a task, file or event, plus those that name no version of a return. */
  const missing = (got: Set<string>) =>
    [...perVersion.expected].filter((k) => !got.has(k)).length + [...got].filter((k) => !perVersion.expected.has(k)).length;
  const fiveHundreds = Object.entries(load.statuses)
    .filter(([k]) => k.endsWith('(no Retry-After)'))
    .reduce((n, [, v]) => n + v, 0);
  const report = {
    requests: load.sent,
    statuses: load.statuses,
    'returns acknowledged': load.acknowledged.size,
    'acknowledged returns found': s!.found,
    'returns stored': s!.returns,
    'distinct drafts stored': s!.drafts,
    'corrections acknowledged': corrections,
    'correction versions stored': s!.versions,
    'orders imported (acknowledged)': load.importedOrders.length,
    'imported orders stored': s!.orders,
    'outbound tasks': s!.tasks,
    'outbound tasks per (return, version)': s!.task_keys,
    'distinct message ids': s!.message_ids,
    'most attempts of one outbound task': s!.attempts,
    'return versions (submits + corrections stored)': perVersion.expected.size,
    'outbound tasks not matching a return version (missing or extra)': missing(perVersion.taskVersions),
    'outbound files written (both workers)': files.length,
    'distinct outbound file names': new Set(files).size,
    'outbound files not matching a return version (missing or extra)': missing(fileVersions),
    'webhook events made (received + corrected)': s!.events,
    'webhook events per (type, return, version)': s!.event_keys,
    'webhook deliveries received (with repeats)': receiver.deliveries.length,
    'distinct webhook events received': received.size,
    'webhook versions received': eventVersions.size,
    'webhook versions not matching a return version (missing, extra or wrong type)': missing(eventVersions),
    'webhook deliveries not delivered': s!.undelivered,
    'webhook deliveries with a bad signature': receiver.badSignatures,
    'own writes not seen at once': load.ownWriteMisses,
    'returns acknowledged with a photo': load.photosOf.size,
    'their photos attached in the database': s!.attached,
    'their photos readable from both web processes': o.photosReadable,
  };
  const failures = [
    s!.found !== load.acknowledged.size && 'an acknowledged return is missing',
    s!.returns !== s!.drafts && 'a draft was stored twice',
    s!.returns !== load.acknowledged.size && 'a return was stored that no client saw acknowledged',
    s!.versions !== corrections && 'the correction versions stored are not the corrections acknowledged',
    s!.orders !== load.importedOrders.length && 'an imported order is missing or stored twice',
    s!.tasks !== s!.returns + s!.versions && 'not one outbound task per return version',
    s!.task_keys !== s!.tasks && 'two outbound tasks for one return version',
    s!.message_ids !== s!.tasks && 'two outbound tasks share a message id',
    new Set(files).size !== s!.tasks && 'not one outbound file per return version',
    missing(perVersion.taskVersions) > 0 && 'the outbound tasks are not one per return version',
    missing(fileVersions) > 0 && 'the outbound files are not one per return version',
    missing(eventVersions) > 0 && 'the webhook events received are not one per return version',
    s!.events !== expectedEvents && 'not one webhook event per return version',
    s!.event_keys !== s!.events && 'two webhook events for one return version',
    (received.size !== s!.events || eventVersions.size !== s!.events) && 'the receiver is missing an event',
    s!.undelivered > 0 && 'a webhook delivery was not delivered',
    receiver.badSignatures > 0 && 'a webhook delivery was not signed with the secret',
    fiveHundreds > 0 && 'a 5xx answer other than 503 with Retry-After',
    load.ownWriteMisses > 0 && 'a caller missed its own write',
    s!.attached !== load.photosOf.size && 'a photo of an acknowledged return is not attached',
    o.photosReadable !== load.photosOf.size && 'a photo is not readable from both web processes',
  ].filter((f): f is string => typeof f === 'string');
  return { report, failures };
}

/**
 * Every version a return of the customer has (`returnId:version`: 1 for the submit, 2, 3, … for each
 * correction), and each outbound task's version and file name: a correction is its own version.
 */
async function versionKeys(db: Db, customerId: number) {
  const expected = await queryRows<{ k: string }>(
    db,
    sql`SELECT r.id || ':1' AS k FROM returns r WHERE r.customer_id = ${customerId}
        UNION ALL
        SELECT rv.return_id || ':' || rv.version FROM return_versions rv JOIN returns r ON r.id = rv.return_id
         WHERE r.customer_id = ${customerId} AND rv.version > 1`,
  );
  const tasks = await queryRows<{ k: string; file_name: string | null }>(
    db,
    sql`SELECT return_id || ':' || coalesce((payload->>'version')::int, 1) AS k, file_name FROM tasks WHERE task_type = 'SGL Outbound'`,
  );
  return {
    expected: new Set(expected.map((r) => r.k)),
    taskVersions: new Set(tasks.map((t) => t.k)),
    versionOfFile: new Map(tasks.filter((t) => t.file_name).map((t) => [t.file_name!, t.k])),
  };
}
