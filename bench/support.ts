/** What every benchmark shares: where PostgreSQL is, a fresh database per run, percentiles. */
import pg from 'pg';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * An empty database for one bench run (an earlier run's is dropped first). `drop()` removes it,
 * unless KEEP_BENCH_DB is set so its plans can be examined afterwards.
 */
export async function freshDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      try {
        if (!process.env.KEEP_BENCH_DB) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** p-th percentile of an ascending list (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
