// The read replica watched while the scale test's load and faults run (issue 29: "the replica's reads
// never newer than the primary's and the caller's own writes seen at once"). Every few hundred
// milliseconds, with returns being submitted all the while:
//  * History's total (GET /returns through HAProxy: a page read-routed to the replica when it has
//    caught up, db/read-routing.ts) between two counts of the same returns on the primary: it must
//    lie between them — not above the count after (a replica newer than the primary) nor below the
//    count before (a read older than what was committed when it began);
//  * the replica's replay position, then the primary's write position: replay ≤ write, and the lag
//    in bytes; the replica's own count of the returns, then the primary's: replica ≤ primary.
// A count can run ahead of the primary for a moment without anything being wrong: PostgreSQL flushes
// a commit's WAL record (which the standby may replay at once) before the primary's own snapshots
// see the commit, so a standby can show a row a few milliseconds before the primary does (the
// submit has not been acknowledged yet either). Such a count is looked at again on the primary
// for up to a second: caught up, it is counted as "ahead for a moment"; still ahead, it fails.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Db } from '../../src/server/db/client.js';

export interface ReplicaSamples {
  /** History totals read between two primary counts (a sample a fault made fail is not counted). */
  historySamples: number;
  /** Of those, totals above the primary's count after the read, and below its count before. */
  historyNewerThanPrimary: number;
  historyOlderThanItsStart: number;
  /** History totals that trailed the primary's count after the read (a submit landed meanwhile). */
  historyBehindPrimaryAfter: number;
  lsnSamples: number;
  /** Samples whose replay position was past the primary's write position. */
  replayAhead: number;
  /** Samples where the replica counted more returns than the primary a second later. */
  countAhead: number;
  /** History totals or replica counts ahead of the primary until its snapshot saw the commit. */
  aheadForAMoment: number;
  /** The largest replay lag seen, in bytes of WAL and in returns. */
  maxLagBytes: number;
  maxLagReturns: number;
  /** The last History total and primary count seen (both grow during the load). */
  lastHistoryTotal: number;
}

export function startReplicaSampler(o: {
  base: string;
  token: string;
  customerId: number;
  primary: Db;
  replicaUrl: string;
  everyMs?: number;
}): { stop(): Promise<ReplicaSamples> } {
  const replica = new pg.Pool({ connectionString: o.replicaUrl, max: 1 });
  const s: ReplicaSamples = {
    historySamples: 0,
    historyNewerThanPrimary: 0,
    historyOlderThanItsStart: 0,
    historyBehindPrimaryAfter: 0,
    lsnSamples: 0,
    replayAhead: 0,
    countAhead: 0,
    aheadForAMoment: 0,
    maxLagBytes: 0,
    maxLagReturns: 0,
    lastHistoryTotal: 0,
  };
  const primaryCount = async () =>
    (await queryRows<{ n: number }>(o.primary, sql`SELECT count(*)::int AS n FROM returns WHERE customer_id = ${o.customerId}`))[0]!.n;
  /** Whether the primary counts `n` returns within a second (see the head of this file). */
  const primaryReaches = async (n: number) => {
    for (let i = 0; i < 20; i++) {
      if ((await primaryCount()) >= n) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };
  const historyTotal = async (): Promise<number | undefined> => {
    const res = await fetch(`${o.base}/returns?page=1`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-forwarded-for': '10.0.7.1' },
    }).catch(() => undefined);
    if (res?.status !== 200) return undefined;
    return ((await res.json()) as { message: { total_records: number } }).message.total_records;
  };
  const sampleHistory = async () => {
    const before = await primaryCount();
    const total = await historyTotal();
    const after = await primaryCount();
    if (total === undefined) return;
    s.historySamples++;
    s.lastHistoryTotal = total;
    if (total > after) {
      if (await primaryReaches(total)) s.aheadForAMoment++;
      else s.historyNewerThanPrimary++;
    }
    if (total < before) s.historyOlderThanItsStart++;
    if (total < after) s.historyBehindPrimaryAfter++;
  };
  const sampleReplica = async () => {
    // The replica first, then the primary: what the replica shows must already be on the primary.
    const { rows } = await replica.query<{ lsn: string; n: number }>(
      'SELECT pg_last_wal_replay_lsn()::text AS lsn, (SELECT count(*)::int FROM returns WHERE customer_id = $1) AS n',
      [o.customerId],
    );
    const [p] = await queryRows<{ ahead: boolean; lag: string; n: number }>(
      o.primary,
      sql`SELECT ${rows[0]!.lsn}::pg_lsn > pg_current_wal_lsn() AS ahead,
                 pg_wal_lsn_diff(pg_current_wal_lsn(), ${rows[0]!.lsn}::pg_lsn)::text AS lag,
                 (SELECT count(*)::int FROM returns WHERE customer_id = ${o.customerId}) AS n`,
    );
    s.lsnSamples++;
    if (p!.ahead) s.replayAhead++;
    if (rows[0]!.n > p!.n) {
      if (await primaryReaches(rows[0]!.n)) s.aheadForAMoment++;
      else s.countAhead++;
    }
    s.maxLagBytes = Math.max(s.maxLagBytes, Number(p!.lag));
    s.maxLagReturns = Math.max(s.maxLagReturns, p!.n - rows[0]!.n);
  };
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      // A fault (the PgBouncer restart does not touch these direct connections) only skips a sample.
      await sampleHistory().catch(() => undefined);
      await sampleReplica().catch(() => undefined);
      await new Promise((r) => setTimeout(r, o.everyMs ?? 300));
    }
  })();
  return {
    async stop() {
      stopping = true;
      await loop;
      await replica.end();
      return s;
    },
  };
}

/** The samples in the verdict's words. */
export function replicaReport(s: ReplicaSamples) {
  return {
    'History totals sampled between two primary counts': s.historySamples,
    'above the primary count after the read (newer than the primary)': s.historyNewerThanPrimary,
    'below the primary count before the read (older than its start)': s.historyOlderThanItsStart,
    'below the count after (a submit landed during the read)': s.historyBehindPrimaryAfter,
    'replay positions sampled (replica, then primary)': s.lsnSamples,
    "replica's replay position past the primary's write position": s.replayAhead,
    'replica counting more returns than the primary (a second later)': s.countAhead,
    'ahead only until the primary saw the commit (milliseconds)': s.aheadForAMoment,
    'largest replay lag seen (bytes of WAL / returns)': `${s.maxLagBytes} / ${s.maxLagReturns}`,
    'last History total': s.lastHistoryTotal,
  };
}

export function replicaFailures(s: ReplicaSamples): string[] {
  return [
    s.historySamples < 10 && `only ${s.historySamples} History totals sampled during the load`,
    s.lsnSamples < 10 && `only ${s.lsnSamples} replica positions sampled during the load`,
    s.historyNewerThanPrimary > 0 && 'a History total read was newer than the primary',
    s.historyOlderThanItsStart > 0 && 'a History total read was older than the primary when the read began',
    s.replayAhead > 0 && "the replica's replay position was past the primary's",
    s.countAhead > 0 && 'the replica counted more returns than the primary',
  ].filter((f): f is string => typeof f === 'string');
}
