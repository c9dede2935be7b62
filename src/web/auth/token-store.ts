// The session's token and expiry live in localStorage (SPEC §3 Session, §9), with the last session
// answer (account and customers) so a reload with no network still opens the app (issue 28).
// (Exported for the e2e tier's sign-in without the form, e2e/support/ui.ts.)
export const TOKEN_KEY = 'returns-desk.token';
export const EXPIRE_KEY = 'returns-desk.expire';
const SNAPSHOT_KEY = 'returns-desk.session';

export interface StoredToken {
  token: string | null;
  expire: string | null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Private modes may forbid storage: the app then works for one page load only.
    return null;
  }
}

export function readStoredToken(): StoredToken {
  const s = storage();
  return { token: s?.getItem(TOKEN_KEY) ?? null, expire: s?.getItem(EXPIRE_KEY) ?? null };
}

export function storeToken(token: string, expire: string): void {
  const s = storage();
  s?.setItem(TOKEN_KEY, token);
  s?.setItem(EXPIRE_KEY, expire);
}

export function clearStoredToken(): void {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(EXPIRE_KEY);
  s?.removeItem(SNAPSHOT_KEY);
}

/** The last session answer of the stored token, kept for a start with no network. */
export function storeSessionSnapshot(snapshot: object): void {
  try {
    storage()?.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // A full storage only loses the offline start.
  }
}

/**
 * The last session answer, when the stored token has not expired yet: the app opens on it while the
 * server cannot be reached, and checks the token again once the network is back.
 */
export function readSessionSnapshot<T>(now = Date.now()): T | null {
  const { token, expire } = readStoredToken();
  if (!token || !expire || !(Date.parse(expire) > now)) return null;
  try {
    const raw = storage()?.getItem(SNAPSHOT_KEY);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** True when a storage event from another tab changed the session. */
export function isTokenKey(key: string | null): boolean {
  return key === null || key === TOKEN_KEY || key === EXPIRE_KEY;
}
