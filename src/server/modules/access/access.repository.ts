// Who the caller is and which customers it may touch: the one place that says it (DESIGN §5a, as
// immich's access repository). Services ask it through the customer access check
// (customers/customer-access.service.ts); the one-statement hot paths (order search, history page,
// submit check) compose its SQL fragments into their own statement, so they keep one round trip
// without a copy of the rules. A new kind of caller is added here: a branch of the caller and of the
// customer rule, and every route and statement follows. API keys (issue 26) are one: a key's
// caller is its customer and scopes (findApiKeyCaller), its customer rule "that customer only"
// (customers/customer-access.service.ts). Brand users (issue 25) are another: a user row with
// is_brand, linked to its customers like an operator; the routes it may call are the guard's
// `portal` ones (http/auth-guard.ts), the statements of receiving refuse it (mayReceiveForCustomerSql)
// and objects of no customer are not its (customer-access.service.ts).
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { RESERVED_COMPANY } from '../../../contract/constants.js';
import { preparedRows, type DbOrTx } from '../../db/client.js';
import { apiKeys, customers, userCustomers } from '../../db/schema/index.js';
import type { CustomerRow } from '../customers/customer-access.repository.js';
import type { ApiKeyCaller, AuthUser } from '../auth/auth-user.js';

/** How stale a key's "last used" may get before a request writes it again (one write a minute, not one a request). */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The caller of a live session, as a SELECT to name in a statement's WITH: one row with id,
 * username, name, email, is_su, is_brand, language and session_id, or none when the token is unknown, the session has
 * expired or its user is not Active.
 */
export function sessionCallerSql(tokenHash: string, now: Date): SQL {
  return sql`SELECT u.id, u.username, u.name, u.email, u.is_su, u.is_brand, u.language, s.id AS session_id
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ${tokenHash} AND s.expires_at > ${now.toISOString()}::timestamptz AND u.user_status = 'Active'`;
}

/**
 * Whether the caller (a row of sessionCallerSql named `caller` in the statement) may touch the
 * customer `customerId` (an SQL expression): an admin every customer, an operator those linked to it.
 */
export function mayTouchCustomerSql(caller: string, customerId: SQL): SQL {
  const me = sql.identifier(caller);
  return sql`(${me}.is_su OR EXISTS (SELECT 1 FROM user_customers uc WHERE uc.user_id = ${me}.id AND uc.customer_id = ${customerId}))`;
}

/**
 * Whether the caller (named `caller`) may receive for the customer: the staff's rule of
 * mayTouchCustomerSql; a brand user never (it sees its returns, it does not book them).
 */
export function mayReceiveForCustomerSql(caller: string, customerId: SQL): SQL {
  const me = sql.identifier(caller);
  return sql`(NOT ${me}.is_brand AND ${mayTouchCustomerSql(caller, customerId)})`;
}

/**
 * The customers the caller (named `caller`) works for, as an ascending int[]; NULL for an admin
 * (every customer). The reserved company is nobody's to pick.
 */
export function visibleCustomerIdsSql(caller: string): SQL {
  const me = sql.identifier(caller);
  return sql`CASE WHEN ${me}.is_su THEN NULL ELSE coalesce((
      SELECT array_agg(uc.customer_id ORDER BY uc.customer_id) FROM user_customers uc JOIN customers c ON c.id = uc.customer_id
      WHERE uc.user_id = ${me}.id AND c.company <> ${RESERVED_COMPANY}), '{}'::int[]) END`;
}

interface CallerRow {
  id: number;
  username: string;
  name: string;
  email: string;
  is_su: boolean;
  is_brand: boolean;
  language: string | null;
  session_id: number;
}

export function createAccessRepository(db: DbOrTx) {
  return {
    /** The caller of a bearer token's hash; undefined when its session is not live (a named statement on PostgreSQL). */
    async findSessionCaller(tokenHash: string, now: Date): Promise<AuthUser | undefined> {
      const [row] = await preparedRows<CallerRow>(db, 'session_caller', sessionCallerSql(tokenHash, now));
      return (
        row && {
          id: row.id,
          username: row.username,
          name: row.name,
          email: row.email,
          isSu: row.is_su,
          isBrand: row.is_brand,
          sessionId: row.session_id,
          language: row.language,
        }
      );
    },

    /** The customers a caller may pick, by company (the reserved company never). */
    async listVisibleCustomers(caller: Pick<AuthUser, 'id' | 'isSu'>): Promise<CustomerRow[]> {
      if (caller.isSu) {
        return db.select().from(customers).where(ne(customers.company, RESERVED_COMPANY)).orderBy(asc(customers.company));
      }
      const rows = await db
        .select({ customer: customers })
        .from(userCustomers)
        .innerJoin(customers, eq(customers.id, userCustomers.customerId))
        .where(and(eq(userCustomers.userId, caller.id), ne(customers.company, RESERVED_COMPANY)))
        .orderBy(asc(customers.company));
      return rows.map((r) => r.customer);
    },

    /** The customer, when the caller may touch it (the rule of mayTouchCustomerSql). */
    async findTouchableCustomer(caller: Pick<AuthUser, 'id' | 'isSu'>, customerId: number): Promise<CustomerRow | undefined> {
      if (caller.isSu) {
        const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
        return row;
      }
      const [row] = await db
        .select({ customer: customers })
        .from(userCustomers)
        .innerJoin(customers, eq(customers.id, userCustomers.customerId))
        .where(and(eq(userCustomers.userId, caller.id), eq(customers.id, customerId)))
        .limit(1);
      return row?.customer;
    },

    /**
     * The caller of an API key's hash: a key not revoked, of a customer that is Active. Its "last
     * used" is written in the same statement when it is more than a minute old.
     */
    async findApiKeyCaller(tokenHash: string, now: Date): Promise<ApiKeyCaller | undefined> {
      const [row] = await preparedRows<{ id: number; customer_id: number; scopes: string[] | string }>(
        db,
        'api_key_caller',
        sql`WITH k AS (
              SELECT k.id, k.customer_id, k.scopes, k.last_used_at FROM ${apiKeys} k JOIN ${customers} c ON c.id = k.customer_id
              WHERE k.token_hash = ${tokenHash} AND k.revoked_at IS NULL AND c.customer_status = 'Active'),
            touched AS (
              UPDATE ${apiKeys} SET last_used_at = ${now.toISOString()}::timestamptz
              WHERE id = (SELECT id FROM k) AND (last_used_at IS NULL OR last_used_at < ${new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString()}::timestamptz)
              RETURNING id)
            SELECT k.id, k.customer_id, k.scopes FROM k`,
      );
      if (!row) return undefined;
      const scopes = typeof row.scopes === 'string' ? (JSON.parse(row.scopes) as string[]) : row.scopes;
      return { kind: 'api-key', keyId: Number(row.id), customerId: Number(row.customer_id), scopes };
    },

    async findCustomer(customerId: number): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
      return row;
    },

    async customerExists(customerId: number): Promise<boolean> {
      const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).limit(1);
      return !!row;
    },
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
