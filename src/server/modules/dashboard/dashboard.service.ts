import { DASHBOARD_FAILED_LIMIT, type DashboardAnswer, type DashboardQuery } from '../../../contract/dashboard.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { DISCREPANCY_LABELS } from '../../../contract/dispositions.js';
import { DEFAULT_GRADE_SCALE, GRADES } from '../../../contract/inspection-rules.js';
import { createDashboardRepository, type ParcelScope, type RollupRow, type TaskScope } from './dashboard.repository.js';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** The period's first and last UTC day: a preset ends today. */
export function periodDays(q: Pick<DashboardQuery, 'period' | 'from' | 'to'>, now: Date): { from: string; to: string } {
  const today = isoDay(now);
  if (q.period === 'range') return { from: q.from!, to: q.to! };
  const back = q.period === 'today' ? 0 : q.period === '7d' ? 6 : 29;
  return { from: addDays(today, -back), to: today };
}

type KeyFigure = DashboardAnswer['reasons'][number];
/** The label of lines saved without a disposition (before dispositions, or a customer without any). */
export const NO_DISPOSITION = 'None';
const GRADE_ORDER = (key: string) => {
  const i = (GRADES as readonly string[]).indexOf(key);
  return i < 0 ? GRADES.length : i;
};

/** The dashboard's figures from the roll-up rows of a period (see schema/dashboard.ts for the metrics). */
export function shapeRollups(
  rows: RollupRow[],
  from: string,
  to: string,
  labels: { reasons: Map<string, string>; dispositions: Map<string, string>; grades?: Map<string, string> },
) {
  const days = new Map<string, { day: string; returns: number; units: number }>();
  for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, { day: d, returns: 0, units: 0 });
  const kinds = { blind: { returns: 0, units: 0 }, order: { returns: 0, units: 0 } };
  const reasons = new Map<string, KeyFigure>();
  const conditions = new Map<string, KeyFigure>();
  const dispositions = new Map<string, KeyFigure>();
  const discrepancies = new Map<string, KeyFigure>();
  const grades = new Map<string, KeyFigure>();
  const photos = { with: 0, without: 0 };
  const addTo = (into: Map<string, KeyFigure>, r: RollupRow, label: string) => {
    const f = into.get(r.key) ?? { key: r.key, label, lines: 0, units: 0 };
    f.lines += r.n;
    f.units += r.units;
    into.set(r.key, f);
  };
  const operators = new Map<number, { units: number; lines: number; hours: Set<string> }>();
  let lines = 0;
  for (const r of rows) {
    if (r.metric === 'kind') {
      const day = days.get(r.day);
      if (day) {
        day.returns += r.n;
        day.units += r.units;
      }
      const kind = r.key === 'blind' ? kinds.blind : kinds.order;
      kind.returns += r.n;
      kind.units += r.units;
    } else if (r.metric === 'reason') {
      addTo(reasons, r, labels.reasons.get(r.key) ?? r.key);
    } else if (r.metric === 'condition') {
      addTo(conditions, r, r.key);
      lines += r.n;
    } else if (r.metric === 'disposition') {
      addTo(dispositions, r, r.key === '' ? NO_DISPOSITION : (labels.dispositions.get(r.key) ?? r.key));
    } else if (r.metric === 'discrepancy') {
      addTo(discrepancies, r, DISCREPANCY_LABELS[r.key as keyof typeof DISCREPANCY_LABELS] ?? r.key);
    } else if (r.metric === 'grade') {
      addTo(grades, r, labels.grades?.get(r.key) ?? DEFAULT_GRADE_SCALE.find((g) => g.grade === r.key)?.label ?? r.key);
    } else if (r.metric === 'photos') {
      if (r.key === 'with') photos.with += r.n;
      else photos.without += r.n;
    } else if (r.metric === 'operator_hour') {
      const [user, hour] = r.key.split(':');
      const o = operators.get(Number(user)) ?? { units: 0, lines: 0, hours: new Set<string>() };
      o.units += r.units;
      o.lines += r.n;
      if (r.units > 0) o.hours.add(`${r.day} ${hour}`);
      operators.set(Number(user), o);
    }
  }
  const byUnits = (a: KeyFigure, b: KeyFigure) => b.units - a.units || a.key.localeCompare(b.key);
  const figures = (m: Map<string, KeyFigure>) => [...m.values()].filter((f) => f.lines || f.units).sort(byUnits);
  return {
    totals: { returns: kinds.blind.returns + kinds.order.returns, units: kinds.blind.units + kinds.order.units, lines },
    days: [...days.values()],
    kinds,
    reasons: figures(reasons),
    conditions: figures(conditions),
    photos,
    dispositions: figures(dispositions),
    discrepancies: figures(discrepancies),
    // In the scale's order (A before B …), not by units: a grade mix reads best so.
    grades: figures(grades).sort((a, b) => GRADE_ORDER(a.key) - GRADE_ORDER(b.key)),
    operators: [...operators.entries()]
      .filter(([, o]) => o.units || o.lines)
      .map(([userId, o]) => ({
        user_id: userId,
        units: o.units,
        lines: o.lines,
        active_hours: o.hours.size,
        units_per_hour: o.hours.size ? Math.round((o.units / o.hours.size) * 10) / 10 : 0,
      })),
  };
}

