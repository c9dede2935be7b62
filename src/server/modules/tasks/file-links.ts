import type { SecretBox } from '../../lib/crypto.js';

/** How long a download link works; long enough to click, short enough that a leaked link is useless. */
export const FILE_LINK_SECONDS = 5 * 60;

const PURPOSE = 'task-file';
const b64ToUrl = (s: string) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const urlToB64 = (s: string) => s.replace(/-/g, '+').replace(/_/g, '/');

/**
 * Short-lived download links for task files. The claims (purpose, task id, expiry) are sealed with
 * the app's AES-256-GCM SecretBox (key from APP_SECRET): a link can be neither read nor altered,
 * and any node of the cluster can check it without shared state. Kept compact (about 60
 * characters) because URL path parameters are length-limited.
 */
export function createFileLinks(secretBox: SecretBox) {
  return {
    issue(taskId: number, now: Date): { token: string; expiresAt: Date } {
      const expiresAt = new Date(now.getTime() + FILE_LINK_SECONDS * 1000);
      const sealed = secretBox.seal(`${PURPOSE}.${taskId}.${Math.ceil(expiresAt.getTime() / 1000)}`);
      const [, iv, tag, body] = sealed.split(':');
      return { token: [iv, tag, body].map((p) => b64ToUrl(p!)).join('.'), expiresAt };
    },

    /** The task id of a valid, unexpired link; undefined for anything else. */
    open(token: string, now: Date): number | undefined {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((p) => /^[A-Za-z0-9_-]{1,200}$/.test(p))) return undefined;
      try {
        const plain = secretBox.open(['v1', ...parts.map(urlToB64)].join(':'));
        const match = /^task-file\.(\d{1,15})\.(\d{1,12})$/.exec(plain);
        if (!match) return undefined;
        return Number(match[2]) * 1000 > now.getTime() ? Number(match[1]) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
export type FileLinks = ReturnType<typeof createFileLinks>;
