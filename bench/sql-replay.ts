/**
 * The app's own SQL, replayed raw (issue 13): PostgreSQL logs every statement the app sends for one
 * request (log_statement = all on the bench database only), and the log becomes a pgbench script
 * with the same statements, parameters, order and BEGIN/COMMIT shape. Reading the server log needs
 * the rights to /var/log/postgresql (root or the postgres user), as benches run here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** One statement as the server received it. */
export interface CapturedStatement {
  pid: number;
  /** The statement text with $1…$n, or a simple-protocol statement (BEGIN, COMMIT). */
  text: string;
  params: (string | null)[];
  /** The prepared statement's name (null: unnamed or simple protocol). */
  name: string | null;
}

const LOG_DIR = process.env.BENCH_PG_LOG_DIR ?? '/var/log/postgresql';

/** The newest server log (the one being written). */
function currentLog(): string {
  const files = readdirSync(LOG_DIR)
    .filter((f) => f.endsWith('.log'))
    .map((f) => `${LOG_DIR}/${f}`);
  if (!files.length) throw new Error(`no PostgreSQL log in ${LOG_DIR}`);
  return files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
}

/** Debian's log_line_prefix `%m [%p] %q%u@%d `: time, pid, then user@database for sessions. */
const ENTRY = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \w+ \[(\d+)\] (?:\S*@\S* )?(\w+): {2}([\s\S]*)$/;

/** Log entries (a first line with the prefix `%m [%p] ` and its continuation lines) of these backends. */
function entries(text: string, pids: Set<number>): { pid: number; level: string; body: string }[] {
  const out: { pid: number; level: string; body: string }[] = [];
  for (const line of text.split('\n')) {
    const m = ENTRY.exec(line);
    if (m) out.push({ pid: Number(m[1]), level: m[2]!, body: m[3]! });
    else if (out.length && line.length) out[out.length - 1]!.body += `\n${line}`;
  }
  return out.filter((e) => pids.has(e.pid));
}

/** `$1 = '5', $2 = NULL, $3 = 'it''s'` → ['5', null, "it's"] (by number). */
export function parseParameters(detail: string): (string | null)[] {
  const params: (string | null)[] = [];
  const re = /\$(\d+) = (NULL|'((?:[^']|'')*)')/g;
  for (let m = re.exec(detail); m; m = re.exec(detail)) {
    params[Number(m[1]) - 1] = m[2] === 'NULL' ? null : m[3]!.replace(/''/g, "'");
  }
  return params;
}

/** Parses the statements of a log excerpt (log_statement = all) sent by these backends, in order. */
export function parseStatementLog(text: string, pids: Set<number>): CapturedStatement[] {
  const out: CapturedStatement[] = [];
  for (const e of entries(text, pids)) {
    if (e.level === 'LOG') {
      const simple = /^statement: ([\s\S]*)$/.exec(e.body);
      const execute = /^execute ([^:]+): ([\s\S]*)$/.exec(e.body);
      if (simple) out.push({ pid: e.pid, text: simple[1]!.trim(), params: [], name: null });
      else if (execute) {
        const name = execute[1] === '<unnamed>' ? null : execute[1]!;
        out.push({ pid: e.pid, text: execute[2]!.trim(), params: [], name });
      }
    } else if (e.level === 'DETAIL' && e.body.startsWith('parameters:') && out.length) {
      out[out.length - 1]!.params = parseParameters(e.body);
    }
  }
  return out;
}

/**
 * Runs `request` (one request of the app, whose pool connects to `database` afresh) with every
 * statement of that database logged, and answers the statements it sent. `prepare` runs first,
 * unlogged (e.g. start the app so its connections open with log_statement set).
 */
