import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { PhotoLinkInput, ReturnFileLineInput, ReturnFileMissingInput } from '../../../integrations/return-file.format.js';
import {
  connections,
  customers,
  dispositions,
  gradeScales,
  options,
  orderLines,
  orders,
  photos,
  products,
  returnLedgers,
  returnMissingLines,
  returns,
  returnVersions,
  tasks,
  type ConnectionRow,
} from '../../../db/schema/index.js';
import { readMissingLines, readReturnLines } from '../../returns/return-lines.repository.js';
import { createInspectionRulesRepository } from '../../inspection/inspection-rules.repository.js';
import { DEFAULT_GRADE_SCALE, type GradeScaleEntry, type StoredStepAnswer } from '../../../../contract/inspection.js';

/** Issue 27: the customer's name of a grade (issue 27's default name when it renamed none). */
const gradeNameOf = (scale: GradeScaleEntry[], grade: string) => scale.find((g) => g.grade === grade)?.label ?? grade;
const DEFAULT_LABELS = JSON.stringify(Object.fromEntries(DEFAULT_GRADE_SCALE.map((g) => [g.grade, g.label])));

export type { ConnectionRow };

export interface ReturnFileLine extends ReturnFileLineInput {
  ledgerId: number;
  color: string | null;
  size: string | null;
}

/** Everything an outbound return file (XML, flat, web shop) carries. */
export interface ReturnFileData {
  ret: typeof returns.$inferSelect;
  customer: { id: number; company: string; orderSource: string };
  order: typeof orders.$inferSelect | null;
  lines: ReturnFileLine[];
  missingLines?: ReturnFileMissingInput[];
  /** For a correction (version 2, 3, …): who corrected the return, when and why. */
  correction?: { version: number; correctedBy: string; correctedAt: Date; comment: string };
  /** The return's photos in the order they were taken; `ledgerId` null: a photo of the whole return. */
  photoRefs?: { id: number; ledgerId: number | null }[];
  /** The links of the whole return's photos, once signed (outbound-photo-links.ts). */
  photos?: PhotoLinkInput[];
}

