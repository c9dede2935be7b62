import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, tempDir, type TestS3Server } from '../test/integration-servers.js';
import { createFolderStorage, createS3Storage, type ObjectStorage } from './object-storage.js';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

/** The same behaviour on every store. */
function contract(name: string, make: () => ObjectStorage) {
  describe(name, () => {
    it('puts, gets and deletes objects; a missing key reads as undefined; deleting a missing key is no error', async () => {
      const storage = make();
      const body = Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3, 250]);
      await storage.put('photos/2026/11/abc/original', body, 'image/jpeg');
      await storage.put('photos/2026/11/abc/thumb', Buffer.from('thumb'), 'image/webp');
      expect(await storage.get('photos/2026/11/abc/original')).toEqual(body);
      expect(await storage.get('photos/2026/11/nope/original')).toBeUndefined();
      await storage.delete(['photos/2026/11/abc/original', 'photos/2026/11/abc/thumb', 'photos/2026/11/never/there']);
      expect(await storage.get('photos/2026/11/abc/original')).toBeUndefined();
      expect(await storage.get('photos/2026/11/abc/thumb')).toBeUndefined();
    });

    it('overwrites an object of the same key', async () => {
      const storage = make();
      await storage.put('k/one', Buffer.from('first'), 'application/octet-stream');
      await storage.put('k/one', Buffer.from('second'), 'application/octet-stream');
      expect((await storage.get('k/one'))?.toString()).toBe('second');
    });

    it('refuses keys that climb out or are empty', async () => {
      const storage = make();
      for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '']) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Invalid object key/);
      }
    });
  });
}

const folder = tempDir('rd-photos-');
contract('folder storage', () => createFolderStorage(folder));
contract('S3 storage (s3rver on 127.0.0.1)', () =>
  createS3Storage({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix: 'install-a',
  }),
);

describe('where the objects really are', () => {
  it('the folder store writes files under its root', async () => {
    await createFolderStorage(folder).put('x/y/z', Buffer.from('here'), 'text/plain');
    expect(readFileSync(join(folder, 'x/y/z'), 'utf8')).toBe('here');
  });

  it('the S3 store writes into the bucket under its prefix, and its content type', async () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      prefix: 'install-b/',
    });
    await storage.put('p/original', Buffer.from('jpeg bytes'), 'image/jpeg');
    const head = await storage.client.send(
      new (await import('@aws-sdk/client-s3')).HeadObjectCommand({ Bucket: s3.bucket, Key: 'install-b/p/original' }),
    );
    expect(head.ContentType).toBe('image/jpeg');
    expect(head.ContentLength).toBe(10);
    expect(existsSync(join(s3.directory, s3.bucket))).toBe(true);
  });

  it('a bucket that does not exist is an error, not a silent loss', async () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    await expect(storage.put('p/x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/bucket/i);
  });
});
