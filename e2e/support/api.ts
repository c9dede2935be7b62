// Direct API calls for test setup (users, customers, tokens); the UI is what the specs test.
// Specs get these bound to the server under test through the `api` fixture (fixtures.ts).
import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import type { E2EServer } from './server';

export interface Envelope<T = unknown> {
  code: number;
  message: T;
  errors?: Record<string, string[]>;
}

/**
 * The login route is rate limited per client address (20 a minute). Every test client says it is
 * another address so a long suite does not trip it; the harness starts the server with
 * TRUST_PROXY=loopback, so X-Forwarded-For from 127.0.0.1 is believed.
 */
export function fakeClientAddress(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]! || 1}`;
}

let counter = 0;
/** A unique suffix so specs never collide with each other or with an earlier run's data. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
  name: string;
  email: string;
  is_su: boolean;
}

export interface CustomerRow {
  id: number;
  company: string;
  can_blind: boolean;
  order_source: string;
}

export interface UserOptions {
  isSu?: boolean;
  /** A brand user (issue 25), at brand.example: the e-mail domain their report schedules may send to. */
  isBrand?: boolean;
  customerIds?: number[];
  allCustomers?: boolean;
  password?: string;
  name?: string;
}

export type Api = ReturnType<typeof createApi>;

export function createApi(server: Pick<E2EServer, 'baseUrl' | 'admin'>) {
  async function call<T = unknown>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<Envelope<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Forwarded-For': fakeClientAddress() };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const res = await fetch(`${server.baseUrl}${path.startsWith('/api') ? path : `/api${path}`}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return (await res.json()) as Envelope<T>;
  }

  /** Logs in through the API and returns a bearer token (a new session each time). */
  async function login(username: string, password: string): Promise<string> {
    const res = await call<{ token: string; expire: string }>('POST', '/auth/login', { body: { username, password } });
    if (res.code !== 200) throw new Error(`API login of ${username} failed: ${JSON.stringify(res)}`);
    return res.message.token;
  }

  const adminToken = () => login(server.admin.username, server.admin.password);

  /**
   * The customers a user sees (the admin by default), read from a session refresh of a fresh login:
   * the refresh rotates the token, so it never reuses a token the caller still holds.
   */
  async function listCustomers(user: { username: string; password: string } = server.admin): Promise<CustomerRow[]> {
    const t = await login(user.username, user.password);
    const res = await call<{ customers: CustomerRow[] }>('POST', '/account/token', { token: t });
    if (res.code !== 200) throw new Error(`listing customers failed: ${JSON.stringify(res)}`);
    return res.message.customers;
  }

  /**
   * Creates an active user through the admin API (POST /api/su/users). Operators by default (or an
   * admin, or a brand user); pass customerIds to link customers, or `allCustomers: true` to link every
   * customer the admin sees.
   */
  async function createUser(options: UserOptions = {}): Promise<TestUser> {
    const token = await adminToken();
    const username = unique(options.isSu ? 'admin' : options.isBrand ? 'brand' : 'operator');
    const password = options.password ?? `Pw-${randomBytes(8).toString('base64url')}`;
    const name = options.name ?? (options.isSu ? 'Erin Admin' : options.isBrand ? 'Bea Buyer' : 'Oscar Operator');
    const email = `${username}@${options.isBrand ? 'brand.example' : 'example.com'}`;
    let customerIds = options.customerIds ?? [];
    if (options.allCustomers) customerIds = (await listCustomers()).map((c) => c.id);
    const res = await call<{ id: number }>('POST', '/su/users', {
      token,
      body: {
        name,
        email,
        username,
        password,
        pass_confirmed: password,
        is_su: options.isSu ?? false,
        ...(options.isBrand ? { is_brand: true } : {}),
        user_status: 'Active',
        customer_ids: customerIds,
      },
    });
    if (res.code !== 200) throw new Error(`creating user ${username} failed: ${JSON.stringify(res)}`);
    const id = typeof res.message === 'object' && res.message && 'id' in res.message ? Number(res.message.id) : NaN;
    return { id, username, password, name, email, is_su: options.isSu ?? false };
  }

  /** A new Biztalk customer (fields may be overridden) with the reasons DAMAGED and WRONG, through the admin API. */
  async function createCustomerWithReasons(token: string, company: string, fields: Record<string, unknown> = {}): Promise<number> {
    const created = await call<{ id: number }>('POST', '/su/customers', {
      token,
      body: { company, can_blind: true, order_source: 'Biztalk', customer_status: 'Active', ...fields },
    });
    if (created.code !== 200) throw new Error(`creating ${company} failed: ${JSON.stringify(created)}`);
    const customerId = created.message.id;
    for (const [code, value] of [
      ['DAMAGED', 'Damaged in transit'],
      ['WRONG', 'Wrong size'],
    ]) {
      const r = await call('POST', `/su/customers/${customerId}/options`, {
        token,
        body: { option_type: 'Reason', option_code: code, option_value: value },
      });
      if (r.code !== 200) throw new Error(`adding reason ${code} failed: ${JSON.stringify(r)}`);
    }
    return customerId;
  }

  /** Orders in the file's JSON shape, through the admin order upload (the same import code as files and the CLI). */
  async function importOrders(token: string, customerId: number, orders: unknown[]): Promise<void> {
    const imported = await call('POST', `/su/customers/${customerId}/orders/import`, {
      token,
      body: { format: 'json', content: JSON.stringify({ orders }) },
    });
    expect(imported.code, JSON.stringify(imported)).toBe(200);
  }

  return {
    call,
    login,
    adminToken,
    listCustomers,
    createUser,
    createOperator: (options: Omit<UserOptions, 'isSu'> = {}) => createUser({ ...options, isSu: false }),
    createCustomerWithReasons,
    importOrders,
  };
}