export async function captureStatements<T>(
  adminUrl: string,
  database: string,
  during: (capture: (request: () => Promise<void>) => Promise<CapturedStatement[]>) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Only sessions that start after this log; the caller starts its app inside `during`.
    if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`unexpected database name ${database}`);
    await admin.query(`ALTER DATABASE ${database} SET log_statement = 'all'`);
    return await during(async (request) => {
      const file = currentLog();
      const from = statSync(file).size;
      await request();
      // The log is written by the server's stderr; give it a moment to reach the file.
      await new Promise((r) => setTimeout(r, 300));
      const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
      const buffer = readFileSync(file).subarray(from);
      return parseStatementLog(buffer.toString('utf8'), new Set(rows.map((r) => r.pid)));
    });
  } finally {
    await admin.query(`ALTER DATABASE ${database} RESET log_statement`).catch(() => undefined);
    await admin.end();
  }
}

/** One request's statements, with the draft id it submitted and the return id the server gave it. */
export interface CapturedRequest {
  statements: CapturedStatement[];
  draftId: string;
  returnId?: string;
}

/** A pgbench script with its -D constants, and the table of the parameters that differ between requests. */
export interface Replay {
  script: string;
  defines: Record<string, string>;
  /** Columns (text) and one row a request; the script reads row `n` (random) with \gset first. */
  params: { table: string; columns: string[]; rows: string[][] };
}

export const REPLAY_TABLE = 'replay_params';

// A statement's leading block comment, e.g. the "prepared:name" label of the app's prepared statements.
export const LEADING_COMMENT = /^\s*\/\*[^*]*\*\/\s*/;

/**
 * A pgbench script (-M prepared) replaying requests of the same shape (the same statements, only
 * parameters differ, e.g. one submit per order): each transaction picks one of them at random and
 * reads its parameters from REPLAY_TABLE (one primary-key lookup, \gset), so every statement is
 * prepared once per client as the app's are. Parameters that all requests share are -D constants.
 * The draft id is a fresh random one per transaction (no submit is answered from an earlier one),
 * the return id is the one the insert answers (\gset) where a later statement names it. Statements
 * run one after another on one connection, in the captured order, BEGIN/COMMIT included.
 */
export function replayScript(requests: CapturedRequest[], table = REPLAY_TABLE): Replay {
  const shape = requests[0]!.statements;
  // Statements an app runs at once on several connections (Promise.all) reach the log in any
  // order: each request's are put in the first one's order, matched by their text.
  requests = requests.map((r) => {
    const left = [...r.statements];
    const statements = shape.map((s) => {
      const i = left.findIndex((x) => x.text === s.text);
      if (i < 0 || r.statements.length !== shape.length) throw new Error('the captured requests differ in their statements');
      return left.splice(i, 1)[0]!;
    });
    return { ...r, statements };
  });
  const defines: Record<string, string> = {};
  const columns: string[] = [];
  const rows: string[][] = requests.map(() => []);
  const special = (r: CapturedRequest, value: string | null | undefined) =>
    value === r.draftId ? `('__r' || :draft::text)` : r.returnId !== undefined && value === r.returnId ? ':r_id' : undefined;
  const namesReturnId = (i: number) =>
    requests.some((r) => r.returnId !== undefined && r.statements.slice(i + 1).some((s) => s.params.includes(r.returnId!)));
  const lines = [`\\set draft random(1, 9000000000000000)`];
  const body = shape.map((s, i) => {
    const text = s.text.replace(/\$(\d+)/g, (_, n: string) => {
      const values = requests.map((r) => r.statements[i]!.params[Number(n) - 1]);
      const first = special(requests[0]!, values[0]);
      if (first) return first;
      const name = `s${i}_${n}`;
      if (values.some((v) => v !== values[0])) {
        columns.push(name);
        values.forEach((v, k) => rows[k]!.push(v ?? ''));
        return `:${name}`;
      }
      const value = values[0];
      if (value === null || value === undefined) return 'NULL';
      // pgbench -D takes no empty value: the empty string goes into the text.
      if (value === '') return "''";
      defines[name] = value;
      return `:${name}`;
    });
    // pgbench reads a statement up to its semicolon at the end of a line: one line each, comments dropped.
    // The leading label comment (/*prepared:…*/) goes too: pgbench 15 -M prepared leaves the
    // variables of a statement that starts with one untyped ("could not determine data type of parameter $1").
    const oneLine = text
      .replace(LEADING_COMMENT, '')
      .replace(/--[^\n]*/g, '')
      .replace(/\s+/g, ' ');
    return `${oneLine}${/^insert into "?returns"? /i.test(text) && namesReturnId(i) ? ' \\gset r_' : ';'}`;
  });
  if (columns.length) {
    lines.push(`\\set n random(0, ${requests.length - 1})`);
    lines.push(`SELECT ${columns.join(', ')} FROM ${table} WHERE n = :n \\gset`);
  }
  return { script: `${[...lines, ...body].join('\n')}\n`, defines, params: { table, columns, rows } };
}

