// The session's token and expiry live in localStorage (SPEC §3 Session, §9); nothing else is kept there.
const TOKEN_KEY = 'returns-desk.token';
const EXPIRE_KEY = 'returns-desk.expire';

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
}

/** True when a storage event from another tab changed the session. */
export function isTokenKey(key: string | null): boolean {
  return key === null || key === TOKEN_KEY || key === EXPIRE_KEY;
}
