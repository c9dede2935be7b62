import { sql } from 'drizzle-orm';
import type { LedgerCondition } from '../../../contract/constants.js';
import { DEFAULT_GRADE_SCALE, type GradeScaleEntry } from '../../../contract/inspection.js';
import { preparedRows, type DbOrTx } from '../../db/client.js';
import { fromJsonColumn, intArray, type JsonColumn } from '../../db/sql-helpers.js';
import type { inspectionRules } from '../../db/schema/index.js';
import type { InspectionContext } from './line-inspection.js';
import { toRuleView } from './inspection-rules.repository.js';

type RuleRow = typeof inspectionRules.$inferSelect;
interface Row {
  products: JsonColumn<{ id: number; sku: string; category: string | null }[]>;
  rules: JsonColumn<Record<string, unknown>[]>;
  grades: JsonColumn<{ grade: string; label: string; condition: string }[]>;
  shipped: JsonColumn<{ product_id: number; serial: string }[]>;
  received: JsonColumn<string[]>;
}

/**
 * What issue 27's line check reads, in one statement: the draft's products (SKU, category), the
 * customer's rules that may apply to them (an index lookup by kind and key; the matching picks one
 * per product), the grade scale, the serials shipped on the order and which of the draft's serials
 * came back before on a return of the customer. Run after the submit's access check.
 */
export function createInspectionCheckRepository(db: DbOrTx) {
  return {
    async read(customerId: number, orderId: number | null, productIds: number[], serials: string[]): Promise<InspectionContext> {
      const ids = intArray(productIds);
      const [r] = await preparedRows<Row>(
        db,
        'inspection_check',
        sql`WITH p AS MATERIALIZED (SELECT id, sku, category FROM products WHERE customer_id = ${customerId} AND id = ANY(${ids}))
          SELECT
            (SELECT json_agg(json_build_object('id', p.id, 'sku', p.sku, 'category', p.category)) FROM p) AS products,
            (SELECT json_agg(r) FROM inspection_rules r WHERE r.customer_id = ${customerId} AND (
               r.match = 'default'
               OR (r.match = 'sku' AND r.match_key IN (SELECT lower(sku) FROM p))
               OR (r.match = 'category' AND r.match_key IN (SELECT lower(category) FROM p WHERE category IS NOT NULL))
               OR (r.match = 'prefix' AND EXISTS (SELECT 1 FROM p WHERE left(lower(p.sku), length(r.match_key)) = r.match_key)))) AS rules,
            (SELECT json_agg(json_build_object('grade', g.grade, 'label', g.label, 'condition', g.condition))
               FROM grade_scales g WHERE g.customer_id = ${customerId}) AS grades,
            (SELECT json_agg(json_build_object('product_id', l.product_id, 'serial', s.serial))
               FROM order_line_serials s JOIN order_lines l ON l.id = s.order_line_id WHERE l.order_id = ${orderId}::int) AS shipped,
            (SELECT json_agg(DISTINCT lg.serial) FROM return_ledgers lg
               WHERE lg.customer_id = ${customerId} AND lg.serial = ANY(${sql.param(serials)}::text[])) AS received`,
      );
      const grades = new Map(fromJsonColumn(r!.grades, []).map((g) => [g.grade, g]));
      const scale: GradeScaleEntry[] = DEFAULT_GRADE_SCALE.map((d) => {
        const s = grades.get(d.grade);
        return s ? { grade: d.grade, label: s.label, condition: s.condition as LedgerCondition } : { ...d };
      });
      const shipped = new Map<number, string[]>();
      for (const s of fromJsonColumn(r!.shipped, [])) shipped.set(s.product_id, [...(shipped.get(s.product_id) ?? []), s.serial]);
      for (const list of shipped.values()) list.sort();
      return {
        products: new Map(fromJsonColumn(r!.products, []).map((p) => [p.id, { sku: p.sku, category: p.category }])),
        rules: fromJsonColumn(r!.rules, []).map((row) => toRuleView(fromJsonRule(row))),
        scale,
        shipped,
        received: new Set(fromJsonColumn(r!.received, [])),
      };
    },
  };
}
export type InspectionCheckRepository = ReturnType<typeof createInspectionCheckRepository>;

/** A rule row as row_to_json gives it (snake_case keys, timestamps as text) → the Drizzle row. */
const fromJsonRule = (j: Record<string, unknown>): RuleRow => ({
  id: j.id as number,
  customerId: j.customer_id as number,
  match: j.match as string,
  value: j.value as string | null,
  matchKey: j.match_key as string,
  steps: j.steps,
  gradeDispositions: j.grade_dispositions,
  serialCapture: j.serial_capture as string,
  serialCheck: j.serial_check as string,
  createdAt: new Date(j.created_at as string),
  updatedAt: new Date(j.updated_at as string),
});