/** Creates the replay's table (REPLAY_TABLE unless named) in the bench database with its varying parameters. */
export async function loadReplayParams(url: string, replay: Replay): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { table, columns, rows } = replay.params;
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.query(`CREATE TABLE ${table} (n int PRIMARY KEY${columns.map((c) => `, ${c} text`).join('')})`);
    for (const [n, row] of rows.entries()) {
      await client.query(`INSERT INTO ${table} VALUES ($1${row.map((_, i) => `, $${i + 2}`).join('')})`, [n, ...row]);
    }
  } finally {
    await client.end();
  }
}

/** CPU ms (user + system) so far of every PostgreSQL backend connected to `database`, by pid (Linux /proc). */
export function backendCpuMs(database: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // A backend's title: "postgres: 15/main: <user> <database> <client> <state>".
      if (!cmdline.startsWith('postgres: ') || !cmdline.split(' ').includes(database)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** CPU ms the database's backends used between two backendCpuMs readings (a backend that started in between counts whole). */
export function backendCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** CPU ms so far of this process' waited-for children (e.g. pgbench), from /proc/self/stat. */
export function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

/**
 * pgbench (-M prepared, tps without connection set-up) running a replay (loadReplayParams first).
 * Answers the tps, and per transaction the CPU ms of the database's backends (read every 100 ms while pgbench
 * runs, as its backends end with it) and of pgbench itself.
 */
export async function pgbenchReplay(opts: {
  url: string;
  database: string;
  replay: Replay;
  clients: number;
  seconds: number;
}): Promise<{ tps: number; pgMs: number; clientMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'rd-replay-'));
  const args = ['-n', '-M', 'prepared', '-c', String(opts.clients), '-j', '2', '-T', String(opts.seconds)];
  const file = join(dir, 'replay.sql');
  writeFileSync(file, opts.replay.script);
  args.push('-f', file);
  for (const [k, v] of Object.entries(opts.replay.defines)) args.push('-D', `${k}=${v}`);
  // The exact command, to re-run the replay by hand (e.g. with KEEP_BENCH_DB=1).
  const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  writeFileSync(join(dir, 'command.sh'), `pgbench ${[...args, opts.url].map(quote).join(' ')}\n`);
  const first = backendCpuMs(opts.database);
  const last = new Map(first);
  const sample = () => {
    for (const [pid, ms] of backendCpuMs(opts.database)) last.set(pid, ms);
  };
  const timer = setInterval(sample, 100);
  const client0 = childrenCpuMs();
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn('pgbench', [...args, opts.url]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench failed (${code}): ${err.slice(-2000)}`))));
  });
  clearInterval(timer);
  sample();
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  const done = /number of transactions actually processed: (\d+)/.exec(stdout);
  if (!m || !done) throw new Error(`pgbench: no result in ${stdout}`);
  const transactions = Number(done[1]);
  return {
    tps: Number(m[1]),
    pgMs: backendCpuDelta(first, last) / transactions,
    clientMs: (childrenCpuMs() - client0) / transactions,
  };
}
