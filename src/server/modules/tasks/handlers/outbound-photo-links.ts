import type { AppDeps } from '../../../deps.js';
import { publicBaseUrl } from '../../../bootstrap/photo-storage.js';
import { createPhotoLinker, createPhotoLinks, type PhotoLinker } from '../../photos/photo-links.js';
import type { ReturnFileData } from './outbound-return-data.repository.js';

/** The signed-link maker of outbound messages and reports: APP_SECRET's key, PHOTO_LINK_DAYS, PUBLIC_URL. */
export const photoLinkerOf = (deps: Pick<AppDeps, 'secretBox' | 'config'>): PhotoLinker =>
  createPhotoLinker(createPhotoLinks(deps.secretBox, deps.config.PHOTO_LINK_DAYS), publicBaseUrl(deps.config));

/**
 * The moment a message's links start their PHOTO_LINK_DAYS: the version it carries was made (the
 * submit, or the correction), not the attempt. So every attempt of one message — a web-shop post is
 * rebuilt on each — carries the very same links, and the body behind an Idempotency-Key never changes.
 */
export const linksStartAt = (data: Pick<ReturnFileData, 'ret' | 'correction'>): Date => data.correction?.correctedAt ?? data.ret.createdAt;

/**
 * Puts the signed links of the return's photos on its lines (by ledger id) and on the return (photos
 * of no line). A line of an earlier version that no longer exists keeps no photos: they went with it.
 */
export function withPhotoLinks(data: ReturnFileData, link: PhotoLinker): ReturnFileData {
  const at = linksStartAt(data);
  const signed = (id: number) => ({ id, url: link(id, 'display', at), originalUrl: link(id, 'original', at) });
  const refs = data.photoRefs ?? [];
  return {
    ...data,
    lines: data.lines.map((l) => ({ ...l, photos: refs.filter((p) => p.ledgerId === l.ledgerId).map((p) => signed(p.id)) })),
    photos: refs.filter((p) => p.ledgerId === null).map((p) => signed(p.id)),
  };
}
