import type { PhotoSize } from '../../../contract/photos.js';
import { PHOTO_SIZES } from '../../../contract/photos.js';
import type { SecretBox } from '../../lib/crypto.js';

const PURPOSE = 'photo-link';
const SIZE_CODE: Record<PhotoSize, string> = { thumb: 't', display: 'd', original: 'o' };
const CODE_SIZE = Object.fromEntries(PHOTO_SIZES.map((s) => [SIZE_CODE[s], s])) as Record<string, PhotoSize>;

/**
 * Long-lived signed links to a photo, for receivers that have no login (the brand's file, the web
 * shop, a report's reader): `<id>.<size>.<expiry, unix seconds>.<HMAC-SHA256, base64url>`. The MAC key
 * is derived from APP_SECRET for this purpose only (SecretBox.mac), so every node checks a link
 * without shared state; changing APP_SECRET revokes every link.
 */
export function createPhotoLinks(secretBox: SecretBox, days: number) {
  const claims = (id: number, size: PhotoSize, expires: number) => `${id}.${SIZE_CODE[size]}.${expires}`;
  return {
    days,
    token(id: number, size: PhotoSize, now: Date): string {
      const expires = Math.floor(now.getTime() / 1000) + days * 86_400;
      const body = claims(id, size, expires);
      return `${body}.${secretBox.mac(PURPOSE, body).toString('base64url')}`;
    },

    /** The photo and size of a valid, unexpired link; undefined for anything else. */
    open(token: string, now: Date): { id: number; size: PhotoSize } | undefined {
      const match = /^(\d{1,10})\.([tdo])\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, id, code, expires, mac] = match;
      const size = CODE_SIZE[code!]!;
      const given = Buffer.from(mac!, 'base64url');
      // 43 base64url characters carry 258 bits for a 256-bit MAC: the last character's two spare bits
      // would let four spellings of one link pass. Only the canonical spelling is the link.
      if (given.toString('base64url') !== mac) return undefined;
      if (!secretBox.verifyMac(PURPOSE, claims(Number(id), size, Number(expires)), given)) return undefined;
      if (Number(expires) * 1000 <= now.getTime()) return undefined;
      return { id: Number(id), size };
    },
  };
}
export type PhotoLinks = ReturnType<typeof createPhotoLinks>;

/** Builds the absolute signed link of a photo's size; `at` starts its PHOTO_LINK_DAYS. */
export type PhotoLinker = (photoId: number, size: PhotoSize, at: Date) => string;

/** Absolute links under the app's public address (PUBLIC_URL): what outbound files and reports carry. */
export function createPhotoLinker(links: PhotoLinks, publicUrl: string): PhotoLinker {
  const base = publicUrl.replace(/\/+$/, '');
  return (photoId, size, at) => `${base}/api/photo-links/${links.token(photoId, size, at)}`;
}
