import type { Config } from '../config.js';
import { createFolderStorage, createS3Storage, type ObjectStorage } from '../integrations/object-storage.js';

/** The photo store the configuration names: S3 when S3_BUCKET is set, else DATA_DIR/photos. */
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

/** Base of absolute links handed to receivers without a login. */
export const publicBaseUrl = (config: Config) => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
