import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { customers, options, userCustomers, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/crypto.js';

const unique = () => randomBytes(4).toString('hex');

// One argon2 hash reused by factories: hashing is deliberately slow.
let knownHash: Promise<string> | undefined;
export const FACTORY_PASSWORD = 'Secret-pass-1';
const factoryHash = () => (knownHash ??= hashPassword(FACTORY_PASSWORD));

export async function makeCustomer(db: Db, overrides: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await db
    .insert(customers)
    .values({ company: `Customer ${unique()}`, orderSource: 'Biztalk', ...overrides })
    .returning();
  return row!;
}

export async function makeReason(db: Db, customerId: number, code = 'DAMAGED', value = 'Damaged in transit') {
  const [row] = await db.insert(options).values({ customerId, optionType: 'Reason', optionCode: code, optionValue: value }).returning();
  return row!;
}

export async function makeUser(
  db: Db,
  overrides: Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & { password?: string; customerIds?: number[] } = {},
) {
  const { password, customerIds = [], ...rest } = overrides;
  const name = `user_${unique()}`;
  const [row] = await db
    .insert(users)
    .values({
      name: `User ${name}`,
      username: name,
      email: `${name}@example.com`,
      passwordHash: password ? await hashPassword(password) : await factoryHash(),
      ...rest,
    })
    .returning();
  if (customerIds.length) await db.insert(userCustomers).values(customerIds.map((customerId) => ({ userId: row!.id, customerId })));
  return { ...row!, password: password ?? FACTORY_PASSWORD };
}
