import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, sharedTempDir } from './local-services.js';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL 15 primary and a streaming replica of it (pg_basebackup -R), both the test's own:
 * initdb in a temp folder, 127.0.0.1 only, trust auth. The machine's shared server (5432) has no
 * replication entry in pg_hba.conf and is not ours to reconfigure. As root the tools run as the
 * `postgres` system user (initdb refuses root).
 */
export interface ReplicaPair {
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Runs one statement on the replica (pg_wal_replay_pause(), …). */
  onReplica<T extends pg.QueryResultRow>(database: string, text: string): Promise<T[]>;
  /** Waits until the replica has replayed what the primary has written now. */
  caughtUp(database: string): Promise<void>;
  stop(): Promise<void>;
}

const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]) : run(join(BIN, command), args);

export async function startReplicaPair(): Promise<ReplicaPair> {
  const dir = sharedTempDir('rd-replica-pair-');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const options = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=on -c max_wal_senders=4 -c wal_level=replica -c shared_buffers=32MB`;
  const started: string[] = [];
  const stopAll = async () => {
    for (const d of started.reverse()) await asPostgres('pg_ctl', ['-D', d, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await asPostgres('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    await asPostgres('pg_ctl', ['-D', primaryDir, '-o', options(primaryPort), '-l', join(dir, 'primary.log'), '-w', 'start']);
    started.push(primaryDir);
    await asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    await asPostgres('pg_ctl', ['-D', replicaDir, '-o', options(replicaPort), '-l', join(dir, 'replica.log'), '-w', 'start']);
    started.push(replicaDir);
  } catch (error) {
    await stopAll();
    throw error;
  }
  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const once = async <T extends pg.QueryResultRow>(u: string, text: string, values: unknown[] = []): Promise<T[]> => {
    const c = new pg.Client({ connectionString: u });
    await c.connect();
    try {
      return (await c.query<T>(text, values)).rows;
    } finally {
      await c.end();
    }
  };
  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    onReplica: (database, text) => once(url(replicaPort, database), text),
    async caughtUp(database) {
      const [{ lsn }] = (await once<{ lsn: string }>(url(primaryPort, database), 'SELECT pg_current_wal_lsn()::text AS lsn')) as [
        { lsn: string },
      ];
      for (let i = 0; i < 400; i++) {
        const [row] = await once<{ ok: boolean }>(url(replicaPort, database), 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn]);
        if (row?.ok) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the replica did not catch up in 10 s');
    },
    stop: stopAll,
  };
}
