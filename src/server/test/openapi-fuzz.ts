import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { queryRows, type Db } from '../db/client.js';
import { makeCustomer, makeReason, makeUser } from './factories.js';

/**
 * A fuzzer driven by the app's own OpenAPI document (issue 14): every operation × no token /
 * operator / admin × generated bad path parameters, queries and bodies. Each answer must be no
 * 5xx, in the envelope with code = status, declared by the document (status, content type, body
 * schema), and a refused request must leave every table as it was.
 */

type Schema = Record<string, unknown>;
interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}
export interface Target {
  method: string;
  path: string;
  operation: Operation;
}
export type Role = 'none' | 'operator' | 'admin';

// ---- generated values --------------------------------------------------------------------------

const nasty = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\udbff\udbff',
  '',
  ' ',
  '99999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'null',
  "' or 1=1 --",
  '%',
  '_',
  '../../etc/passwd',
  'All',
  'new',
  'blind',
  '#12',
  '😀',
  'a'.repeat(300),
  'a'.repeat(5000),
);
const badString = fc.oneof(nasty, fc.string({ maxLength: 40, unit: 'binary' }), fc.string({ maxLength: 8 }));
const badNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2_147_483_648, 99_999_999_999, 1e20, Number.MAX_SAFE_INTEGER, -0),
  fc.integer({ min: 1, max: 5 }),
);
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { maxDepth: 2 },
  badString,
  badNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

/** A value the schema accepts (most of the time), so requests also get past validation. */
function validFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema) return anyJson;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options?.length) return fc.oneof(...options.map((o) => validFor(o, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return fc.constantFrom('someone@example.com', 'ops@example.org');
      if (schema.format === 'date') return fc.constantFrom('2026-01-02', '2025-12-31');
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: Number(schema.minLength ?? 0), maxLength: Math.max(Number(schema.minLength ?? 0), 12) });
    case 'integer':
    case 'number':
      return fc.integer({ min: Math.max(Number(schema.minimum ?? 1), 1), max: Math.min(Number(schema.maximum ?? 5), 5) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 2 ? fc.constant([]) : fc.array(validFor(schema.items as Schema, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      if (depth > 3) return fc.constant({});
      const required = new Set((schema.required ?? []) as string[]);
      return fc.record(Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valueFor(s, depth + 1)])), {
        requiredKeys: [...required].filter((k) => k in properties),
      });
    }
    default:
      return anyJson;
  }
}

/** Mostly valid, sometimes bad: so a field's own checks are reached as well as the type check. */
const valueFor = (schema: Schema | undefined, depth = 0) =>
  fc.oneof({ weight: 3, arbitrary: validFor(schema, depth) }, { weight: 1, arbitrary: anyJson });

/** encodeURIComponent, except that a lone surrogate goes out as the raw bytes an attacker would send. */
export function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (code >= 0xd800 && code <= 0xdfff)
          return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

export interface FuzzRequest {
  role: Role;
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}

function requestFor(target: Target): fc.Arbitrary<FuzzRequest> {
  const params = target.operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = target.operation.requestBody?.content['application/json']?.schema;
  const pathValues = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, fc.oneof(validFor(p.schema).map(String), badString)])));
  const query = fc.record(
    {
      ...Object.fromEntries(queryParams.map((p) => [p.name, fc.oneof(validFor(p.schema).map(String), badString)])),
      unknown_key: badString,
    },
    { requiredKeys: [] },
  );
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = ['GET', 'HEAD'].includes(target.method)
    ? fc.constant({})
    : fc.oneof(
        { weight: 6, arbitrary: valueFor(bodySchema).map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json' })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('null', '[]', '[{}]', '"text"', '12', '{"a":', '', '{"x":"\\u0000"}')
            .map((p) => ({ payload: p, contentType: 'application/json' })),
        },
        { weight: 1, arbitrary: fc.constant({ payload: 'a=1', contentType: 'text/plain' }) },
      );
  return fc
    .record({ role: fc.constantFrom<Role>('none', 'operator', 'admin'), pathValues, query, body })
    .map(({ role, pathValues: values, query: q, body: b }) => {
      const path = target.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodePart(String(values[name] ?? '')));
      const qs = Object.entries(q)
        .map(([k, v]) => `${encodePart(k)}=${encodePart(String(v))}`)
        .join('&');
      return { role, method: target.method, url: qs ? `${path}?${qs}` : path, ...b };
    });
}

// ---- checks ------------------------------------------------------------------------------------

