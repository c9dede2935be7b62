import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { makeUser } from './factories.js';
import { call } from './test-app.js';

/** Logs a user in through the real route and answers its bearer token. */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await call(app, 'POST', '/api/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login failed for ${username}: ${JSON.stringify(res.body)}`);
  return res.body.message.token as string;
}

/** A fresh operator linked to the given customers, logged in. */
export async function operatorSession(app: FastifyInstance, db: Db, customerIds: number[] = []) {
  const user = await makeUser(db, { customerIds });
  return { user, token: await loginAs(app, user.username, user.password) };
}

export async function adminSession(app: FastifyInstance, db: Db) {
  const user = await makeUser(db, { isSu: true });
  return { user, token: await loginAs(app, user.username, user.password) };
}

/** A fresh brand user (issue 25) linked to the given customers, logged in. */
export async function brandSession(app: FastifyInstance, db: Db, customerIds: number[]) {
  const user = await makeUser(db, { isBrand: true, customerIds });
  return { user, token: await loginAs(app, user.username, user.password) };
}
