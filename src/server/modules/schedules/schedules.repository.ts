import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { customers, reportScheduleRuns, reportSchedules } from '../../db/schema/index.js';
import type { ScheduleRunView } from '../../../contract/schedules.js';

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type ScheduleWrite = Pick<
  typeof reportSchedules.$inferInsert,
  'frequency' | 'weekday' | 'monthDay' | 'timeOfDay' | 'timeZone' | 'recipients' | 'formats' | 'active'
>;
export type NewRun = Pick<
  typeof reportScheduleRuns.$inferInsert,
  'scheduleId' | 'dueAt' | 'manual' | 'periodFrom' | 'periodTo' | 'requestedBy'
>;

/** Report schedules and their runs (issue 12). */
export function createSchedulesRepository(db: DbOrTx) {
  return {
    async customer(id: number): Promise<{ id: number; company: string } | undefined> {
      const [row] = await db.select({ id: customers.id, company: customers.company }).from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    /** A customer's schedules; with `portal`, those made in the brand's portal only. */
    async listFor(customerId: number, only?: { portal: true }): Promise<ScheduleRow[]> {
      const mine = eq(reportSchedules.customerId, customerId);
      return db
        .select()
        .from(reportSchedules)
        .where(only ? and(mine, eq(reportSchedules.portal, true)) : mine)
        .orderBy(asc(reportSchedules.id));
    },

    async find(id: number): Promise<ScheduleRow | undefined> {
      const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, id)).limit(1);
      return row;
    },

    /** Active schedules with their customer's company, for the scheduler's tick. */
    async active(): Promise<(ScheduleRow & { company: string })[]> {
      const rows = await db
        .select({ schedule: reportSchedules, company: customers.company })
        .from(reportSchedules)
        .innerJoin(customers, eq(customers.id, reportSchedules.customerId))
        .where(eq(reportSchedules.active, true));
      return rows.map((r) => ({ ...r.schedule, company: r.company }));
    },

    /** The latest due time of a scheduled run of each schedule (manual runs do not count). */
    async lastScheduledDue(scheduleIds: number[]): Promise<Map<number, Date>> {
      if (!scheduleIds.length) return new Map();
      const rows = await db
        .select({ scheduleId: reportScheduleRuns.scheduleId, dueAt: sql<string | Date>`max(${reportScheduleRuns.dueAt})` })
        .from(reportScheduleRuns)
        .where(and(inArray(reportScheduleRuns.scheduleId, scheduleIds), eq(reportScheduleRuns.manual, false)))
        .groupBy(reportScheduleRuns.scheduleId);
      return new Map(rows.map((r) => [r.scheduleId, new Date(r.dueAt)]));
    },

    async insert(customerId: number, values: ScheduleWrite, createdBy: string, now: Date, portal = false): Promise<number> {
      const [row] = await db
        .insert(reportSchedules)
        .values({ ...values, customerId, createdBy, portal, startsAt: now, createdAt: now, updatedAt: now })
        .returning({ id: reportSchedules.id });
      return row!.id;
    },

    async update(id: number, values: ScheduleWrite & { startsAt?: Date }, now: Date): Promise<void> {
      await db
        .update(reportSchedules)
        .set({ ...values, updatedAt: now })
        .where(eq(reportSchedules.id, id));
    },

    async remove(id: number): Promise<void> {
      await db.delete(reportSchedules).where(eq(reportSchedules.id, id));
    },

    /**
     * Records a run. A scheduled run whose (schedule, due time) exists already inserts nothing and
     * answers undefined: another node (or an earlier tick) has sent it.
     */
    async insertRun(run: NewRun, now: Date): Promise<number | undefined> {
      const [row] = await db
        .insert(reportScheduleRuns)
        .values({ ...run, createdAt: now })
        .onConflictDoNothing({
          target: [reportScheduleRuns.scheduleId, reportScheduleRuns.dueAt],
          where: sql`NOT ${reportScheduleRuns.manual}`,
        })
        .returning({ id: reportScheduleRuns.id });
      return row?.id;
    },

    async setRunTask(runId: number, taskId: number): Promise<void> {
      await db.update(reportScheduleRuns).set({ taskId }).where(eq(reportScheduleRuns.id, runId));
    },

    /** The last `perSchedule` runs of each schedule, newest first, with their task's status. */
    async lastRuns(scheduleIds: number[], perSchedule: number): Promise<Map<number, ScheduleRunView[]>> {
      const result = new Map<number, ScheduleRunView[]>();
      if (!scheduleIds.length) return result;
      const rows = await queryRows<{
        id: number;
        schedule_id: number;
        due_at: string | Date;
        manual: boolean;
        period_from: string;
        period_to: string;
        task_id: number | string | null;
        task_status: string | null;
        requested_by: string;
        created_at: string | Date;
      }>(
        db,
        sql`SELECT * FROM (
              SELECT r.id, r.schedule_id, r.due_at, r.manual, to_char(r.period_from, 'YYYY-MM-DD') AS period_from,
                     to_char(r.period_to, 'YYYY-MM-DD') AS period_to, r.task_id, t.task_status, r.requested_by, r.created_at,
                     row_number() OVER (PARTITION BY r.schedule_id ORDER BY r.created_at DESC, r.id DESC) AS n
              FROM report_schedule_runs r LEFT JOIN tasks t ON t.id = r.task_id
              WHERE r.schedule_id IN (${sql.join(
                scheduleIds.map((id) => sql`${id}`),
                sql`, `,
              )})
            ) x WHERE n <= ${perSchedule} ORDER BY schedule_id, n`,
      );
      for (const r of rows) {
        const list = result.get(Number(r.schedule_id)) ?? [];
        list.push({
          id: Number(r.id),
          due_at: new Date(r.due_at).toISOString(),
          manual: r.manual,
          period_from: r.period_from,
          period_to: r.period_to,
          task_id: r.task_id === null ? null : Number(r.task_id),
          task_status: r.task_status,
          requested_by: r.requested_by,
          created_at: new Date(r.created_at).toISOString(),
        });
        result.set(Number(r.schedule_id), list);
      }
      return result;
    },

    async runsOf(scheduleId: number) {
      return db.select().from(reportScheduleRuns).where(eq(reportScheduleRuns.scheduleId, scheduleId)).orderBy(desc(reportScheduleRuns.id));
    },
  };
}
export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
