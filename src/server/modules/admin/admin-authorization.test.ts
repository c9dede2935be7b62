import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { auditLog, customers, settings, users } from '../../db/schema/index.js';
import type { AuthUser } from '../auth/auth-user.js';
import { createServices } from '../../services.js';
import { makeCustomer } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The route hooks refuse operators before a service is reached; these calls skip the hooks, as the
// CLI, the worker or a future route would, and the services must refuse by themselves.
let t: TestApp;
let services: ReturnType<typeof createServices>;
const operator: AuthUser = {
  id: 1,
  username: 'operator',
  name: 'Operator',
  email: 'op@example.com',
  isSu: false,
  isBrand: false,
  sessionId: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  services = createServices(t.deps);
});
afterAll(() => t.close());

async function counts() {
  const db = t.deps.database.db;
  const n = async (table: typeof users | typeof customers | typeof settings | typeof auditLog) =>
    Number((await db.select({ n: count() }).from(table))[0]!.n);
  return { users: await n(users), customers: await n(customers), settings: await n(settings), audit: await n(auditLog) };
}

describe('admin commands refuse a non-admin user in the service itself', () => {
  it('answers 403 for every back office command and changes nothing', async () => {
    const customer = await makeCustomer(t.deps.database.db);
    const before = await counts();
    const { admin, orderImport } = services;
    const attempts: [string, () => Promise<unknown>][] = [
      ['users.list', () => admin.users.list(operator)],
      [
        'users.create',
        () =>
          admin.users.create(
            operator,
            {
              name: 'X',
              email: 'x@example.com',
              username: 'x_user',
              password: 'Secret-pass-1',
              is_su: true,
              user_status: 'Active',
              customer_ids: [],
            } as never,
            'http://127.0.0.1',
          ),
      ],
      ['users.invite', () => admin.users.invite(operator, operator.id, 'http://127.0.0.1')],
      ['users.update', () => admin.users.update(operator, operator.id, { name: 'X', email: 'x@example.com', is_su: true } as never)],
      ['customersAdmin.list', () => admin.customersAdmin.list(operator)],
      ['customersAdmin.update', () => admin.customersAdmin.update(operator, customer.id, { company: 'Taken over' } as never)],
      [
        'customersAdmin.addOption',
        () => admin.customersAdmin.addOption(operator, customer.id, { option_code: 'X', option_value: 'X' } as never),
      ],
      ['settings.list', () => admin.settings.list(operator)],
      ['settings.save', () => admin.settings.save(operator, { setting_key: 'BIZTALK_INBOUND_DIR', setting_value: '/x' })],
      ['tasksAdmin.list', () => admin.tasksAdmin.list(operator, { page: 1 } as never)],
      [
        'tasksAdmin.update',
        () => admin.tasksAdmin.update(operator, 1, { message_2: null, is_running: false, task_status: 'Pending', attempts_count: 1 }),
      ],
      ['audit.listFor', () => admin.audit.listFor(operator, 'user', '1')],
      ['orderImport.uploadFile', () => orderImport.uploadFile(operator, customer.id, { format: 'json', content: '{"orders":[]}' })],
    ];
    for (const [name, attempt] of attempts) {
      await expect(attempt(), name).rejects.toMatchObject({ status: 403 });
    }
    expect(await counts()).toEqual(before);
  });

  it('lets an admin through the same services', async () => {
    const admin = { ...operator, isSu: true };
    await expect(services.admin.settings.list(admin)).resolves.toHaveLength(8);
    await expect(services.admin.audit.listFor(admin, 'user', '1')).resolves.toEqual(expect.any(Array));
  });
});
