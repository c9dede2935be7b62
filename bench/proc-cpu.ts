/**
 * What a request costs in CPU, whatever else the shared box runs: the app's processes, the load
 * client and the PostgreSQL backends, read from /proc (Linux). Split out of load.ts, which
 * re-exports it.
 */
import { readFileSync } from 'node:fs';

/** The process and its descendants (node:cluster's workers), from /proc (Linux). */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no such process, or not Linux
  }
  return [pid, ...children.flatMap(processTree)];
}

/** utime + stime of one process, in ms (fields 14 and 15 of stat(5), clock ticks of 10 ms). */
function ownCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) a process and its descendants (cluster workers) have used so far; NaN off Linux. */
export function processCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + ownCpuMs(p), 0);
}

/**
 * How long the main threads (event loops) of the process tree ran on a CPU and how long they
 * waited runnable for one, in ms (/proc/<pid>/schedstat: run ns, wait ns, timeslices).
 */
export function eventLoopSchedMs(pid: number): { run: number; wait: number } {
  let run = 0;
  let wait = 0;
  for (const p of processTree(pid)) {
    try {
      const [r, w] = readFileSync(`/proc/${p}/schedstat`, 'utf8').trim().split(' ').map(Number);
      run += r! / 1e6;
      wait += w! / 1e6;
    } catch {
      // gone
    }
  }
  return { run, wait };
}

export interface CpuPerRequest {
  /** CPU ms a request of the app's processes (user + system, every thread, cluster workers included). */
  serverCpuMs: number;
  /** CPU ms a request of this process (the load client). */
  clientCpuMs: number;
  /** ms a request the app's event-loop threads ran, and waited runnable (the box's share). */
  loopRunMs: number;
  loopWaitMs: number;
  /** CPU ms a request of the PostgreSQL backends given (the app's pool), NaN when none given. */
  postgresCpuMs: number;
}

/**
 * Runs `load` and answers its result with the CPU milliseconds per request of the server process
 * and of this (the load client's) process: what each answer costs, whatever else the box runs.
 * `backends`: the PostgreSQL backends to account as well, asked before and after the load (a
 * backend that is new at the end counts from zero; see backendPids).
 */
export async function withCpu<T extends { requests: number }>(
  pid: number,
  load: () => Promise<T>,
  backends?: () => Promise<number[]>,
): Promise<T & CpuPerRequest> {
  const pg0 = new Map((backends ? await backends() : []).map((p) => [p, ownCpuMs(p)]));
  const server0 = processCpuMs(pid);
  const loop0 = eventLoopSchedMs(pid);
  const client0 = process.cpuUsage();
  const r = await load();
  const client = process.cpuUsage(client0);
  const loop = eventLoopSchedMs(pid);
  const server = processCpuMs(pid);
  const pg1 = backends ? await backends() : [];
  const postgres = pg1.reduce((sum, p) => sum + ((ownCpuMs(p) || 0) - (pg0.get(p) || 0)), 0);
  return {
    ...r,
    serverCpuMs: (server - server0) / r.requests,
    clientCpuMs: (client.user + client.system) / 1000 / r.requests,
    loopRunMs: (loop.run - loop0.run) / r.requests,
    loopWaitMs: (loop.wait - loop0.wait) / r.requests,
    postgresCpuMs: backends ? postgres / r.requests : NaN,
  };
}

/**
 * The PostgreSQL backends of one application (its `application_name`, e.g. set in the app's
 * DATABASE_URL with `?application_name=…`), on the database of `url`.
 */
export function backendPids(url: string, applicationName: string): () => Promise<number[]> {
  return async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
        [applicationName],
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };
}

/** The URL with `application_name` set, so that backendPids finds the connections made with it. */
export function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}
