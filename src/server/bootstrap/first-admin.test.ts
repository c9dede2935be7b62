import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { verifyPassword } from '../lib/crypto.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { ensureFirstAdmin } from './first-admin.js';

let t: TestDatabase | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const allUsers = () => t!.database.db.select().from(users).orderBy(asc(users.id));

describe('the first admin at start-up', () => {
  it('creates `admin` with a generated password once, and leaves a database with users alone', async () => {
    t = await createTestDatabase();
    const first = await ensureFirstAdmin(t.database.db, {});
    expect(first).toMatchObject({ username: 'admin', action: 'created', generatedPassword: expect.any(String) });
    const [admin] = await allUsers();
    expect(admin).toMatchObject({ username: 'admin', email: 'admin@returns-desk.local', isSu: true, name: 'Administrator' });
    expect(await verifyPassword(admin!.passwordHash, first.generatedPassword!)).toBe(true);

    expect(await ensureFirstAdmin(t.database.db, {})).toEqual({ username: 'admin', action: 'none' });
    expect(await allUsers()).toHaveLength(1);
  });

  it('with ADMIN_USERNAME and ADMIN_PASSWORD: creates that admin, then makes the same user (any case) an active admin again', async () => {
    t = await createTestDatabase();
    expect(await ensureFirstAdmin(t.database.db, { username: 'Boss', password: 'first-password-1' })).toEqual({
      username: 'Boss',
      action: 'created',
    });
    const [created] = await allUsers();
    expect(created).toMatchObject({ username: 'Boss', email: 'Boss@returns-desk.local', isSu: true });

    await t.database.db.update(users).set({ isSu: false, userStatus: 'Disabled' });
    const again = await ensureFirstAdmin(t.database.db, { username: 'boss', password: 'second-password-2', email: 'boss@example.com' });
    expect(again).toEqual({ username: 'Boss', action: 'updated' });
    const [updated, ...others] = await allUsers();
    expect(others).toEqual([]);
    expect(updated).toMatchObject({ id: created!.id, isSu: true, userStatus: 'Active', email: 'boss@example.com' });
    expect(await verifyPassword(updated!.passwordHash, 'second-password-2')).toBe(true);
  });
});
