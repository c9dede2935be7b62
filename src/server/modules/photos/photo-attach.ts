import { PHOTO_MSG } from '../../../contract/photos.js';
import { conflict, validationError } from '../../http/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { PhotosRepository } from './photos.repository.js';

/**
 * Attaching photos, for every feature that keeps them (issue 16). The rules are checked before a
 * transaction (`checkPhotoUse`), the links are written inside it (`attachPhotos`, `linkReturnPhotos`),
 * and a photo that a concurrent writer or the cleanup took meanwhile rolls the whole transaction back.
 * Each takes the photos repository of the caller's unit of work (on the pool, or on its transaction).
 */

/** One place of a draft that names photos: a line (`field` like 'return_ledgers.2.photo_ids') or the return. */
export interface PhotoUse {
  field: string;
  ids: number[];
}

/**
 * The photos named by a draft must exist, be linked to no return yet, belong to the return's customer
 * (or to no customer yet and be the user's own, or the user is an admin), and be named once. 422 otherwise.
 */
export async function checkPhotoUse(photos: PhotosRepository, user: AuthUser, customerId: number, uses: PhotoUse[]): Promise<void> {
  const all = uses.flatMap((u) => u.ids);
  if (!all.length) return;
  const rows = new Map((await photos.findMany([...new Set(all)])).map((p) => [p.id, p]));
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const use of uses) {
    for (const id of use.ids) {
      const photo = rows.get(id);
      if (seen.has(id)) add(use.field, PHOTO_MSG.usedTwice);
      seen.add(id);
      if (!photo) add(use.field, PHOTO_MSG.unknownPhoto);
      else if (photo.returnId !== null) add(use.field, PHOTO_MSG.alreadyUsed);
      else if (photo.customerId !== null ? photo.customerId !== customerId : photo.uploadedBy !== user.id && !user.isSu)
        add(use.field, PHOTO_MSG.otherCustomer);
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/**
 * Keeps photos (sets `attached_at`) for a feature with a link table of its own, e.g. unknown parcels;
 * `customerId` gives a photo of no customer yet its customer. Answers how many were kept. A photo
 * kept this way can still be linked to a return later (linkReturnPhotos).
 */
export async function attachPhotos(
  photos: PhotosRepository,
  ids: number[],
  now: Date,
  options: { customerId?: number } = {},
): Promise<number> {
  return photos.attach([...new Set(ids)], { customerId: options.customerId }, now);
}

/** Inside the return's transaction: links its photos to it and its lines, and counts them on the return. */
export async function linkReturnPhotos(
  repo: PhotosRepository,
  input: { returnId: number; customerId: number; photoIds: number[]; ledgers: { ledgerId: number; photoIds: number[] }[] },
  now: Date,
): Promise<number> {
  const groups = [{ ledgerId: null as number | null, photoIds: input.photoIds }, ...input.ledgers];
  let linked = 0;
  for (const group of groups) {
    if (!group.photoIds.length) continue;
    const n = await repo.attach(group.photoIds, { returnId: input.returnId, ledgerId: group.ledgerId, customerId: input.customerId }, now);
    // Fewer rows than ids: another return or the cleanup took a photo since the check. Roll back.
    if (n !== group.photoIds.length) throw conflict(PHOTO_MSG.alreadyUsed);
    linked += n;
  }
  await repo.addToReturnCount(input.returnId, linked);
  return linked;
}

/**
 * The customer's required-photo rule (per condition): every line of such a condition needs a photo.
 * The message names the line (its position and SKU).
 */
export async function checkRequiredPhotos(
  photos: PhotosRepository,
  requiredConditions: readonly string[],
  ledgers: { condition: string; product_id: number; photo_ids: number[] }[],
): Promise<void> {
  if (!requiredConditions.length) return;
  const missing = ledgers.map((l, i) => ({ l, i })).filter(({ l }) => requiredConditions.includes(l.condition) && l.photo_ids.length === 0);
  if (!missing.length) return;
  const ids = [...new Set(missing.map(({ l }) => l.product_id))];
  const skus = await photos.productSkus(ids);
  const errors: Record<string, string[]> = {};
  for (const { l, i } of missing) {
    errors[`return_ledgers.${i}.photo_ids`] = [
      PHOTO_MSG.required(l.condition, `line ${i + 1} (${skus.get(l.product_id) ?? `product ${l.product_id}`})`),
    ];
  }
  throw validationError(errors);
}

/** The photo rules of a draft (order-based or blind), checked before the return's transaction. */
export function createPhotoRules(photos: PhotosRepository) {
  return {
    async checkDraft(
      user: AuthUser,
      customer: { id: number; photoRequiredConditions: readonly string[] },
      draft: { photo_ids: number[]; return_ledgers: { condition: string; product_id: number; photo_ids: number[] }[] },
    ): Promise<void> {
      await checkRequiredPhotos(photos, customer.photoRequiredConditions, draft.return_ledgers);
      await checkPhotoUse(photos, user, customer.id, [
        { field: 'photo_ids', ids: draft.photo_ids },
        ...draft.return_ledgers.map((l, i) => ({ field: `return_ledgers.${i}.photo_ids`, ids: l.photo_ids })),
      ]);
    },
  };
}
export type PhotoRules = ReturnType<typeof createPhotoRules>;
