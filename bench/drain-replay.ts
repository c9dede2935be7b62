/**
 * The drain's own SQL, replayed raw: what one claim of a worker and the work on the tasks it claimed
 * send to PostgreSQL, captured from the server's log (log_statement = all on the bench database),
 * turned into a pgbench script. The claim is replayed as captured (it claims fresh tasks of the
 * replay's queue) and hands the ids it claimed to the statements after it, so every write of the
 * replay changes as many rows as the app's did.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LEADING_COMMENT } from './sql-replay.js';

/** The server's log (Debian's pg_ctlcluster sends stderr here); PG_LOG overrides. */
export const serverLog = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

export const logSize = () => statSync(serverLog).size;

function readFrom(offset: number): string {
  const size = logSize();
  const buf = Buffer.alloc(Math.max(0, size - offset));
  const fd = openSync(serverLog, 'r');
  try {
    readSync(fd, buf, 0, buf.length, offset);
  } finally {
    closeSync(fd);
  }
  return buf.toString('utf8');
}

export interface LoggedStatement {
  pid: number;
  sql: string;
  params: (string | null)[];
}

const PREFIX = /^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[(\d+)\] (\S*)@(\S*) (\w+): {2}([\s\S]*)$/;

/** The statements `database` executed since `offset` in the log, with their parameters, in log order. */
export function loggedStatements(offset: number, database: string): LoggedStatement[] {
  const entries: { pid: number; db: string; level: string; text: string }[] = [];
  for (const line of readFrom(offset).split('\n')) {
    const m = PREFIX.exec(line);
    if (m) entries.push({ pid: Number(m[1]), db: m[3]!, level: m[4]!, text: m[5]! });
    else if (entries.length) entries.at(-1)!.text += `\n${line}`;
  }
  const out: LoggedStatement[] = [];
  const last = new Map<number, LoggedStatement>();
  for (const e of entries) {
    if (e.db !== database) continue;
    const exec = /^(?:execute [^:]*|statement): ([\s\S]*)$/.exec(e.level === 'LOG' ? e.text : '');
    if (exec) {
      const s = { pid: e.pid, sql: exec[1]!.trim(), params: [] };
      out.push(s);
      last.set(e.pid, s);
      continue;
    }
    const detail = /^parameters: ([\s\S]*)$/.exec(e.level === 'DETAIL' ? e.text : '');
    const s = last.get(e.pid);
    if (detail && s) {
      for (const p of detail[1]!.matchAll(/\$(\d+) = (NULL|'((?:[^']|'')*)')/g)) {
        s.params[Number(p[1]) - 1] = p[2] === 'NULL' ? null : p[3]!.replace(/''/g, "'");
      }
    }
  }
  return out;
}

const isClaim = (s: LoggedStatement) => /^update "tasks" set/i.test(s.sql) && /FOR UPDATE SKIP LOCKED/i.test(s.sql);
/** Statements of the worker node's other schedules (roll-up fold, report schedules, photo cleanup, wake-up), not the drain's. */
const isBackground = (s: LoggedStatement) =>
  /dashboard_deltas|dashboard_daily|report_schedule|^LISTEN|pg_notify|^delete from "photos"|^DELETE FROM "?photos"? /i.test(s.sql);

/**
 * The statements from one claim to the next of the worker process `pids` (the middle one of those
 * that claimed something), and the ids that claim took — found in the database afterwards by the
 * claim's log entry (its time and worker).
 */
export function oneUnit(statements: LoggedStatement[]): LoggedStatement[] {
  const units: LoggedStatement[][] = [];
  for (const s of statements) {
    if (isClaim(s)) units.push([s]);
    else if (units.length && !isBackground(s)) units.at(-1)!.push(s);
  }
  const busy = units.filter((u) => u.length > 1);
  if (!busy.length) throw new Error('no claim with work found in the captured log');
  return busy[Math.floor(busy.length / 2)]!;
}

