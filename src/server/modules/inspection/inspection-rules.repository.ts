import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { LedgerCondition } from '../../../contract/constants.js';
import {
  DEFAULT_GRADE_SCALE,
  GRADES,
  ruleKey,
  type Grade,
  type GradeScaleEntry,
  type RuleBody,
  type RuleView,
} from '../../../contract/inspection.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../db/sql-helpers.js';
import { gradeScales, inspectionRules } from '../../db/schema/index.js';

type Row = typeof inspectionRules.$inferSelect;

export const toRuleView = (r: Row): RuleView => ({
  id: r.id,
  customer_id: r.customerId,
  match: r.match as RuleView['match'],
  value: r.value,
  steps: r.steps as RuleView['steps'],
  grade_dispositions: r.gradeDispositions as RuleView['grade_dispositions'],
  serial: r.serialCapture as RuleView['serial'],
  serial_check: r.serialCheck as RuleView['serial_check'],
  updated_at: r.updatedAt.toISOString(),
});

const toColumns = (b: RuleBody) => ({
  match: b.match,
  value: b.match === 'default' ? null : b.value,
  matchKey: ruleKey(b.match === 'default' ? null : b.value),
  steps: b.steps,
  gradeDispositions: b.grade_dispositions,
  serialCapture: b.serial,
  serialCheck: b.serial_check,
});

/** Most specific kind first, then by value: the order the tab and the export list rules in. */
const ORDER = sql`array_position(ARRAY['sku','prefix','category','default']::text[], ${inspectionRules.match})`;

/** A customer's inspection rules and grade scale (issue 27). */
export function createInspectionRulesRepository(db: DbOrTx) {
  return {
    async page(customerId: number, q: string | undefined, limit: number, offset: number): Promise<{ rules: RuleView[]; total: number }> {
      const where = and(
        eq(inspectionRules.customerId, customerId),
        q ? or(ilike(inspectionRules.value, `%${escapeLike(q)}%`), ilike(inspectionRules.match, escapeLike(q))) : undefined,
      );
      const rows = await db
        .select()
        .from(inspectionRules)
        .where(where)
        .orderBy(ORDER, asc(inspectionRules.matchKey))
        .limit(limit)
        .offset(offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(inspectionRules)
        .where(where);
      return { rules: rows.map(toRuleView), total: count?.n ?? 0 };
    },

    async all(customerId: number): Promise<RuleView[]> {
      const rows = await db
        .select()
        .from(inspectionRules)
        .where(eq(inspectionRules.customerId, customerId))
        .orderBy(ORDER, asc(inspectionRules.matchKey));
      return rows.map(toRuleView);
    },

    /** The rule by id whatever its customer (the service tells another customer's rule apart: 403). */
    async find(id: number): Promise<RuleView | undefined> {
      const [row] = await db.select().from(inspectionRules).where(eq(inspectionRules.id, id));
      return row && toRuleView(row);
    },

    async sameRule(customerId: number, b: RuleBody, exceptId?: number): Promise<boolean> {
      const c = toColumns(b);
      const [row] = await db
        .select({ id: inspectionRules.id })
        .from(inspectionRules)
        .where(
          and(eq(inspectionRules.customerId, customerId), eq(inspectionRules.match, c.match), eq(inspectionRules.matchKey, c.matchKey)),
        )
        .limit(1);
      return !!row && row.id !== exceptId;
    },

    async insert(customerId: number, b: RuleBody, now: Date): Promise<RuleView> {
      const [row] = await db
        .insert(inspectionRules)
        .values({ customerId, ...toColumns(b), createdAt: now, updatedAt: now })
        .returning();
      return toRuleView(row!);
    },

    async update(id: number, b: RuleBody, now: Date): Promise<RuleView> {
      const [row] = await db
        .update(inspectionRules)
        .set({ ...toColumns(b), updatedAt: now })
        .where(eq(inspectionRules.id, id))
        .returning();
      return toRuleView(row!);
    },

    async remove(id: number): Promise<void> {
      await db.delete(inspectionRules).where(eq(inspectionRules.id, id));
    },

    /**
     * Adds the rules of an import and replaces the customer's rule of the same kind and value, in
     * one statement (one json parameter, so 10,000 rules are one round trip). Answers how many were new.
     */
    async upsertMany(customerId: number, rules: RuleBody[], now: Date): Promise<{ created: number; updated: number }> {
      if (!rules.length) return { created: 0, updated: 0 };
      const rows = rules.map((b) => {
        const c = toColumns(b);
        return {
          match: c.match,
          value: c.value,
          match_key: c.matchKey,
          steps: c.steps,
          grade_dispositions: c.gradeDispositions,
          serial_capture: c.serialCapture,
          serial_check: c.serialCheck,
        };
      });
      const at = now.toISOString();
      const out = await queryRows<{ inserted: boolean }>(
        db,
        sql`INSERT INTO inspection_rules (customer_id, match, value, match_key, steps, grade_dispositions, serial_capture, serial_check, created_at, updated_at)
            SELECT ${customerId}, r.match, r.value, r.match_key, r.steps, r.grade_dispositions, r.serial_capture, r.serial_check,
                   ${at}::timestamptz, ${at}::timestamptz
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(match text, value text, match_key text, steps jsonb,
                 grade_dispositions jsonb, serial_capture text, serial_check text)
            ON CONFLICT (customer_id, match, match_key) DO UPDATE SET value = excluded.value, steps = excluded.steps,
               grade_dispositions = excluded.grade_dispositions, serial_capture = excluded.serial_capture,
               serial_check = excluded.serial_check, updated_at = excluded.updated_at
            RETURNING (xmax = 0) AS inserted`,
      );
      const created = out.filter((r) => r.inserted === true || (r.inserted as unknown) === 't').length;
      return { created, updated: out.length - created };
    },

    /** The customer's grade scale: each grade's stored name and condition, or issue 27's default. */
    async gradeScale(customerId: number): Promise<GradeScaleEntry[]> {
      const rows = await db.select().from(gradeScales).where(eq(gradeScales.customerId, customerId));
      const stored = new Map(rows.map((r) => [r.grade, r]));
      return DEFAULT_GRADE_SCALE.map((d) => {
        const s = stored.get(d.grade);
        return s ? { grade: d.grade, label: s.label, condition: s.condition as LedgerCondition } : { ...d };
      });
    },

    async saveGradeScale(customerId: number, grades: GradeScaleEntry[]): Promise<void> {
      await db.delete(gradeScales).where(eq(gradeScales.customerId, customerId));
      const byGrade = new Map(grades.map((g) => [g.grade, g]));
      await db
        .insert(gradeScales)
        .values(
          GRADES.map((grade: Grade) => ({ customerId, grade, label: byGrade.get(grade)!.label, condition: byGrade.get(grade)!.condition })),
        );
    },
  };
}
export type InspectionRulesRepository = ReturnType<typeof createInspectionRulesRepository>;
