import pg from 'pg';

/**
 * Where a read-only page (history, dashboard, exports, task monitor) reads (issue 29): the
 * streaming replica when it has replayed everything the primary had written when the read began,
 * else the primary. That is stronger than read-your-writes: a caller's own acknowledged write
 * (the return it just submitted, the session it just opened) was written before the read began,
 * so it is always seen, on whichever node the caller lands; another user's write a moment old is
 * seen too. The check costs two one-row round trips (`pg_current_wal_lsn()` on the primary,
 * `pg_last_wal_replay_lsn()` on the replica, each ≈ 0.02 ms of CPU) against the ≈ 0.9–7 ms the page
 * itself costs. A replica behind by more than `maxWaitMs` (a long report query holding replay, a
 * paused or broken replica) sends the read to the primary: slower, never wrong.
 * Generic over the database handle (client.ts's Db) so this file does not import client.ts.
 * Writes, transactions and the reads that decide a write never come here.
 */
export interface ReadRouter<D> {
  readDb(): Promise<D>;
  /** Reads sent to each side since start (for tests, logs and the scale test). */
  readonly counts: { replica: number; primary: number };
  close(): Promise<void>;
}

export function createReadRouter<D>(options: {
  primary: D;
  primaryPool: pg.Pool;
  replica: D;
  replicaPool: pg.Pool;
  maxWaitMs: number;
  /** How long to wait between two looks at the replica's replay position. */
  stepMs?: number;
}): ReadRouter<D> {
  const counts = { replica: 0, primary: 0 };
  const step = options.stepMs ?? 5;
  const caughtUp = async (lsn: string): Promise<boolean | undefined> => {
    try {
      // NULL (not a standby) counts as not caught up: that URL is not a replica.
      const r = await options.replicaPool.query<{ ok: boolean | null }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn]);
      return r.rows[0]?.ok === true;
    } catch {
      return undefined; // replica unreachable: read the primary, do not wait
    }
  };
  return {
    counts,
    async readDb() {
      const { rows } = await options.primaryPool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      const lsn = rows[0]!.lsn;
      const deadline = Date.now() + options.maxWaitMs;
      for (;;) {
        const ok = await caughtUp(lsn);
        if (ok) {
          counts.replica++;
          return options.replica;
        }
        if (ok === undefined || Date.now() >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, step));
      }
      counts.primary++;
      return options.primary;
    },
    close: () => options.replicaPool.end(),
  };
}