/** The claimed-entry (at, worker) a claim statement writes, to find the tasks it took. */
export function claimEntry(claim: LoggedStatement): { at: string; worker: string } {
  for (const p of claim.params) {
    if (p?.startsWith('[{') && p.includes('"claimed"')) {
      const [entry] = JSON.parse(p) as { at: string; worker: string }[];
      return { at: entry!.at, worker: entry!.worker };
    }
  }
  throw new Error('the claim has no claimed entry among its parameters');
}

/**
 * The pgbench script of a unit: the claim, wrapped so that it hands the ids it took (`:ids`, an
 * array, and `:id`, the first) to the later statements, which get them where the app sent the
 * claimed tasks' ids. Every other parameter goes as a parameter too (pgbench variables, -D), as the
 * app sends it; NULLs and values over 100 kB are written in.
 */
export function unitScript(unit: LoggedStatement[], claimedIds: number[]): { script: string; defines: Record<string, string> } {
  const ids = new Set(claimedIds.map(String));
  const sameIds = (v: string) => {
    const m = /^\{([\d,]+)\}$/.exec(v);
    if (!m) return false;
    const list = m[1]!.split(',');
    return list.length === ids.size && list.every((x) => ids.has(x));
  };
  const defines: Record<string, string> = {};
  // Without the leading label comment: pgbench 15 leaves the variables of such a statement untyped.
  const inline = (s: LoggedStatement, k: number) =>
    s.sql
      .replace(LEADING_COMMENT, '')
      .replace(/\$(\d+)/g, (_, n: string) => {
        const v = s.params[Number(n) - 1] ?? null;
        if (v === null) return 'NULL';
        if (claimedIds.length === 1 && v === String(claimedIds[0])) return ':id';
        if (sameIds(v)) return ':ids';
        // One argument of a process may not pass 128 kB (a large batch's files): such a value is written in.
        if (Buffer.byteLength(v) > 100_000) return `'${v.replace(/'/g, "''")}'`;
        defines[`s${k}p${n}`] = v;
        return `:s${k}p${n}`;
      })
      .replace(/\s+/g, ' ');
  const [claim, ...rest] = unit;
  const lines = [
    `WITH c AS (${inline(claim!, 0)}) SELECT '{' || string_agg(id::text, ',' ORDER BY id) || '}' AS ids, min(id) AS id FROM c \\gset`,
    ...rest.map((s, k) => `${inline(s, k + 1)};`),
  ];
  return { script: `${lines.join('\n')}\n`, defines };
}

/** Writes `contents` as files the way the folder transport does (temporary name, then rename); answers ms per file. */
export async function fileWriteMs(dir: string, contents: string[]): Promise<number> {
  await mkdir(dir, { recursive: true });
  const started = performance.now();
  for (const [i, c] of contents.entries()) {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `.f${i}.part`), c);
    await rename(join(dir, `.f${i}.part`), join(dir, `f${i}.xml`));
  }
  return (performance.now() - started) / contents.length;
}

/** pgbench with a custom script (as bench/load.ts pgbench, -M prepared), run without blocking this process; tps without connection set-up. */
export function pgbenchAsync(opts: {
  url: string;
  script: string;
  defines: Record<string, string>;
  clients: number;
  seconds: number;
}): Promise<number> {
  const file = join(mkdtempSync(join(tmpdir(), 'rd-pgbench-')), 'script.sql');
  writeFileSync(file, opts.script);
  const args = ['-n', '-M', 'prepared', '-c', String(opts.clients), '-j', '2', '-T', String(opts.seconds), '-f', file];
  for (const [k, v] of Object.entries(opts.defines)) args.push('-D', `${k}=${v}`);
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', [...args, opts.url]);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', () => {
      const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      if (/aborted|ERROR/.test(out)) reject(new Error(`pgbench replay failed: ${out.slice(-2000)}`));
      else if (m) resolve(Number(m[1]));
      else reject(new Error(`pgbench failed: ${out.slice(-2000)}`));
    });
  });
}
