import type { SecretBox } from '../../lib/crypto.js';

/** How long a download link works; long enough to click, short enough that a leaked link is useless. */
export const FILE_LINK_SECONDS = 5 * 60;

interface LinkClaims {
  p: 'task-file';
  t: number;
  e: number;
}

/**
 * Short-lived download links for task files. The claims are sealed with the app's AES-GCM
 * SecretBox (key from APP_SECRET), so a link can neither be read nor altered, and any node of the
 * cluster can open it without shared state.
 */
export function createFileLinks(secretBox: SecretBox) {
  return {
    issue(taskId: number, now: Date): { token: string; expiresAt: Date } {
      const expiresAt = new Date(now.getTime() + FILE_LINK_SECONDS * 1000);
      const claims: LinkClaims = { p: 'task-file', t: taskId, e: expiresAt.getTime() };
      return { token: Buffer.from(secretBox.seal(JSON.stringify(claims)), 'utf8').toString('base64url'), expiresAt };
    },

    /** The task id of a valid, unexpired link; undefined for anything else. */
    open(token: string, now: Date): number | undefined {
      if (!/^[A-Za-z0-9_-]{20,600}$/.test(token)) return undefined;
      try {
        const claims = JSON.parse(secretBox.open(Buffer.from(token, 'base64url').toString('utf8'))) as Partial<LinkClaims>;
        if (claims.p !== 'task-file' || typeof claims.t !== 'number' || typeof claims.e !== 'number') return undefined;
        return claims.e > now.getTime() ? claims.t : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
export type FileLinks = ReturnType<typeof createFileLinks>;
