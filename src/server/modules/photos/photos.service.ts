import { randomUUID } from 'node:crypto';
import { PHOTO_MSG, type PhotoRef, type PhotoSize, type PhotoView } from '../../../contract/photos.js';
import { AppError, conflict, forbidden, notFound, validationError } from '../../http/errors.js';
import { sha256Bytes } from '../../lib/crypto.js';
import type { Clock } from '../../lib/clock.js';
import {
  IMAGE_CONTENT_TYPE,
  ImageRejected,
  processImage,
  type ImageFormat,
  type ProcessedImage,
} from '../../integrations/image-processing.js';
import type { ObjectStorage } from '../../integrations/object-storage.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { createPhotoLinker, type PhotoLinks } from './photo-links.js';
import type { PhotoRow, PhotosRepository } from './photos.repository.js';

/** The three objects of a photo in the store, under its storage key. */
export const objectKeys = (storageKey: string) => ({
  original: `${storageKey}/original`,
  display: `${storageKey}/display`,
  thumb: `${storageKey}/thumb`,
});
export const allObjectKeys = (storageKey: string) => Object.values(objectKeys(storageKey));

export const contentTypeOf = (row: Pick<PhotoRow, 'format'>, size: PhotoSize) =>
  size === 'original' ? IMAGE_CONTENT_TYPE[row.format as ImageFormat] : 'image/webp';

export const presentPhoto = (p: PhotoRow): PhotoView => ({
  id: p.id,
  customer_id: p.customerId,
  format: p.format as ImageFormat,
  width: p.width,
  height: p.height,
  sha256: p.sha256,
  uploaded_bytes: p.uploadedBytes,
  stored_bytes: p.originalBytes + p.displayBytes + p.thumbBytes,
  uploaded_by: p.uploadedBy,
  uploaded_at: p.uploadedAt.toISOString(),
  attached: p.attachedAt !== null,
  return_id: p.returnId,
  ledger_id: p.ledgerId,
});

export const presentPhotoRef = (p: PhotoRow): PhotoRef => ({ id: p.id, ledger_id: p.ledgerId, width: p.width, height: p.height });

/**
 * Writes a processed photo's three objects and its row; the objects go again if the row fails. The
 * upload and the demo history (bootstrap/demo-history.ts) store photos this one way.
 */
export async function storePhoto(
  repo: PhotosRepository,
  storage: ObjectStorage,
  bytes: Buffer,
  processed: ProcessedImage,
  by: { customerId: number | null; uploadedBy: number; now: Date },
): Promise<PhotoRow> {
  const storageKey = `photos/${by.now.toISOString().slice(0, 7).replace('-', '/')}/${randomUUID()}`;
  const keys = objectKeys(storageKey);
  await storage.put(keys.original, processed.original, IMAGE_CONTENT_TYPE[processed.format]);
  await storage.put(keys.display, processed.display, 'image/webp');
  await storage.put(keys.thumb, processed.thumb, 'image/webp');
  try {
    return await repo.insert({
      storageKey,
      customerId: by.customerId,
      uploadedBy: by.uploadedBy,
      uploadedAt: by.now,
      sha256: sha256Bytes(bytes),
      format: processed.format,
      uploadedBytes: bytes.length,
      originalBytes: processed.original.length,
      displayBytes: processed.display.length,
      thumbBytes: processed.thumb.length,
      width: processed.width,
      height: processed.height,
    });
  } catch (error) {
    await storage.delete(allObjectKeys(storageKey)).catch(() => undefined);
    throw error;
  }
}