export function targetsOf(doc: Document): Target[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/**
 * The fingerprint of every table: a counter that row-level triggers on every table raise in the
 * writing transaction, so a write that commits moves it and one rolled back does not. Cheaper than
 * hashing the tables after each of thousands of requests, and it also sees a write that happens to
 * store what was there. Login throttles are left out: a refused login counts on purpose.
 */
async function watchTables(db: Db): Promise<() => Promise<string>> {
  await db.execute(sql.raw('create table if not exists fuzz_row_changes (n bigint not null)'));
  await db.execute(sql.raw('insert into fuzz_row_changes select 0 where not exists (select 1 from fuzz_row_changes)'));
  await db.execute(
    sql.raw(`create or replace function fuzz_count_change() returns trigger language plpgsql as $$
               begin update fuzz_row_changes set n = n + 1; return null; end $$`),
  );
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE'
           and table_name not in ('login_throttles', 'fuzz_row_changes', '__drizzle_migrations') order by 1`,
  );
  for (const { name } of tables) {
    await db.execute(sql`drop trigger if exists fuzz_count_change on ${sql.identifier(name)}`);
    await db.execute(
      sql`create trigger fuzz_count_change after insert or update or delete on ${sql.identifier(name)} for each row execute function fuzz_count_change()`,
    );
  }
  return async () => String((await queryRows<{ n: string }>(db, sql`select n::text as n from fuzz_row_changes`))[0]!.n);
}

export interface FuzzOutcome {
  requests: number;
  byStatus: Record<number, number>;
  failures: string[];
}

/** Everything the fuzzer needs: the document, the sessions of each role, data ids to aim at. */
export async function prepareFuzz(app: FastifyInstance, db: Db) {
  const doc = (app as unknown as { swagger(): Document }).swagger();
  const customer = await makeCustomer(db, { canBlind: true });
  await makeReason(db, customer.id);
  const users = {
    operator: await makeUser(db, { customerIds: [customer.id] }),
    admin: await makeUser(db, { isSu: true }),
  };
  const tokens: Record<Role, string | undefined> = { none: undefined, operator: undefined, admin: undefined };
  // A generated admin request may have changed the user's password or status: then a new user.
  let logins = 0;
  const signIn = async (role: 'operator' | 'admin') => {
    // Each sign-in from an address of its own, so the login rate limit never refuses the fuzzer.
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `172.16.${(logins >> 8) & 255}.${logins++ & 255}`,
      payload: { username: users[role].username, password: users[role].password },
    });
    return res.statusCode === 200 ? (res.json() as { message: { token: string } }).message.token : undefined;
  };
  const login = async (role: 'operator' | 'admin') => {
    tokens[role] = await signIn(role);
    if (tokens[role]) return;
    users[role] = await makeUser(db, role === 'admin' ? { isSu: true } : { customerIds: [customer.id] });
    tokens[role] = await signIn(role);
    if (!tokens[role]) throw new Error(`the fuzzer cannot sign in as ${role}`);
  };
  await login('operator');
  await login('admin');
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  return { doc, tokens, login, ajv };
}

export async function runFuzz(app: FastifyInstance, db: Db, options: { requests: number; seed: number }): Promise<FuzzOutcome> {
  const { doc, tokens, login, ajv } = await prepareFuzz(app, db);
  const targets = targetsOf(doc);
  const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();
  const validate = (schema: Schema) => {
    let v = validators.get(schema);
    if (!v) validators.set(schema, (v = ajv.compile(schema)));
    return v;
  };
  const outcome: FuzzOutcome = { requests: 0, byStatus: {}, failures: [] };
  const fingerprint = await watchTables(db);
  let last = await fingerprint();
  const perTarget = Math.max(1, Math.ceil(options.requests / targets.length));
  let address = 0;

  for (const [i, target] of targets.entries()) {
    const samples = fc.sample(requestFor(target), { numRuns: perTarget, seed: options.seed + i });
    for (const req of samples) {
      const token = tokens[req.role];
      const res = await app.inject({
        method: req.method as 'GET',
        url: req.url,
        payload: req.payload,
        // A new client address each time: the per-address limits are tested elsewhere.
        remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(req.contentType ? { 'content-type': req.contentType } : {}),
        },
      });
      outcome.requests++;
      outcome.byStatus[res.statusCode] = (outcome.byStatus[res.statusCode] ?? 0) + 1;
      const where = `${req.role} ${req.method} ${req.url.slice(0, 200)} ${req.payload?.slice(0, 200) ?? ''} → ${res.statusCode}`;
      const fail = (why: string) => outcome.failures.push(`${where}: ${why} ${res.body.slice(0, 300)}`);

      if (res.statusCode >= 500) fail('server error');
      const declared = target.operation.responses[String(res.statusCode)];
      const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!;
      if (!declared) fail('status not declared');
      else if (!declared.content?.[contentType]) fail(`content type ${contentType} not declared`);
      else if (contentType === 'application/json') {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          fail('body is not JSON');
        }
        const envelope = body as { code?: unknown; message?: unknown } | undefined;
        if (!envelope || envelope.code !== res.statusCode || !('message' in envelope)) fail('not in the envelope with code = status');
        const check = validate(declared.content[contentType]!.schema);
        if (!check(body)) fail(`body does not match the declared schema: ${ajv.errorsText(check.errors)}`);
      }

      const now = await fingerprint();
      if (res.statusCode >= 400 && now !== last) fail('a refused request changed a table');
      last = now;
      // Logging out or an admin's edit may end a fuzzing session: sign in again.
      if (req.role !== 'none' && res.statusCode === 401) {
        await login(req.role);
        last = await fingerprint();
      }
    }
  }
  return outcome;
}
