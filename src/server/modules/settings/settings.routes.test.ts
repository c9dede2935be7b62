import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { MSG } from '../../../contract/messages.js';
import { SETTING_KEYS } from '../../../contract/constants.js';
import { SETTING_MSG } from '../../../contract/settings.js';
import { auditLog, settings } from '../../db/schema/index.js';
import { readIntegrationSettings } from './settings.service.js';
import { createSettingsRepository } from './settings.repository.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, t.deps.database.db);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const FTP_PASSWORD = ' ftp-Secret-Pw-42 ';
const save = (setting_key: string, setting_value: unknown, token = admin.token) =>
  call(t.app, 'POST', '/api/su/settings', { token, body: { setting_key, setting_value } });

describe('/api/su/settings', () => {
  it('answers 401 without a token and 403 to an operator, changing nothing', async () => {
    const op = await operatorSession(t.app, db());
    expect((await call(t.app, 'GET', '/api/su/settings')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/su/settings', { body: { setting_key: 'BIZTALK_FTP_URL', setting_value: 'x' } })).status).toBe(
      401,
    );
    expect((await call(t.app, 'GET', '/api/su/settings', { token: op.token })).body).toMatchObject({ code: 403, message: MSG.forbidden });
    const res = await save('BIZTALK_FTP_URL', 'ftp://evil.example.com', op.token);
    expect(res.status).toBe(403);
    expect(await db().select().from(settings).where(eq(settings.settingKey, 'BIZTALK_FTP_URL'))).toHaveLength(0);
  });

  it('answers 422 for an unknown key, an empty value, a bad counter or an unknown customer id, writing nothing', async () => {
    const cases: [string, unknown, Record<string, string[]>][] = [
      ['NOPE', 'x', { setting_key: [SETTING_MSG.unknownKey] }],
      ['BIZTALK_FTP_URL', '   ', { setting_value: [MSG.valueRequired] }],
      ['BIZTALK_FTP_URL', undefined, { setting_value: [MSG.valueRequired] }],
      ['BIZTALK_MESSAGE_ID_COUNTER', '-3', { setting_value: [SETTING_MSG.counter] }],
      ['BIZTALK_MESSAGE_ID_COUNTER', '1.5', { setting_value: [SETTING_MSG.counter] }],
      ['H2O_CUSTOMER_ID', 'abc', { setting_value: [SETTING_MSG.customer] }],
      ['H2O_CUSTOMER_ID', '999999', { setting_value: [SETTING_MSG.customer] }],
    ];
    for (const [key, value, errors] of cases) {
      const res = await save(key, value);
      expect(res.status, `${key}=${String(value)}`).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    expect(await db().select().from(settings)).toHaveLength(0);
  });

  it('saves and reads every key; the FTP password is sealed, never answered and never audited', async () => {
    const c = await makeCustomer(db());
    const values: Record<string, string> = {
      BIZTALK_FTP_USERNAME: 'biztalk',
      BIZTALK_FTP_URL: 'ftp://127.0.0.1:2121',
      BIZTALK_INBOUND_DIR: '/in',
      BIZTALK_OUTBOUND_DIR: '/out',
      BIZTALK_MESSAGE_ID_COUNTER: '1000',
      H2O_CUSTOMER_ID: String(c.id),
      H2O_UPLOAD_DIR: '/h2o',
    };
    for (const [k, v] of Object.entries(values)) expect((await save(k, v)).status).toBe(200);
    const pw = await save('BIZTALK_FTP_PASSWORD', FTP_PASSWORD);
    expect(pw.status).toBe(200);
    expect(pw.body.message).toEqual({ setting_key: 'BIZTALK_FTP_PASSWORD', setting_value: '', has_value: true, is_secret: true });

    const list = await call(t.app, 'GET', '/api/su/settings', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.message.map((s: { setting_key: string }) => s.setting_key)).toEqual([...SETTING_KEYS]);
    for (const s of list.body.message) {
      if (s.setting_key !== 'BIZTALK_FTP_PASSWORD') expect(s.setting_value).toBe(values[s.setting_key]);
    }
    const [stored] = await db().select().from(settings).where(eq(settings.settingKey, 'BIZTALK_FTP_PASSWORD'));
    expect(stored!.settingValue).not.toContain(FTP_PASSWORD.trim());
    const audit = JSON.stringify(await db().select().from(auditLog).where(eq(auditLog.entityType, 'setting')));
    for (const text of [JSON.stringify(list.body), JSON.stringify(pw.body), audit]) {
      expect(text).not.toContain(FTP_PASSWORD.trim());
      expect(text).not.toContain(stored!.settingValue);
    }

    // The integrations read the password opened, exactly as typed.
    const read = await readIntegrationSettings(db(), t.deps.secretBox);
    expect(read).toMatchObject({ ...values, BIZTALK_FTP_PASSWORD: FTP_PASSWORD });

    // H2O_CUSTOMER_ID may be emptied (no override); the trail shows before and after.
    expect((await save('H2O_CUSTOMER_ID', '')).status).toBe(200);
    const trail = await call(t.app, 'GET', '/api/su/audit?entity_type=setting&entity_id=H2O_CUSTOMER_ID', { token: admin.token });
    expect(trail.body.message[0]).toMatchObject({
      action: 'update',
      before: { setting_value: String(c.id) },
      after: { setting_value: '' },
    });
  });

  describe('DELETE /api/su/settings/{setting_key}', () => {
    const clear = (key: string, token = admin.token) => call(t.app, 'DELETE', `/api/su/settings/${key}`, { token });

    it('answers 401 without a token and 403 to an operator, clearing nothing', async () => {
      expect((await save('BIZTALK_INBOUND_DIR', '/keep')).status).toBe(200);
      const op = await operatorSession(t.app, db());
      expect((await call(t.app, 'DELETE', '/api/su/settings/BIZTALK_INBOUND_DIR')).status).toBe(401);
      expect((await clear('BIZTALK_INBOUND_DIR', op.token)).body).toMatchObject({ code: 403, message: MSG.forbidden });
      const [row] = await db().select().from(settings).where(eq(settings.settingKey, 'BIZTALK_INBOUND_DIR'));
      expect(row!.settingValue).toBe('/keep');
    });

    it('answers 422 for an unknown key and for the message id counter, which stays', async () => {
      expect((await save('BIZTALK_MESSAGE_ID_COUNTER', '77')).status).toBe(200);
      const unknown = await clear('NOPE');
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual({ setting_key: [SETTING_MSG.unknownKey] });
      const counter = await clear('BIZTALK_MESSAGE_ID_COUNTER');
      expect(counter.status).toBe(422);
      expect(counter.body.errors).toEqual({ setting_key: [SETTING_MSG.counterNotClearable] });
      expect(await createSettingsRepository(db()).get('BIZTALK_MESSAGE_ID_COUNTER')).toBe('77');
    });

    it('clears a wrong value and the FTP password on purpose, audited without the secret', async () => {
      expect((await save('BIZTALK_FTP_URL', 'ftp://wrong-host.example')).status).toBe(200);
      const res = await clear('BIZTALK_FTP_URL');
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual({ setting_key: 'BIZTALK_FTP_URL', setting_value: '', has_value: false, is_secret: false });
      const list = await call(t.app, 'GET', '/api/su/settings', { token: admin.token });
      expect(list.body.message.find((s: { setting_key: string }) => s.setting_key === 'BIZTALK_FTP_URL')).toMatchObject({
        setting_value: '',
        has_value: false,
      });
      expect((await readIntegrationSettings(db(), t.deps.secretBox)).BIZTALK_FTP_URL).toBe('');
      const trail = await call(t.app, 'GET', '/api/su/audit?entity_type=setting&entity_id=BIZTALK_FTP_URL', { token: admin.token });
      expect(trail.body.message[0]).toMatchObject({
        action: 'delete',
        before: { setting_value: 'ftp://wrong-host.example' },
        after: { setting_value: '' },
      });

      expect((await save('BIZTALK_FTP_PASSWORD', FTP_PASSWORD)).status).toBe(200);
      const pw = await clear('BIZTALK_FTP_PASSWORD');
      expect(pw.body.message).toEqual({ setting_key: 'BIZTALK_FTP_PASSWORD', setting_value: '', has_value: false, is_secret: true });
      expect((await readIntegrationSettings(db(), t.deps.secretBox)).BIZTALK_FTP_PASSWORD).toBe('');
      const pwTrail = await call(t.app, 'GET', '/api/su/audit?entity_type=setting&entity_id=BIZTALK_FTP_PASSWORD', {
        token: admin.token,
      });
      expect(pwTrail.body.message[0]).toMatchObject({ action: 'delete', after: { has_value: false } });
      expect(JSON.stringify(pwTrail.body)).not.toContain(FTP_PASSWORD.trim());

      // Clearing an empty setting changes nothing and writes no trail.
      const again = await clear('BIZTALK_FTP_URL');
      expect(again.status).toBe(200);
      const trailAfter = await call(t.app, 'GET', '/api/su/audit?entity_type=setting&entity_id=BIZTALK_FTP_URL', { token: admin.token });
      expect(trailAfter.body.message).toHaveLength(trail.body.message.length);
    });
  });

  describe('BIZTALK_MESSAGE_ID_COUNTER (a sequence)', () => {
    const shown = async () =>
      (await call(t.app, 'GET', '/api/su/settings', { token: admin.token })).body.message.find(
        (s: { setting_key: string }) => s.setting_key === 'BIZTALK_MESSAGE_ID_COUNTER',
      ).setting_value;

    it('shows the last id used; a set moves the next file to the following number', async () => {
      expect((await save('BIZTALK_MESSAGE_ID_COUNTER', '4000')).status).toBe(200);
      expect(await shown()).toBe('4000');
      const repo = createSettingsRepository(db());
      expect(await repo.drawMessageIds(3)).toEqual([4001, 4002, 4003]);
      expect(await shown()).toBe('4003');
    });

    it('may go back over ids no file has (a typo), never below the last id used; a refusal changes nothing', async () => {
      const repo = createSettingsRepository(db());
      const [last] = await repo.drawMessageIds(1);
      expect((await save('BIZTALK_MESSAGE_ID_COUNTER', String(last! + 900))).status).toBe(200);
      // Nothing drawn since: the typo may be undone down to the last id used.
      expect((await save('BIZTALK_MESSAGE_ID_COUNTER', String(last!))).status).toBe(200);
      expect(await shown()).toBe(String(last));
      const below = await save('BIZTALK_MESSAGE_ID_COUNTER', String(last! - 1));
      expect(below.status).toBe(422);
      expect(below.body.errors).toEqual({ setting_value: [SETTING_MSG.counterBelowUsed(last!)] });
      expect(await shown()).toBe(String(last));
      expect(await repo.drawMessageIds(1)).toEqual([last! + 1]);
      const afterDraw = await save('BIZTALK_MESSAGE_ID_COUNTER', String(last!));
      expect(afterDraw.body.errors).toEqual({ setting_value: [SETTING_MSG.counterBelowUsed(last! + 1)] });
    });

    it('never hands out one id twice, drawn by many at once', async () => {
      const repo = createSettingsRepository(db());
      const drawn = (await Promise.all(Array.from({ length: 20 }, () => repo.drawMessageIds(5)))).flat();
      expect(new Set(drawn).size).toBe(100);
    });
  });
});
