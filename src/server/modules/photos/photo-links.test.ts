import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../lib/crypto.js';
import { createPhotoLinks } from './photo-links.js';

const NOW = new Date('2026-11-24T06:00:00Z');
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('signed photo links', () => {
  const links = createPhotoLinks(new SecretBox('photo-links-unit-test'), 30);

  it('opens its own token and nothing tampered', () => {
    const token = links.token(7, 'display', NOW);
    expect(links.open(token, NOW)).toEqual({ id: 7, size: 'display' });
    const [id, size, expires, mac] = token.split('.') as [string, string, string, string];
    expect(links.open(`8.${size}.${expires}.${mac}`, NOW)).toBeUndefined();
    expect(links.open(`${id}.o.${expires}.${mac}`, NOW)).toBeUndefined();
    expect(links.open(`${id}.${size}.${Number(expires) + 1}.${mac}`, NOW)).toBeUndefined();
    expect(links.open(token, new Date(Number(expires) * 1000))).toBeUndefined();
  });

  // The last of 43 base64url characters holds 4 bits of the MAC and 2 spare bits: every other
  // spelling of that character must be refused, whichever it is (CI once flipped A → B and got 200).
  it('refuses every other spelling of the last MAC character, canonical or not', () => {
    for (let id = 1; id <= 20; id++) {
      const token = links.token(id, 'thumb', NOW);
      const head = token.slice(0, -1);
      for (const c of BASE64URL) {
        const spelled = head + c;
        expect(links.open(spelled, NOW) !== undefined, spelled).toBe(spelled === token);
      }
    }
  });
});