/** Reads of the outbound handlers (files and web-shop posts); only repositories touch Drizzle. */
export function createOutboundDataRepository(db: DbOrTx) {
  /** A version's kept lines with what the file shows of their products, order lines and reasons. */
  async function keptLines(customerId: number, kept: (typeof returnVersions.$inferSelect)['lines']): Promise<ReturnFileLine[]> {
    const productIds = [...new Set(kept.map((l) => l.product_id))];
    const lineIds = [
      ...new Set(kept.flatMap((l) => [l.order_line_id, l.replaces_order_line_id ?? null]).filter((v): v is number => v !== null)),
    ];
    const [productRows, lineRows, reasonRows, dispositionRows] = await Promise.all([
      productIds.length ? db.select().from(products).where(inArray(products.id, productIds)) : [],
      lineIds.length
        ? db.select({ id: orderLines.id, lineNumber: orderLines.lineNumber }).from(orderLines).where(inArray(orderLines.id, lineIds))
        : [],
      db
        .select({ code: options.optionCode, text: options.optionValue })
        .from(options)
        .where(and(eq(options.customerId, customerId), eq(options.optionType, 'Reason'))),
      db.select({ code: dispositions.code, name: dispositions.name }).from(dispositions).where(eq(dispositions.customerId, customerId)),
    ]);
    const product = new Map(productRows.map((p) => [p.id, p]));
    const lineNumber = new Map(lineRows.map((l) => [l.id, l.lineNumber]));
    const numberOf = (id: number | null | undefined) => (id == null ? null : (lineNumber.get(id) ?? null));
    const reasonText = new Map(reasonRows.map((r) => [r.code, r.text]));
    const dispositionText = new Map(dispositionRows.map((d) => [d.code, d.name]));
    return [...kept]
      .sort((a, b) => a.id - b.id)
      .map((l) => {
        const p = product.get(l.product_id)!;
        return {
          ledgerId: l.id,
          orderLineNumber: numberOf(l.order_line_id),
          sku: p.sku,
          upc: p.upc,
          name1: p.name1,
          color: p.color,
          size: p.size,
          quantity: l.quantity,
          condition: l.condition,
          reason: l.reason,
          reasonText: reasonText.get(l.reason) ?? null,
          comment: l.comment,
          // Issue 16: what the version kept, so a late message carries that version's dispositions and bins.
          disposition: l.disposition ?? null,
          dispositionText: l.disposition ? (dispositionText.get(l.disposition) ?? null) : null,
          location: l.location ?? null,
          discrepancy: l.discrepancy ?? null,
          replacesOrderLineNumber: numberOf(l.replaces_order_line_id),
        };
      });
  }

  /** A version's kept missing order lines as the file shows them. */
  async function keptMissing(kept: (typeof returnVersions.$inferSelect)['missingLines']): Promise<ReturnFileMissingInput[]> {
    if (!kept.length) return [];
    const rows = await db
      .select({ id: orderLines.id, lineNumber: orderLines.lineNumber, sku: products.sku, upc: products.upc, name1: products.name1 })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(
        inArray(
          orderLines.id,
          kept.map((m) => m.order_line_id),
        ),
      );
    const byLine = new Map(rows.map((r) => [r.id, r]));
    return [...kept]
      .sort((a, b) => a.id - b.id)
      .map((m) => {
        const { lineNumber, sku, upc, name1 } = byLine.get(m.order_line_id)!;
        return { orderLineNumber: lineNumber, sku, upc, name1, quantity: m.quantity };
      });
  }

  return {
    async connection(id: number): Promise<ConnectionRow | undefined> {
      const [row] = await db.select().from(connections).where(eq(connections.id, id)).limit(1);
      return row;
    },

    /**
     * The return as its version `version` (1 = as submitted) has it: the live ledgers when that is
     * the current version, else the lines the version kept (return_versions), so a message built
     * late (a file whose first attempt waited, a correction overtaken by the next) never carries
     * another version's figures.
     */
    async returnFile(returnId: number, version = 1): Promise<ReturnFileData | undefined> {
      const [ret] = await db.select().from(returns).where(eq(returns.id, returnId)).limit(1);
      if (!ret) return undefined;
      const [kept] =
        ret.version === version && version === 1
          ? []
          : await db
              .select()
              .from(returnVersions)
              .where(and(eq(returnVersions.returnId, returnId), eq(returnVersions.version, version)))
              .limit(1);
      if (version > 1 && !kept) return undefined;
      const correction =
        kept && version > 1 ? { version, correctedBy: kept.username, correctedAt: kept.createdAt, comment: kept.comment ?? '' } : undefined;
      const [customer] = await db
        .select({ id: customers.id, company: customers.company, orderSource: customers.orderSource })
        .from(customers)
        .where(eq(customers.id, ret.customerId));
      const [order] = ret.orderId ? await db.select().from(orders).where(eq(orders.id, ret.orderId)) : [];
      const scale = await createInspectionRulesRepository(db).gradeScale(ret.customerId);
      const lines: ReturnFileLine[] = (await readReturnLines(db, returnId)).map((r) => ({
        ledgerId: r.ledger.id,
        orderLineNumber: r.lineNumber,
        sku: r.product.sku,
        upc: r.product.upc,
        name1: r.product.name1,
        color: r.product.color,
        size: r.product.size,
        quantity: r.ledger.quantity,
        condition: r.ledger.condition,
        reason: r.ledger.reason,
        reasonText: r.reasonText,
        comment: r.ledger.comment,
        disposition: r.ledger.disposition,
        dispositionText: r.dispositionText,
        location: r.ledger.location,
        discrepancy: r.ledger.discrepancy,
        replacesOrderLineNumber: r.replacesLineNumber,
        grade: r.ledger.grade,
        gradeName: r.ledger.grade ? gradeNameOf(scale, r.ledger.grade) : null,
        stepAnswers: r.ledger.stepAnswers as StoredStepAnswer[] | null,
        serial: r.ledger.serial,
        serialShipped: r.ledger.serialShipped,
        serialRepeated: r.ledger.serialRepeated,
      }));
      const missingLines: ReturnFileMissingInput[] = (await readMissingLines(db, returnId)).map((r) => ({
        orderLineNumber: r.lineNumber,
        sku: r.product.sku,
        upc: r.product.upc,
        name1: r.product.name1,
        quantity: r.missing.quantity,
      }));
      const photoRefs = await db
        .select({ id: photos.id, ledgerId: photos.ledgerId })
        .from(photos)
        .where(eq(photos.returnId, returnId))
        .orderBy(asc(photos.uploadedAt), asc(photos.id));
      if (ret.version !== version) {
        if (!kept) return undefined;
        return {
          ret,
          customer: customer!,
          order: order ?? null,
          lines: await keptLines(ret.customerId, kept.lines),
          missingLines: await keptMissing(kept.missingLines),
          correction,
          photoRefs,
        };
      }
      return { ret, customer: customer!, order: order ?? null, lines, missingLines, correction, photoRefs };
    },

    /** Connections by id, in one statement (a batch of outbound files). */
    async connections(ids: number[]): Promise<Map<number, ConnectionRow>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select()
        .from(connections)
        .where(inArray(connections.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * Returns as submitted (version 1, never corrected), for a batch of first messages: what
     * returnFile(id) reads in six statements, for all of them in one — the lines, missing lines and
     * photos as JSON arrays in the same order. A return that was corrected meanwhile is left out
     * (its version 1 lives in return_versions: read it with returnFile).
     */
    async submittedReturnFiles(returnIds: number[]): Promise<Map<number, ReturnFileData>> {
      if (!returnIds.length) return new Map();
      const rows = await db
        .select({
          ret: returns,
          customer: { id: customers.id, company: customers.company, orderSource: customers.orderSource },
          order: orders,
          lines: sql<ReturnFileLine[]>`(
            SELECT coalesce(jsonb_agg(jsonb_build_object(
                     'ledgerId', l.id, 'orderLineNumber', ol.line_number, 'sku', p.sku, 'upc', p.upc, 'name1', p.name_1,
                     'color', p.color, 'size', p.size, 'quantity', l.quantity, 'condition', l.condition, 'reason', l.reason,
                     'reasonText', o.option_value, 'comment', l.comment, 'disposition', l.disposition, 'dispositionText', d.name,
                     'location', l.location, 'discrepancy', l.discrepancy, 'replacesOrderLineNumber', rl.line_number,
                     'grade', l.grade, 'gradeName', CASE WHEN l.grade IS NULL THEN NULL ELSE coalesce(g.label, ${sql.param(DEFAULT_LABELS)}::jsonb ->> l.grade) END,
                     'stepAnswers', l.step_answers, 'serial', l.serial, 'serialShipped', l.serial_shipped, 'serialRepeated', l.serial_repeated)
                   ORDER BY l.id), '[]'::jsonb)
            FROM ${returnLedgers} l
            JOIN ${products} p ON p.id = l.product_id
            LEFT JOIN ${orderLines} ol ON ol.id = l.order_line_id
            LEFT JOIN ${orderLines} rl ON rl.id = l.replaces_order_line_id
            LEFT JOIN ${dispositions} d ON d.customer_id = l.customer_id AND d.code = l.disposition
            LEFT JOIN ${options} o ON o.customer_id = l.customer_id AND o.option_type = 'Reason' AND o.option_code = l.reason
            LEFT JOIN ${gradeScales} g ON g.customer_id = l.customer_id AND g.grade = l.grade
            WHERE l.return_id = ${returns.id})`,
          missingLines: sql<ReturnFileMissingInput[]>`(
            SELECT coalesce(jsonb_agg(jsonb_build_object(
                     'orderLineNumber', ol.line_number, 'sku', p.sku, 'upc', p.upc, 'name1', p.name_1, 'quantity', m.quantity)
                   ORDER BY m.id), '[]'::jsonb)
            FROM ${returnMissingLines} m
            JOIN ${orderLines} ol ON ol.id = m.order_line_id
            JOIN ${products} p ON p.id = m.product_id
            WHERE m.return_id = ${returns.id})`,
          photoRefs: sql<{ id: number; ledgerId: number | null }[]>`(
            SELECT coalesce(jsonb_agg(jsonb_build_object('id', ph.id, 'ledgerId', ph.ledger_id) ORDER BY ph.uploaded_at, ph.id), '[]'::jsonb)
            FROM ${photos} ph WHERE ph.return_id = ${returns.id})`,
        })
        .from(returns)
        .innerJoin(customers, eq(customers.id, returns.customerId))
        .leftJoin(orders, eq(orders.id, returns.orderId))
        .where(and(inArray(returns.id, [...new Set(returnIds)]), eq(returns.version, 1)));
      return new Map(
        rows.map((r) => [
          r.ret.id,
          {
            ret: r.ret,
            customer: r.customer,
            order: r.order,
            lines: r.lines,
            missingLines: r.missingLines,
            correction: undefined,
            photoRefs: r.photoRefs,
          },
        ]),
      );
    },

    /**
     * The return's first message on a connection (its task without a version): the message a
     * correction references. `messageId` is undefined while that file is not built yet.
     */
    async originalMessage(returnId: number, connectionId: number): Promise<{ taskId: number; messageId: number | undefined } | undefined> {
      const [row] = await db
        .select({ id: tasks.id, payload: tasks.payload })
        .from(tasks)
        .where(
          and(
            eq(tasks.returnId, returnId),
            inArray(tasks.taskType, ['SGL Outbound', 'FGL Outbound', 'Ecommerce Outbound']),
            sql`${tasks.payload}->>'connectionId' = ${String(connectionId)}`,
            sql`${tasks.payload}->'version' IS NULL`,
          ),
        )
        .orderBy(asc(tasks.id))
        .limit(1);
      if (!row) return undefined;
      const messageId = row.payload.messageId;
      return { taskId: row.id, messageId: typeof messageId === 'number' ? messageId : undefined };
    },
  };
}
export type OutboundDataRepository = ReturnType<typeof createOutboundDataRepository>;
