import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openPostgres, type Db } from '../db/client.js';
import { tempDir } from '../test/integration-servers.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { PHOTO_FOLDER_MARKER, PhotoFolderNotSharedError, photoStorageForNode } from './photo-storage.js';

/** A node's boot: its own DATA_DIR (and S3 settings), the shared database. */
const boot = (db: Db, dataDir: string, env: Record<string, string> = {}) =>
  photoStorageForNode(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), db);

describe('a folder photo store on several nodes', () => {
  let testDb: TestDatabase;
  /** The second node's own connection pool when the database is a PostgreSQL server. */
  let otherNode: { db: Db; close(): Promise<void> } | undefined;
  let db1: Db;
  let db2: Db;
  beforeEach(async () => {
    testDb = await createTestDatabase();
    db1 = testDb.database.db;
    if (testDb.url) {
      const pool = await openPostgres(testDb.url, 2);
      otherNode = { db: pool.db, close: () => pool.close() };
    }
    db2 = otherNode?.db ?? db1;
  });
  afterEach(async () => {
    await otherNode?.close();
    otherNode = undefined;
    await testDb.close();
  });

  it('the first node names its folder; a second node with another folder refuses to start and says why', async () => {
    const first = tempDir('rd-node-a-');
    const second = tempDir('rd-node-b-');
    expect((await boot(db1, first)).kind).toBe('folder');
    const marker = readFileSync(join(first, 'photos', PHOTO_FOLDER_MARKER), 'utf8').trim();
    expect(marker).toMatch(/^[0-9a-f-]{36}$/);

    const refused = await boot(db2, second).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PhotoFolderNotSharedError);
    const message = (refused as Error).message;
    expect(message).toContain(join(second, 'photos'));
    expect(message).toContain(`store ${marker}`);
    expect(message).toContain('S3_BUCKET');
    // The refused node leaves its folder as it found it.
    expect(existsSync(join(second, 'photos', PHOTO_FOLDER_MARKER))).toBe(false);
  });

  it('a restart, a node on the same (shared) folder and a restored copy of the folder all start', async () => {
    const first = tempDir('rd-node-a-');
    await boot(db1, first);
    await expect(boot(db1, first)).resolves.toMatchObject({ kind: 'folder' });
    await expect(boot(db2, first)).resolves.toMatchObject({ kind: 'folder' });
    const restored = tempDir('rd-node-restored-');
    cpSync(join(first, 'photos'), join(restored, 'photos'), { recursive: true });
    await expect(boot(db2, restored)).resolves.toMatchObject({ kind: 'folder' });
  });

  it('nodes with their own DATA_DIR start on one shared PHOTO_DIR', async () => {
    const shared = tempDir('rd-shared-photos-');
    await expect(boot(db1, tempDir('rd-node-a-'), { PHOTO_DIR: shared })).resolves.toMatchObject({ kind: 'folder' });
    await expect(boot(db2, tempDir('rd-node-b-'), { PHOTO_DIR: shared })).resolves.toMatchObject({ kind: 'folder' });
    expect(existsSync(join(shared, PHOTO_FOLDER_MARKER))).toBe(true);
  });

  it('a folder another database named is refused too, naming both stores', async () => {
    const other = tempDir('rd-node-b-');
    const elsewhere = await createTestDatabase();
    try {
      await boot(elsewhere.database.db, other);
    } finally {
      await elsewhere.close();
    }
    const otherMarker = readFileSync(join(other, 'photos', PHOTO_FOLDER_MARKER), 'utf8').trim();
    await boot(db1, tempDir('rd-node-a-'));
    const refused = await boot(db2, other).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PhotoFolderNotSharedError);
    expect((refused as Error).message).toContain(`this folder is store ${otherMarker}`);
  });

  it('two nodes booting at once on a fresh database with different folders: one starts, one refuses', async () => {
    const results = await Promise.allSettled([boot(db1, tempDir('rd-node-a-')), boot(db2, tempDir('rd-node-b-'))]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected')!;
    expect(rejected.reason).toBeInstanceOf(PhotoFolderNotSharedError);
  });

  it('with an S3 store every node starts whatever its DATA_DIR: the objects are shared by construction', async () => {
    await boot(db1, tempDir('rd-node-a-'));
    const s3 = { S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9' };
    await expect(boot(db2, tempDir('rd-node-b-'), s3)).resolves.toMatchObject({ kind: 's3' });
  });
});
