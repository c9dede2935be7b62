import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createFolderStorage, createS3Storage, type ObjectStorage } from '../integrations/object-storage.js';
import { createPhotoStoreMarkerRepository } from './photo-store-marker.repository.js';

/** The file in the photo folder that names it; the database records the name of the folder it uses. */
export const PHOTO_FOLDER_MARKER = '.store-id';

/** The photo store the configuration names: S3 when S3_BUCKET is set, else PHOTO_DIR (default DATA_DIR/photos). */
export function photoStorageFromConfig(config: Config): ObjectStorage {
  if (!config.S3_BUCKET) return createFolderStorage(config.photoDir);
  return createS3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    // Self-hosted stores (MinIO, Ceph, s3rver) want the bucket in the path; AWS takes either.
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? !!config.S3_ENDPOINT,
    prefix: config.S3_PREFIX,
  });
}

/** A node whose photo folder is not the one the database's photos were written to. */
export class PhotoFolderNotSharedError extends Error {
  constructor(photoDir: string, recorded: string, found: string | undefined) {
    const markerPath = join(photoDir, PHOTO_FOLDER_MARKER);
    super(
      `Refusing to start: photos are kept in the folder ${photoDir}, but this database's photos were written to ` +
        `another folder (store ${recorded}; ${found ? `this folder is store ${found}` : `this folder has no ${PHOTO_FOLDER_MARKER}`}). ` +
        `A node that does not share the folder could not show or send the other nodes' photos. ` +
        `For several nodes set S3_BUCKET (an S3-compatible store; docs/operations.md) or mount one shared folder ` +
        `on every node and name it in PHOTO_DIR. If this folder does hold the photos (restored without its marker), ` +
        `write ${recorded} into ${markerPath}.`,
    );
    this.name = 'PhotoFolderNotSharedError';
  }
}

/**
 * The photo store of a node that shares its database with others. A folder store is proved shared
 * at boot: the first node writes a random id into PHOTO_DIR/.store-id and into the database;
 * every later node must find the same id in its own folder, or refuses to start
 * (PhotoFolderNotSharedError). An S3 store is shared by construction.
 */
export async function photoStorageForNode(config: Config, db: Db, now = new Date()): Promise<ObjectStorage> {
  if (!config.S3_BUCKET) await checkPhotoFolderShared(config.photoDir, db, now);
  return photoStorageFromConfig(config);
}

async function checkPhotoFolderShared(photoDir: string, db: Db, now: Date): Promise<void> {
  const markers = createPhotoStoreMarkerRepository(db);
  const recorded = await markers.recorded();
  if (recorded !== undefined) {
    const found = await readMarker(photoDir);
    if (found !== recorded) throw new PhotoFolderNotSharedError(photoDir, recorded, found);
    return;
  }
  // The first boot with a folder store (or the first after an upgrade): name the folder and record it.
  const mine = await readOrCreateMarker(photoDir);
  const kept = await markers.claim(mine, now);
  if (kept !== mine) throw new PhotoFolderNotSharedError(photoDir, kept, mine);
}

async function readMarker(photoDir: string): Promise<string | undefined> {
  try {
    return (await readFile(join(photoDir, PHOTO_FOLDER_MARKER), 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Exclusive create: two nodes booting at once on one shared folder end up with the same id. */
async function readOrCreateMarker(photoDir: string): Promise<string> {
  await mkdir(photoDir, { recursive: true });
  try {
    await writeFile(join(photoDir, PHOTO_FOLDER_MARKER), `${randomUUID()}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readMarker(photoDir))!;
}

/** Base of absolute links handed to receivers without a login. */
export const publicBaseUrl = (config: Config) => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
