import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const sha256Bytes = (value: Buffer) => createHash('sha256').update(value).digest('hex');

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export function randomPassword(length = 16): string {
  return Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

/** AES-256-GCM for secrets at rest (connection tokens, FTP password); key derived from APP_SECRET. */
export class SecretBox {
  private readonly key: Buffer;
  constructor(appSecret: string) {
    this.key = createHash('sha256').update(`returns-desk:secrets:${appSecret}`).digest();
  }
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
  }
  /**
   * HMAC-SHA256 of `message` with a key of its own per purpose, derived (HKDF) from the same
   * APP_SECRET key: signed links can be checked by any node and never reuse the sealing key.
   */
  mac(purpose: string, message: string): Buffer {
    const key = Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `returns-desk:mac:${purpose}`, 32));
    return createHmac('sha256', key).update(message, 'utf8').digest();
  }
  /** Constant-time check of a MAC made by `mac`. */
  verifyMac(purpose: string, message: string, mac: Buffer): boolean {
    const expected = this.mac(purpose, message);
    return mac.length === expected.length && timingSafeEqual(mac, expected);
  }
  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
