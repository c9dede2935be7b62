import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { posix, resolve, sep } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from 'basic-ftp';

/**
 * Where BizTalk files are exchanged. Paths are POSIX paths inside the transport's root ("/inbound",
 * "/outbound/return-1.xml"); the same code runs on a local folder and on an FTP/FTPS server.
 */
export interface FileTransport {
  /** Plain files of a folder (no sub-folders), oldest first; a missing folder is empty. */
  list(dir: string): Promise<Array<{ name: string; size: number }>>;
  download(path: string): Promise<Buffer>;
  /** Writes under a temporary name, then renames, so a reader never sees half a file. Answers the path. */
  upload(dir: string, name: string, content: string | Buffer): Promise<string>;
  /** Moves a file into another folder (created when missing), replacing a file of that name. */
  move(path: string, toDir: string): Promise<string>;
  close(): Promise<void>;
}

export interface TransportTarget {
  /** ftp://host[:port][/root], ftps://…, or file:///absolute/folder */
  url: string;
  username?: string;
  password?: string;
}

export type TransportFactory = (target: TransportTarget) => Promise<FileTransport>;

const norm = (p: string) => posix.normalize(`/${p}`).replace(/\/+$/, '') || '/';

/** A local folder as the "server": the embedded default (DATA_DIR/ftp) and the simplest setup. */
export function createFolderTransport(rootDir: string): FileTransport {
  const root = resolve(rootDir);
  // Keep every path inside the root, whatever a setting says ("../../etc").
  const local = (p: string) => {
    const full = resolve(root, `.${norm(p)}`);
    if (full !== root && !full.startsWith(root + sep)) throw new Error(`Path ${p} leaves the transport folder`);
    return full;
  };
  const made = new Set<string>();
  return {
    async list(dir) {
      let names: string[];
      try {
        names = await readdir(local(dir));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const files: Array<{ name: string; size: number; mtime: number }> = [];
      for (const name of names) {
        if (name.startsWith('.')) continue; // our own temporary uploads
        const s = await stat(local(posix.join(dir, name))).catch(() => undefined);
        if (s?.isFile()) files.push({ name, size: s.size, mtime: s.mtimeMs });
      }
      return files.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name)).map(({ name, size }) => ({ name, size }));
    },
    download: (path) => readFile(local(path)),
    async upload(dir, name, content) {
      // A transport serves one batch of files: each folder is made once (a folder removed meanwhile
      // fails that upload, which is retried with a new transport).
      if (!made.has(dir)) {
        await mkdir(local(dir), { recursive: true });
        made.add(dir);
      }
      const target = posix.join(norm(dir), name);
      const temp = posix.join(norm(dir), `.${name}.part`);
      await writeFile(local(temp), content);
      await rename(local(temp), local(target));
      return target;
    },
    async move(path, toDir) {
      await mkdir(local(toDir), { recursive: true });
      const target = posix.join(norm(toDir), posix.basename(path));
      await rename(local(path), local(target));
      return target;
    },
    close: async () => undefined,
  };
}

/** FTP or explicit FTPS (AUTH TLS) through basic-ftp; one control connection per task. */
export async function openFtpTransport(target: TransportTarget, timeoutMs: number): Promise<FileTransport> {
  const url = new URL(target.url);
  const client = new Client(timeoutMs);
  const base = norm(decodeURIComponent(url.pathname || '/'));
  const remote = (p: string) => (base === '/' ? norm(p) : posix.join(base, norm(p)));
  await client.access({
    host: url.hostname,
    port: url.port ? Number(url.port) : 21,
    user: target.username || decodeURIComponent(url.username) || 'anonymous',
    password: target.password || decodeURIComponent(url.password) || 'anonymous@',
    secure: url.protocol === 'ftps:',
  });
  const ensureDir = async (dir: string) => {
    await client.ensureDir(remote(dir)); // also changes into it
    await client.cd('/');
  };
  return {
    async list(dir) {
      try {
        const entries = await client.list(remote(dir));
        return entries
          .filter((e) => e.isFile && !e.name.startsWith('.'))
          .sort((a, b) => (a.modifiedAt?.getTime() ?? 0) - (b.modifiedAt?.getTime() ?? 0) || a.name.localeCompare(b.name))
          .map((e) => ({ name: e.name, size: e.size }));
      } catch (error) {
        if ((error as { code?: number }).code === 550) return []; // no such folder yet
        throw error;
      }
    },
    async download(path) {
      const chunks: Buffer[] = [];
      const sink = new PassThrough();
      sink.on('data', (c: Buffer) => chunks.push(c));
      await client.downloadTo(sink, remote(path));
      return Buffer.concat(chunks);
    },
    async upload(dir, name, content) {
      await ensureDir(dir);
      const target = posix.join(remote(dir), name);
      const temp = posix.join(remote(dir), `.${name}.part`);
      await client.uploadFrom(Readable.from([Buffer.from(content)]), temp);
      await client.remove(target, true);
      await client.rename(temp, target);
      return posix.join(norm(dir), name);
    },
    async move(path, toDir) {
      await ensureDir(toDir);
      const target = posix.join(remote(toDir), posix.basename(path));
      await client.remove(target, true);
      await client.rename(remote(path), target);
      return posix.join(norm(toDir), posix.basename(path));
    },
    close: async () => client.close(),
  };
}

/** Picks the transport by URL scheme. */
export function createTransportFactory(options: { timeoutMs: number }): TransportFactory {
  return async (target) => {
    const scheme = new URL(target.url).protocol;
    if (scheme === 'file:') return createFolderTransport(fileURLToPath(target.url));
    if (scheme === 'ftp:' || scheme === 'ftps:') return openFtpTransport(target, options.timeoutMs);
    throw new Error(`Unsupported BIZTALK_FTP_URL scheme ${scheme} (use ftp://, ftps:// or file://)`);
  };
}

/** file://<dir> for a local folder (the embedded default is DATA_DIR/ftp). */
export const folderUrl = (dir: string) => pathToFileURL(resolve(dir)).href;
