import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * APP_SECRET encrypts connection secrets. On one machine it may be generated and kept in the
 * data folder; several nodes on one PostgreSQL must share it through the environment.
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string, usingPostgres: boolean): string {
  if (configured) return configured;
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (usingPostgres && process.env.NODE_ENV === 'production' && process.env.ALLOW_LOCAL_SECRET !== '1') {
    // Still start, but say loudly that other nodes will not be able to read the secrets.
    console.warn('APP_SECRET is not set: generating one in the data folder. Set APP_SECRET when running several nodes.');
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
