// Lives outside src/web and src/server because it drives the one with the other (both import rules hold).
// The SPA's route client (src/web/api) against the real app on a local port: paths filled from
// the contract table, the token sent from storage, answers typed by the table, failures mapped to
// the §8 envelope and, for queries and mutations, rejected as ApiError.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../contract/messages.js';
import { callRoute } from '../web/api/client.js';
import { ApiError, fetchRoute } from '../web/api/queries.js';
import { readStoredToken, storeToken } from '../web/auth/token-store.js';
import { makeCustomer, makeUser } from '../server/test/factories.js';
import { createTestApp, type TestApp } from '../server/test/test-app.js';

let testApp: TestApp;
const realFetch = globalThis.fetch;

/** Browser globals the client reads: localStorage for the token, and fetch with the page's origin. */
function browserOn(origin: string) {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  Object.assign(globalThis, {
    window: { localStorage },
    fetch: (url: string, init?: RequestInit) => realFetch(new URL(url, origin), init),
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  browserOn(`http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  Object.assign(globalThis, { fetch: realFetch, window: undefined });
  await testApp.close();
});

describe('route client against the app', () => {
  it('logs in by route name and sends the stored token on the next calls', async () => {
    const admin = await makeUser(testApp.deps.database.db, { isSu: true });
    const login = await callRoute('login', { body: { username: admin.username, password: admin.password } });
    expect(login.code).toBe(200);
    if (login.code !== 200) return;
    storeToken(login.message.token, login.message.expire);

    const users = await fetchRoute('listUsers');
    expect(users.map((u) => u.username)).toContain(admin.username);
  });

  it('fills path parameters and answers the typed record', async () => {
    const customer = await makeCustomer(testApp.deps.database.db);
    const option = await fetchRoute('createOption', {
      params: { id: customer.id },
      body: { option_type: 'Reason', option_code: 'DENTED', option_value: 'Dented box' },
    });
    expect(option).toMatchObject({ customer_id: customer.id, option_code: 'DENTED' });
    const updated = await fetchRoute('updateOption', {
      params: { id: customer.id, optId: option.id },
      body: { option_code: 'DENTED', option_value: 'Dented outer box' },
    });
    expect(updated.option_value).toBe('Dented outer box');
    expect(await fetchRoute('deleteOption', { params: { id: customer.id, optId: option.id } })).toBe('Reason deleted');
  });

  it('sends a query object as the query string', async () => {
    const page = await fetchRoute('listTasks', { query: { page: 1, task_type: 'Mail' } });
    expect(page.on_page).toBe(1);
    expect(page.data.every((t) => t.task_type === 'Mail')).toBe(true);
  });

  it('maps a 422 to the envelope with field errors, and fetchRoute rejects with it as ApiError', async () => {
    const res = await callRoute('createCustomer', { body: { company: ' ' } }, { quiet: true });
    expect(res).toMatchObject({ code: 422, status: 422, errors: { company: [MSG.companyRequired] } });

    const error = await fetchRoute('createCustomer', { body: { company: '' } }, { quiet: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure.errors).toEqual({ company: [MSG.companyRequired] });
  });

  it('without a token the answer is the 401 of §8 and the stored token is cleared', async () => {
    storeToken('not-a-real-token', new Date(Date.now() + 60_000).toISOString());
    const res = await callRoute('listUsers', {}, { quiet: true });
    expect(res).toMatchObject({ code: 401, message: MSG.unauthorized });
    expect(readStoredToken()).toEqual({ token: null, expire: null });
  });
});
