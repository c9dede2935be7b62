import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, orders, parcels, products, returns, returnVersions, tasks } from '../../db/schema/index.js';
import { taskViewColumns } from '../tasks/tasks-admin.repository.js';
import { presentInspection } from '../inspection/ledger-inspection.presenter.js';
import { createInspectionRulesRepository } from '../inspection/inspection-rules.repository.js';
import type { ReturnViewLine, ReturnViewMissingLine, ReturnViewOrder } from '../../../contract/return-view.js';

const presentProduct = (p: typeof products.$inferSelect) => ({
  id: p.id,
  sku: p.sku,
  upc: p.upc,
  name_1: p.name1,
  color: p.color,
  size: p.size,
});
import type { TaskView } from '../../../contract/tasks.js';
import type { ReturnVersion } from '../../../contract/corrections.js';
import { toTaskView } from '../tasks/task-view.js';
import { readMissingLines, readReturnLines } from './return-lines.repository.js';

export function createReturnViewRepository(db: Db) {
  return {
    async findReturn(returnId: number) {
      const [row] = await db
        .select({ ret: returns, company: customers.company, orderSource: customers.orderSource })
        .from(returns)
        .innerJoin(customers, eq(customers.id, returns.customerId))
        .where(eq(returns.id, returnId))
        .limit(1);
      return row;
    },

    async findOrder(orderId: number): Promise<ReturnViewOrder | undefined> {
      const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
      if (!o) return undefined;
      return {
        id: o.id,
        customer_id: o.customerId,
        delivery_number: o.deliveryNumber,
        order_number: o.orderNumber,
        web_order_number: o.webOrderNumber,
        buyer_reference: o.buyerReference,
        order_type: o.orderType,
        source: o.source,
        order_status: o.orderStatus,
        created_at: o.createdAt.toISOString(),
        delivery_name_1: o.deliveryName1,
        delivery_name_2: o.deliveryName2,
        delivery_address_1: o.deliveryAddress1,
        delivery_address_2: o.deliveryAddress2,
        delivery_address_3: o.deliveryAddress3,
        delivery_city: o.deliveryCity,
        delivery_state: o.deliveryState,
        delivery_zipcode: o.deliveryZipcode,
        delivery_country: o.deliveryCountry,
        delivery_contact: o.deliveryContact,
        delivery_phone: o.deliveryPhone,
        delivery_email: o.deliveryEmail,
      };
    },

    /** The unknown parcel the return was made from (issue 11), if any. */
    async parcelOf(returnId: number) {
      const [row] = await db
        .select({ id: parcels.id, note: parcels.note, location: parcels.location })
        .from(parcels)
        .where(eq(parcels.returnId, returnId))
        .limit(1);
      return row ?? null;
    },

    async lines(returnId: number): Promise<ReturnViewLine[]> {
      const rows = await readReturnLines(db, returnId);
      const graded = rows.find((r) => r.ledger.grade);
      const scale = graded ? await createInspectionRulesRepository(db).gradeScale(graded.ledger.customerId) : [];
      return rows.map(({ ledger, product, reasonText, dispositionText, lineNumber, replacesLineNumber }) => ({
        id: ledger.id,
        product: presentProduct(product),
        quantity: ledger.quantity,
        condition: ledger.condition,
        reason: ledger.reason,
        reason_text: reasonText,
        comment: ledger.comment,
        disposition: ledger.disposition,
        disposition_text: dispositionText,
        location: ledger.location,
        discrepancy: ledger.discrepancy,
        order_line_number: lineNumber,
        replaces_line_number: replacesLineNumber,
        inspection: presentInspection(ledger, scale),
      }));
    },

    /** Order lines confirmed missing from the parcel (issue 16). */
    async missingLines(returnId: number): Promise<ReturnViewMissingLine[]> {
      const rows = await readMissingLines(db, returnId);
      return rows.map(({ missing, product, lineNumber }) => ({
        id: missing.id,
        order_line_id: missing.orderLineId,
        order_line_number: lineNumber,
        product: presentProduct(product),
        quantity: missing.quantity,
      }));
    },

    /** The return's versions, oldest first (none while it is as submitted). */
    async versions(returnId: number): Promise<ReturnVersion[]> {
      const rows = await db.select().from(returnVersions).where(eq(returnVersions.returnId, returnId)).orderBy(asc(returnVersions.version));
      return rows.map((v) => ({
        version: v.version,
        created_at: v.createdAt.toISOString(),
        username: v.username,
        comment: v.comment,
        changes: v.changes,
      }));
    },

    /** The return's tasks and its order's 'SGL REST Create' log, oldest first; file bodies stay in the database. */
    async timelineTasks(returnId: number, orderId: number | null): Promise<TaskView[]> {
      const which =
        orderId === null
          ? eq(tasks.returnId, returnId)
          : or(eq(tasks.returnId, returnId), and(eq(tasks.orderId, orderId), eq(tasks.taskType, 'SGL REST Create')));
      const rows = await db.select(taskViewColumns).from(tasks).where(which).orderBy(asc(tasks.createdAt), asc(tasks.id)).limit(200);
      return rows.map(toTaskView);
    },
  };
}
export type ReturnViewRepository = ReturnType<typeof createReturnViewRepository>;
