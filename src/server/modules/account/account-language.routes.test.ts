// Issue 24: the account's language (stored, sent back with the account, used for its mails) and the
// stable codes beside the API's English messages.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_MSG } from '../../../contract/locales.js';
import { MSG } from '../../../contract/messages.js';
import { queryRows } from '../../db/client.js';
import { makeUser } from '../../test/factories.js';
import { startTestWorker } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { loginAs, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function drainMail() {
  const worker = startTestWorker(t.deps);
  try {
    await waitFor(async () => {
      const [row] = await queryRows<{ n: number }>(
        t.deps.database.db,
        sql`select count(*)::int as n from tasks where task_type = 'Mail' and task_status = 'Pending'`,
      );
      return row!.n === 0;
    });
  } finally {
    await worker.stop();
  }
}

const language = (id: number) =>
  queryRows<{ language: string | null }>(t.deps.database.db, sql`select language from users where id = ${id}`).then((r) => r[0]!.language);

describe('PUT /api/account/language', () => {
  it('answers 401 without a session and changes nothing', async () => {
    const res = await call(t.app, 'PUT', '/api/account/language', { body: { language: 'de' } });
    expect(res.status).toBe(401);
    expect(res.body.codes).toEqual([{ code: 'auth.unauthorized' }]);
  });

  it('answers 422 with the message and its code for a language the product does not speak, and stores nothing', async () => {
    const { user, token } = await operatorSession(t.app, t.deps.database.db);
    for (const body of [{ language: 'fr' }, { language: 7 }, {}, []]) {
      const res = await call(t.app, 'PUT', '/api/account/language', { token, body });
      expect(res.status).toBe(422);
      expect(res.body.codes!.length).toBe((res.body.message as string[]).length);
    }
    const bad = await call(t.app, 'PUT', '/api/account/language', { token, body: { language: 'fr' } });
    expect(bad.body).toMatchObject({ message: [LANGUAGE_MSG.invalid], errors: { language: [LANGUAGE_MSG.invalid] } });
    expect(bad.body.codes).toEqual([{ code: 'language.invalid' }]);
    expect(bad.body.error_codes).toEqual({ language: [{ code: 'language.invalid' }] });
    expect(await language(user.id)).toBeNull();
  });

  it('stores the choice, sends it back with the account, and null hands it back to the browser', async () => {
    const { user, token } = await operatorSession(t.app, t.deps.database.db);
    const before = await call(t.app, 'POST', '/api/account/token', { token });
    expect(before.body.message.user.language).toBeNull();
    const saved = await call(t.app, 'PUT', '/api/account/language', { token, body: { language: 'pl' } });
    expect(saved.status).toBe(200);
    expect(await language(user.id)).toBe('pl');
    const again = await loginAs(t.app, user.username, user.password);
    const refreshed = await call(t.app, 'POST', '/api/account/token', { token: again });
    expect(refreshed.body.message.user.language).toBe('pl');
    await call(t.app, 'PUT', '/api/account/language', { token: again, body: { language: null } });
    expect(await language(user.id)).toBeNull();
  });
});

describe('the reset mail in the recipient’s language', () => {
  it('uses the account’s language, else the asking browser’s, else English', async () => {
    const german = await makeUser(t.deps.database.db);
    await t.deps.database.db.execute(sql`update users set language = 'de' where id = ${german.id}`);
    const browserOnly = await makeUser(t.deps.database.db);
    const plain = await makeUser(t.deps.database.db);
    const ask = (u: { username: string; email: string }, headers: Record<string, string> = {}) =>
      call(t.app, 'POST', '/api/auth/forget-password', { body: { username: u.username, email: u.email }, headers });
    expect((await ask(german, { 'accept-language': 'es' })).body).toEqual({ code: 200, message: MSG.checkEmail });
    await ask(browserOnly, { 'accept-language': 'nl-BE,nl;q=0.9,en;q=0.5' });
    await ask(plain, { 'accept-language': 'fr-FR,fr;q=0.9' });
    await drainMail();
    const mailTo = (email: string) => t.mailer.sent.findLast((m) => m.to === email)!;
    expect(mailTo(german.email).subject).toBe('Returns Desk: Passwort zurücksetzen');
    expect(mailTo(german.email).text).toContain(`Returns-Desk-Kontos „${german.username}“`);
    expect(mailTo(browserOnly.email).subject).toBe('Returns Desk: je wachtwoord opnieuw instellen');
    expect(mailTo(plain.email).subject).toBe('Returns Desk: reset your password');
    // The link is the same whatever the language.
    for (const u of [german, browserOnly, plain]) expect(mailTo(u.email).text).toMatch(/\/auth\/password\/[^/\s]+\/[A-Za-z0-9_-]+/);
  });
});
