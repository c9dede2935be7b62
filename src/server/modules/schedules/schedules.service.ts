import { RESERVED_COMPANY } from '../../../contract/constants.js';
import {
  SCHEDULE_MSG,
  type PortalScheduleBody,
  type PortalScheduleQuery,
  type ReportFormat,
  type ScheduleBody,
  type ScheduleView,
} from '../../../contract/schedules.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { changedKeys, createAuditRepository } from '../audit/audit.repository.js';
import { domainOf, requireAdmin, requireBrandOrAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { createTaskQueueRepository } from '../tasks/task-queue.repository.js';
import { latestDue, nextDue, periodOf, type ScheduleTiming } from './schedule-timing.js';
import { createSchedulesRepository, type ScheduleRow, type ScheduleWrite } from './schedules.repository.js';
import { TASK_TEXT } from '../../../contract/timeline-texts.js';

/** How many runs of each schedule the customer drawer shows. */
export const RUNS_SHOWN = 5;

const timingOf = (s: Pick<ScheduleRow, 'frequency' | 'weekday' | 'monthDay' | 'timeOfDay' | 'timeZone'>): ScheduleTiming => ({
  frequency: s.frequency as ScheduleTiming['frequency'],
  weekday: s.weekday,
  monthDay: s.monthDay,
  timeOfDay: s.timeOfDay,
  timeZone: s.timeZone,
});

const timingKey = (s: ScheduleWrite) => JSON.stringify([s.frequency, s.weekday, s.monthDay, s.timeOfDay, s.timeZone]);

function scheduleWrite(body: ScheduleBody): ScheduleWrite {
  return {
    frequency: body.frequency,
    // Only the field of the chosen frequency is kept.
    weekday: body.frequency === 'Weekly' ? (body.weekday ?? null) : null,
    monthDay: body.frequency === 'Monthly' ? (body.month_day ?? null) : null,
    timeOfDay: body.time_of_day,
    timeZone: body.time_zone,
    recipients: [...new Set(body.recipients.map((r) => r.toLowerCase()))],
    formats: body.formats,
    active: body.active,
  };
}

/** A stored schedule's fields as they are written. */
const scheduleWriteOf = (row: ScheduleRow): ScheduleWrite => ({
  frequency: row.frequency,
  weekday: row.weekday,
  monthDay: row.monthDay,
  timeOfDay: row.timeOfDay,
  timeZone: row.timeZone,
  recipients: row.recipients,
  formats: row.formats,
  active: row.active,
});

/**
 * Report schedules of a customer (issue 12). Each run is a 'Return Report' task (it builds the one
 * report and mails it) written with its run row in one transaction; the run table's unique
 * (schedule, due time) key makes a scheduled run go out once across every worker node.
 */
/** The repositories a schedule's change or run writes together. */
const schedulesRepos = (db: DbOrTx) => ({
  schedules: createSchedulesRepository(db),
  audit: createAuditRepository(db),
  queue: createTaskQueueRepository(db),
});
type SchedulesRepos = ReturnType<typeof schedulesRepos>;

export function createSchedulesService(deps: { db: Db; clock: Clock; customerAccess: CustomerAccess }) {
  const { clock } = deps;
  const uow = unitOfWork(deps.db, schedulesRepos);

  async function requireCustomer({ schedules }: SchedulesRepos, customerId: number) {
    const customer = await schedules.customer(customerId);
    if (!customer) throw notFound('Customer not found.');
    if (customer.company === RESERVED_COMPANY) throw new AppError(403, 'The system reserved customer cannot be changed.');
    return customer;
  }

  /** A schedule to change, delete or send: 404 when it is gone, 403 for the reserved customer's. */
  async function requireSchedule(repos: SchedulesRepos, id: number) {
    const repo = repos.schedules;
    const row = await repo.find(id);
    if (!row) throw notFound(SCHEDULE_MSG.notFound);
    const customer = await requireCustomer(repos, row.customerId);
    return { repo, row, customer };
  }

  function view(row: ScheduleRow, runs: ScheduleView['runs'], now: Date): ScheduleView {
    return {
      id: row.id,
      customer_id: row.customerId,
      frequency: row.frequency as ScheduleView['frequency'],
      weekday: row.weekday,
      month_day: row.monthDay,
      time_of_day: row.timeOfDay,
      time_zone: row.timeZone,
      recipients: row.recipients,
      formats: row.formats as ReportFormat[],
      active: row.active,
      next_due_at: row.active ? nextDue(timingOf(row), now).toISOString() : null,
      created_by: row.createdBy,
      updated_at: row.updatedAt.toISOString(),
      runs,
    };
  }

  async function viewOne({ schedules: repo }: SchedulesRepos, id: number): Promise<ScheduleView> {
    const row = (await repo.find(id))!;
    return view(row, (await repo.lastRuns([id], RUNS_SHOWN)).get(id) ?? [], clock.now());
  }

  const snapshot = (v: ScheduleView) => {
    const { runs: _r, next_due_at: _n, updated_at: _u, ...rest } = v;
    return rest;
  };

  /** Queues the run's task and links it to the run; inside the caller's transaction. */
  async function queueRun(
    { queue, schedules }: SchedulesRepos,
    schedule: ScheduleRow,
    company: string,
    runId: number,
    period: { from: string; to: string },
    requestedBy: string,
    now: Date,
  ) {
    const taskId = await queue.enqueue(
      {
        taskType: 'Return Report',
        message1: TASK_TEXT.scheduledReport(company, period.from, period.to),
        message2: TASK_TEXT.reportFor(schedule.recipients.join(', ')),
        customerId: schedule.customerId,
        payload: {
          reportName: `returns_${period.from}_${period.to}`,
          customerId: schedule.customerId,
          dateFrom: period.from,
          dateTo: period.to,
          email: schedule.recipients.join(', '),
          requestedBy,
          formats: schedule.formats as ReportFormat[],
          scheduleId: schedule.id,
        },
      },
      now,
    );
    await schedules.setRunTask(runId, taskId);
    return taskId;
  }

  async function listOf(customerId: number, only?: { portal: true }): Promise<ScheduleView[]> {
    const repo = uow.repos.schedules;
    const rows = await repo.listFor(customerId, only);
    const runs = await repo.lastRuns(
      rows.map((r) => r.id),
      RUNS_SHOWN,
    );
    const now = clock.now();
    return rows.map((r) => view(r, runs.get(r.id) ?? [], now));
  }

  /** The portal's caller for a customer: a brand user of it or an admin (403 otherwise, 404 unknown). */
  async function portalCustomer(actor: AuthUser, customerId: number): Promise<void> {
    requireBrandOrAdmin(actor);
    await deps.customerAccess.require(actor, customerId);
  }

  /**
   * A schedule of the portal: one made in the portal, of a customer the caller may touch (another
   * customer's: 403 as everywhere; a schedule the warehouse made: 404, it is not the brand's).
   * Checked before the transaction (the access check reads through its own connection); inside it
   * the row is read again (`inTx`).
   */
  async function requirePortalSchedule(actor: AuthUser, id: number): Promise<void> {
    requireBrandOrAdmin(actor);
    const row = await uow.repos.schedules.find(id);
    if (!row) throw notFound(SCHEDULE_MSG.notFound);
    await deps.customerAccess.require(actor, row.customerId);
    if (!row.portal) throw notFound(SCHEDULE_MSG.notFound);
  }
  async function portalScheduleInTx(repos: SchedulesRepos, id: number) {
    const row = await repos.schedules.find(id);
    if (!row) throw notFound(SCHEDULE_MSG.notFound);
    await requireCustomer(repos, row.customerId);
    return row;
  }

  /** A brand user mails its own organisation only: every recipient at the domain of its own address. */
  function requireOwnDomain(actor: AuthUser, recipients: string[]): void {
    if (!actor.isBrand) return;
    const own = domainOf(actor.email);
    const errors = recipients.flatMap((r, i) => (domainOf(r) === own ? [] : [SCHEDULE_MSG.recipientDomain(i + 1, r, own)]));
    if (errors.length) throw validationError({ recipients: errors });
  }

  return {
    /** The portal's schedules of a customer: those made in the portal. */
    async listPortal(actor: AuthUser, query: PortalScheduleQuery): Promise<ScheduleView[]> {
      await portalCustomer(actor, query.customer_id);
      await requireCustomer(uow.repos, query.customer_id);
      return listOf(query.customer_id, { portal: true });
    },

    /** A brand's schedule: to its own e-mail domain only, sent by the scheduler as any other. */
    async createPortal(actor: AuthUser, body: PortalScheduleBody): Promise<ScheduleView> {
      await portalCustomer(actor, body.customer_id);
      requireOwnDomain(actor, body.recipients);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        await requireCustomer(tx, body.customer_id);
        const id = await tx.schedules.insert(body.customer_id, scheduleWrite(body), actor.username, now, true);
        const created = await viewOne(tx, id);
        await tx.audit.record({ actor, action: 'create', entityType: 'report_schedule', entityId: id, after: snapshot(created) }, now);
        return created;
      });
    },

    /** Pause (false) or resume (true) a portal schedule; resumed, it counts from now. */
    async setPortalActive(actor: AuthUser, id: number, active: boolean): Promise<ScheduleView> {
      await requirePortalSchedule(actor, id);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        const row = await portalScheduleInTx(tx, id);
        if (row.active === active) return viewOne(tx, id);
        const before = await viewOne(tx, id);
        await tx.schedules.update(id, { ...scheduleWriteOf(row), active, ...(active ? { startsAt: now } : {}) }, now);
        const after = await viewOne(tx, id);
        await tx.audit.record(
          { actor, action: 'update', entityType: 'report_schedule', entityId: id, before: snapshot(before), after: snapshot(after) },
          now,
        );
        return after;
      });
    },

    async removePortal(actor: AuthUser, id: number): Promise<void> {
      await requirePortalSchedule(actor, id);
      const now = clock.now();
      await uow.transaction(async (tx) => {
        await portalScheduleInTx(tx, id);
        const before = await viewOne(tx, id);
        await tx.schedules.remove(id);
        await tx.audit.record({ actor, action: 'delete', entityType: 'report_schedule', entityId: id, before: snapshot(before) }, now);
      });
    },

    async list(actor: AuthUser, customerId: number): Promise<ScheduleView[]> {
      requireAdmin(actor);
      await requireCustomer(uow.repos, customerId);
      return listOf(customerId);
    },

    async create(actor: AuthUser, customerId: number, body: ScheduleBody): Promise<ScheduleView> {
      requireAdmin(actor);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        await requireCustomer(tx, customerId);
        const id = await tx.schedules.insert(customerId, scheduleWrite(body), actor.username, now);
        const created = await viewOne(tx, id);
        await tx.audit.record({ actor, action: 'create', entityType: 'report_schedule', entityId: id, after: snapshot(created) }, now);
        return created;
      });
    },

    async update(actor: AuthUser, id: number, body: ScheduleBody): Promise<ScheduleView> {
      requireAdmin(actor);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        const { repo, row } = await requireSchedule(tx, id);
        const before = await viewOne(tx, id);
        const values = scheduleWrite(body);
        // A new timing, or a paused schedule started again, counts from now: no run of a period before.
        const restart = timingKey(values) !== timingKey(row) || (values.active && !row.active);
        await repo.update(id, { ...values, ...(restart ? { startsAt: now } : {}) }, now);
        const after = await viewOne(tx, id);
        if (changedKeys(snapshot(before), snapshot(after)).length) {
          await tx.audit.record(
            { actor, action: 'update', entityType: 'report_schedule', entityId: id, before: snapshot(before), after: snapshot(after) },
            now,
          );
        }
        return after;
      });
    },

    async remove(actor: AuthUser, id: number): Promise<void> {
      requireAdmin(actor);
      const now = clock.now();
      await uow.transaction(async (tx) => {
        const { repo } = await requireSchedule(tx, id);
        const before = await viewOne(tx, id);
        await repo.remove(id);
        await tx.audit.record({ actor, action: 'delete', entityType: 'report_schedule', entityId: id, before: snapshot(before) }, now);
      });
    },

    /**
     * "Send now": a run of the period the latest due time covered (e.g. yesterday for a daily
     * schedule), queued at once. Not keyed, so it never blocks or replaces the scheduled run.
     */
    async sendNow(actor: AuthUser, id: number): Promise<ScheduleView> {
      requireAdmin(actor);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        const { repo, row, customer } = await requireSchedule(tx, id);
        const due = latestDue(timingOf(row), now);
        const period = periodOf(timingOf(row), due.date);
        const runId = (await repo.insertRun(
          { scheduleId: id, dueAt: now, manual: true, periodFrom: period.from, periodTo: period.to, requestedBy: actor.username },
          now,
        ))!;
        await queueRun(tx, row, customer.company, runId, period, actor.username, now);
        return viewOne(tx, id);
      });
    },

    /**
     * The scheduler's tick: for every active schedule whose latest due time is at or after its
     * start and has no run yet, one run. After a downtime that spanned several due times only the
     * latest is sent (once); the periods before it are not caught up one by one.
     * Answers the number of runs queued by this call.
     */
    async runDue(now: Date): Promise<number> {
      const schedules = await uow.repos.schedules.active();
      if (!schedules.length) return 0;
      const last = await uow.repos.schedules.lastScheduledDue(schedules.map((s) => s.id));
      let queued = 0;
      for (const schedule of schedules) {
        const timing = timingOf(schedule);
        const due = latestDue(timing, now);
        if (due.at.getTime() < schedule.startsAt.getTime()) continue;
        const sent = last.get(schedule.id);
        if (sent && sent.getTime() >= due.at.getTime()) continue;
        const period = periodOf(timing, due.date);
        const inserted = await uow.transaction(async (tx) => {
          const runId = await tx.schedules.insertRun(
            {
              scheduleId: schedule.id,
              dueAt: due.at,
              manual: false,
              periodFrom: period.from,
              periodTo: period.to,
              requestedBy: schedule.createdBy,
            },
            now,
          );
          if (runId === undefined) return false; // another node queued it
          await queueRun(tx, schedule, schedule.company, runId, period, schedule.createdBy, now);
          return true;
        });
        if (inserted) queued++;
      }
      return queued;
    },
  };
}
export type SchedulesService = ReturnType<typeof createSchedulesService>;