export interface PhotoImage {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * Photo evidence: upload (type by content, size, EXIF removed, orientation applied, display size
 * and thumbnail), reading with the same access rule as the photo's customer's returns, and the
 * signed long-lived links for receivers without a login.
 */
export function createPhotosService(deps: {
  repo: PhotosRepository;
  storage: ObjectStorage;
  customerAccess: CustomerAccess;
  links: PhotoLinks;
  clock: Clock;
  maxBytes: number;
  /** Base of absolute links (PUBLIC_URL); see linkUrl. */
  publicUrl: string;
}) {
  const { repo, storage, customerAccess, links, clock, maxBytes } = deps;
  const linker = createPhotoLinker(links, deps.publicUrl);
  const maxMb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;

  /** Who may see a photo: like its customer's returns; a photo of no customer yet, its uploader and admins. */
  async function requireVisible(user: AuthUser, photoId: number): Promise<PhotoRow> {
    const photo = await repo.find(photoId);
    if (!photo) throw notFound(PHOTO_MSG.notFound);
    if (photo.customerId !== null) await customerAccess.require(user, photo.customerId);
    else if (photo.uploadedBy !== user.id && !user.isSu) throw forbidden();
    return photo;
  }

  async function image(photo: PhotoRow, size: PhotoSize): Promise<PhotoImage> {
    const body = await storage.get(objectKeys(photo.storageKey)[size]);
    if (!body) throw notFound(PHOTO_MSG.notFound);
    const ext = size === 'original' ? photo.format.replace('jpeg', 'jpg') : 'webp';
    return { body, contentType: contentTypeOf(photo, size), fileName: `photo-${photo.id}-${size}.${ext}` };
  }

  return {
    maxBytes,

    async upload(user: AuthUser, customerId: number | undefined, bytes: unknown): Promise<PhotoView> {
      if (customerId !== undefined) await customerAccess.require(user, customerId);
      if (!Buffer.isBuffer(bytes)) throw new AppError(415, PHOTO_MSG.sendBytes);
      if (bytes.length === 0) throw validationError({ body: [PHOTO_MSG.empty] });
      if (bytes.length > maxBytes) throw new AppError(413, PHOTO_MSG.tooLarge(maxMb));
      let processed;
      try {
        processed = await processImage(bytes);
      } catch (error) {
        if (error instanceof ImageRejected) throw validationError({ body: [error.message] });
        throw error;
      }
      return presentPhoto(
        await storePhoto(repo, storage, bytes, processed, { customerId: customerId ?? null, uploadedBy: user.id, now: clock.now() }),
      );
    },

    async info(user: AuthUser, photoId: number): Promise<PhotoView> {
      return presentPhoto(await requireVisible(user, photoId));
    },

    async read(user: AuthUser, photoId: number, size: PhotoSize): Promise<PhotoImage> {
      return image(await requireVisible(user, photoId), size);
    },

    /** Removes a photo of an open draft (a wrong shot). A photo something keeps stays. */
    async remove(user: AuthUser, photoId: number): Promise<void> {
      const photo = await requireVisible(user, photoId);
      if (photo.attachedAt !== null) throw conflict(PHOTO_MSG.keptByReturn);
      if (photo.uploadedBy !== user.id && !user.isSu) throw forbidden();
      const removed = await repo.deleteUnattached(photo.id);
      if (!removed) throw conflict(PHOTO_MSG.keptByReturn);
      await storage.delete(allObjectKeys(removed.storageKey));
    },

    /**
     * A photo kept by another feature's link table (unknown parcels), read after that feature checked
     * the access to its own object: a parcel of no customer yet is seen by every operator.
     */
    async readKept(photoId: number, size: PhotoSize): Promise<PhotoImage> {
      const photo = await repo.find(photoId);
      if (!photo || photo.attachedAt === null) throw notFound(PHOTO_MSG.notFound);
      return image(photo, size);
    },

    /** GET /api/photo-links/{token}: the signature is the authorisation. */
    async readLink(token: string): Promise<PhotoImage> {
      const claim = links.open(token, clock.now());
      if (!claim) throw notFound(PHOTO_MSG.linkInvalid);
      const photo = await repo.find(claim.id);
      if (!photo) throw notFound(PHOTO_MSG.linkInvalid);
      return image(photo, claim.size);
    },

    /** An absolute signed link (outbound files, the web-shop post, reports). */
    linkUrl(photoId: number, size: PhotoSize, now = clock.now()): string {
      return linker(photoId, size, now);
    },
  };
}
export type PhotosService = ReturnType<typeof createPhotosService>;