/** The dashboard (issue 12): figures of the user's customers, or of one of them, for a period. */
export function createDashboardService(deps: {
  db: Db;
  customerAccess: CustomerAccess;
  clock: Clock;
  /** Where the figures are read: the replica when caught up (db/read-routing.ts). */
  readDb?: () => Promise<Db>;
}) {
  return {
    async read(user: AuthUser, q: DashboardQuery): Promise<DashboardAnswer> {
      const now = deps.clock.now();
      const { from, to } = periodDays(q, now);
      let customerIds: number[];
      let scope: TaskScope;
      let parcelScope: ParcelScope;
      if (q.customer_id !== undefined) {
        // 404 for an unknown customer, 403 for one the operator is not linked to.
        await deps.customerAccess.require(user, q.customer_id);
        customerIds = [q.customer_id];
        scope = { customerIds };
        parcelScope = { customerId: q.customer_id };
      } else {
        customerIds = (await deps.customerAccess.listVisible(user)).map((c) => c.id);
        // An admin's "all" includes the tasks of no customer (inbound scans, mail).
        scope = user.isSu ? 'all' : { customerIds };
        parcelScope = user.isSu ? 'all' : { visibleCustomerIds: customerIds, withUnassigned: deps.customerAccess.seesUnassigned(user) };
      }
      const repo = createDashboardRepository(deps.readDb ? await deps.readDb() : deps.db);
      const [rows, reasonTexts, dispositionNames, gradeLabels, backlog, parcels, failed] = await Promise.all([
        repo.rollups(customerIds, from, to),
        repo.reasonTexts(customerIds),
        repo.dispositionNames(customerIds),
        repo.gradeLabels(customerIds),
        repo.backlog(scope),
        repo.waitingParcels(parcelScope, now),
        repo.failedDeliveries(
          scope,
          new Date(`${from}T00:00:00Z`),
          new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
          DASHBOARD_FAILED_LIMIT,
        ),
      ]);
      const shaped = shapeRollups(rows, from, to, { reasons: reasonTexts, dispositions: dispositionNames, grades: gradeLabels });
      // The warehouse's people and their output are not a brand's business (issue 25).
      if (user.isBrand) shaped.operators = [];
      const names = await repo.usernames(shaped.operators.map((o) => o.user_id));
      return {
        from,
        to,
        customer_id: q.customer_id ?? null,
        as_of: now.toISOString(),
        ...shaped,
        operators: shaped.operators
          .map((o) => ({ ...o, username: names.get(o.user_id) ?? `#${o.user_id}` }))
          .sort((a, b) => b.units - a.units || a.username.localeCompare(b.username)),
        backlog,
        parcels,
        failed_deliveries: failed,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;

/** Folds the roll-up deltas until none is left (or another node is folding). */
export async function foldRollups(db: Db, batch = 20_000): Promise<number> {
  const uow = unitOfWork(db, createDashboardRepository);
  let total = 0;
  for (;;) {
    const folded = await uow.transaction(async (repo) => {
      if (!(await repo.tryFoldLock())) return 0;
      return repo.fold(batch);
    });
    total += folded;
    if (folded < batch) return total;
  }
}
