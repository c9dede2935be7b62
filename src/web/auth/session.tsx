// Session state of SPEC §4: checking → authenticated, token + expiry in localStorage.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Account } from '../../contract/auth';
import type { CustomerSummary } from '../../contract/common';
import { callRoute, setUnauthorizedHandler } from '../api/client';
import { endSession } from '../api/session-end';
import { clearStoredToken, isTokenKey, readSessionSnapshot, readStoredToken, storeSessionSnapshot, storeToken } from './token-store';
import { changeLanguage, forgetLanguage, initialLocale } from '../i18n/language';
import type { Locale } from '../i18n/locales';

export interface SessionState {
  checking: boolean;
  authenticated: boolean;
  account: Account | null;
  customers: CustomerSummary[];
}

export interface Session extends SessionState {
  isAdmin: boolean;
  /** A brand's user (issue 25): the portal's screens only (History, Parcels to look at, Dashboard). */
  isBrand: boolean;
  /** Resolves to the answer's code: 200 on success. Stores the token, then loads account and customers. */
  /** 200 once logged in, else the failure's code; `retryAfter`: the seconds a locked login must wait. */
  login: (username: string, password: string) => Promise<{ code: number; retryAfter?: number }>;
  /**
   * Rotates the token and reloads account and customers; a non-200 clears the session. `inTransition`:
   * the signed-in screens that the answer brings render in a transition (the layout's check of a stored
   * session, where nothing waits for the state: issue 23, a slow phone stays responsive meanwhile).
   */
  refresh: (options?: { inTransition?: boolean }) => Promise<number>;
  /** Revokes the token on the server, clears everything and goes to /auth/login. */
  logout: () => Promise<void>;
  /** True when a token or an expiry is stored (the layout then refreshes instead of going to login). */
  hasStoredToken: () => boolean;
  customerById: (id: number | string | null | undefined) => CustomerSummary | undefined;
  /** Switches the interface to `language` and stores it on the account (for the next sign-in and the mails). */
  setLanguage: (language: Locale) => Promise<number>;
}

/** Milliseconds until the stored token should be renewed, or false when no expiry is stored. */
function renewalDelay(): number | false {
  const expire = Date.parse(readStoredToken().expire ?? '');
  if (Number.isNaN(expire)) return false;
  const lead = Math.min(10 * 60_000, Math.max(0, (expire - Date.now()) / 2));
  // Timers overflow past ~24.8 days; a long session is simply checked again later.
  return Math.min(Math.max(expire - Date.now() - lead, 5_000), 2 ** 31 - 1);
}

/** What a start with no network opens on (token-store's snapshot of the last session answer). */
type Snapshot = Pick<SessionState, 'account' | 'customers'>;

/** Rotates the stored token; the new one is stored as soon as it arrives, whoever reads the answer. */
function checkStoredToken() {
  return callRoute('refreshToken', {}, { quiet: true }).then((res) => {
    if (res.code === 200) storeToken(res.message.token, res.message.expire);
    return res;
  });
}

let earlyCheck: ReturnType<typeof checkStoredToken> | null = null;

/**
 * Starts the check of a stored session as the app loads (main.tsx, on a signed-in screen's address),
 * beside the first screen's downloads rather than once its layout has rendered: the receiving page
 * shows a round trip sooner on a slow network (issue 23). The provider's next check takes its answer.
 */
export function startSessionCheck(): void {
  if (readStoredToken().token) earlyCheck = checkStoredToken();
}

function takeEarlyCheck() {
  const check = earlyCheck;
  earlyCheck = null;
  return check;
}

