import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Where binary objects (photos) live: a folder on this machine, or any S3-compatible store when
 * several nodes share the objects. Keys are POSIX-like paths ("photos/2026/11/<uuid>/thumb.webp").
 * Knows nothing of the features that use it.
 */
export interface ObjectStorage {
  readonly kind: 'folder' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none under that key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the objects; a missing one is no error. */
  delete(keys: string[]): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,500}$/;
function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`Invalid object key ${JSON.stringify(key)}`);
  }
  return key;
}

/** Objects as files under `root` (by default DATA_DIR/photos). Writes go through a temp name and a rename. */
export function createFolderStorage(rootDir: string): ObjectStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    const full = resolve(root, checkKey(key));
    if (!full.startsWith(root + sep)) throw new Error(`Key ${key} leaves the storage folder`);
    return full;
  };
  return {
    kind: 'folder',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.tmp`;
      await writeFile(temp, body);
      await rename(temp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      for (const key of keys) await rm(pathOf(key), { force: true });
      // Empty folders of a photo are left to the next cleanup of the file system; they hold nothing.
    },
  };
}

export interface S3StorageOptions {
  /** e.g. https://s3.eu-central-1.amazonaws.com, http://127.0.0.1:9000 (MinIO, s3rver, …) */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (http://host/bucket/key) instead of the host name: MinIO, s3rver, most self-hosted stores. */
  forcePathStyle: boolean;
  /** A prefix for every key, so one bucket can hold several installations. */
  prefix?: string;
}

/** Any S3-compatible object store through @aws-sdk/client-s3. */
export function createS3Storage(options: S3StorageOptions): ObjectStorage & { client: S3Client } {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const prefix = options.prefix ? options.prefix.replace(/\/+$/, '') + '/' : '';
  const Bucket = options.bucket;
  const full = (key: string) => prefix + checkKey(key);
  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        if (!answer.Body) return undefined;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const chunk = keys.slice(i, i + 1000);
        if (!chunk.length) continue;
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: chunk.map((k) => ({ Key: full(k) })), Quiet: true } }));
      }
    },
  };
}