const INITIAL: SessionState = { checking: true, authenticated: false, account: null, customers: [] };

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(INITIAL);
  const navigate = useNavigate();
  // Several screens mounting at once must not rotate the token twice in a row.
  const refreshing = useRef<Promise<number> | null>(null);
  // The check made when the network is back after a start without it.
  const recheck = useRef<() => void>(() => undefined);

  // Leaving the session drops every cached answer: the next account must not see this one's data.
  const clear = useCallback(() => {
    clearStoredToken();
    setState(INITIAL);
    endSession();
  }, []);

  const refresh = useCallback(({ inTransition = false } = {}) => {
    if (refreshing.current) return refreshing.current;
    const run = (async () => {
      const res = await (takeEarlyCheck() ?? checkStoredToken());
      if (res.code === 200) {
        const { token, expire, user, customers } = res.message;
        storeToken(token, expire);
        // The account's language wins over the browser's; its texts arrive before the screen changes.
        if (user.language) await changeLanguage(user.language).catch(() => undefined);
        storeSessionSnapshot({ account: user, customers });
        const signedIn = () => setState({ checking: false, authenticated: true, account: user, customers });
        if (inTransition) startTransition(signedIn);
        else signedIn();
      } else if (res.code === -1 && readSessionSnapshot<Snapshot>()) {
        // No network (issue 28): the app opens on the last answer of this token, and checks it
        // again (a 401 then signs out) when the network is back.
        const snapshot = readSessionSnapshot<Snapshot>()!;
        setState({ checking: false, authenticated: true, account: snapshot.account, customers: snapshot.customers });
        window.addEventListener('online', () => recheck.current(), { once: true });
      } else {
        clearStoredToken();
        setState({ ...INITIAL, checking: false });
      }
      return res.code;
    })();
    refreshing.current = run;
    void run.finally(() => {
      refreshing.current = null;
    });
    return run;
  }, []);
  useEffect(() => {
    recheck.current = () => void refresh();
  }, [refresh]);

  const login = useCallback(
    async (username: string, password: string) => {
      const res = await callRoute('login', { body: { username, password } });
      if (res.code !== 200) return { code: res.code, retryAfter: res.status === 429 ? (res.retryAfter ?? 0) : undefined };
      storeToken(res.message.token, res.message.expire);
      return { code: await refresh() };
    },
    [refresh],
  );

  const logout = useCallback(async () => {
    if (readStoredToken().token) await callRoute('logout', {}, { quiet: true });
    clear();
    // A shared terminal's next user starts in the browser's language, not this account's.
    forgetLanguage();
    void changeLanguage(initialLocale(), { remember: false }).catch(() => undefined);
    navigate('/auth/login', { replace: true });
  }, [clear, navigate]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setState(INITIAL);
      endSession();
      navigate('/auth/login', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);

  // A tab left open through a shift renews its token before it runs out (SESSION_HOURS on the
  // server), timed from the stored expiry; each renewal sets a new state, which times the next one.
  useEffect(() => {
    if (!state.authenticated) return;
    const delay = renewalDelay();
    if (delay === false) return;
    const timer = window.setTimeout(() => {
      void refresh().then((code) => {
        // No network: the session stays (refresh checks again when it is back).
        if (code !== 200 && code !== -1) navigate('/auth/login', { replace: true });
      });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [state, refresh, navigate]);

  // Logging out in one tab logs out the others; a login elsewhere is picked up on the next check.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (!isTokenKey(event.key)) return;
      if (!readStoredToken().token) {
        setState(INITIAL);
        endSession();
        navigate('/auth/login', { replace: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);

  const setLanguage = useCallback(async (language: Locale) => {
    await changeLanguage(language);
    const res = await callRoute('setLanguage', { body: { language } });
    if (res.code === 200) setState((current) => (current.account ? { ...current, account: { ...current.account, language } } : current));
    return res.code;
  }, []);

  const value = useMemo<Session>(
    () => ({
      ...state,
      setLanguage,
      isAdmin: state.account?.is_su === true,
      isBrand: state.account?.is_brand === true,
      login,
      refresh,
      logout,
      hasStoredToken: () => {
        const stored = readStoredToken();
        return !!stored.token || !!stored.expire;
      },
      customerById: (id) => (id === null || id === undefined || id === '' ? undefined : state.customers.find((c) => c.id === Number(id))),
    }),
    [state, login, refresh, logout, setLanguage],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The signed-in account's id, or undefined outside a session (a component rendered on its own, as in
 * a component test): for what is kept per user on the device, such as the scan feedback setting.
 */
export function useAccountId(): number | undefined {
  return useContext(SessionContext)?.account?.id;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside <SessionProvider>');
  return session;
}
