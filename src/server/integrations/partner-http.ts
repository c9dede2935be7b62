import type { SecretBox } from '../lib/crypto.js';

/** How we sign in at a partner: an API token (Bearer) wins over username/password (Basic). */
export interface PartnerAuth {
  username?: string | null;
  password?: string | null;
  token?: string | null;
}

/** The partner did not answer in time, could not be reached, or answered 5xx: worth retrying. */
export class PartnerUnavailableError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'unreachable' | 'server',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PartnerUnavailableError';
  }
}

/** The partner refused the request (4xx other than 408/429): retrying the same request will not help. */
export class PartnerRejectedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'PartnerRejectedError';
  }
}

/** Opens a connection's sealed secrets for a call; never logged, never stored opened. */
export function connectionAuth(
  connection: { username: string | null; secureShortTokenEnc: string | null; secureLongTokenEnc: string | null },
  box: SecretBox,
): PartnerAuth {
  return {
    username: connection.username,
    password: connection.secureShortTokenEnc ? box.open(connection.secureShortTokenEnc) : null,
    token: connection.secureLongTokenEnc ? box.open(connection.secureLongTokenEnc) : null,
  };
}

function authHeader(auth: PartnerAuth): Record<string, string> {
  if (auth.token) return { authorization: `Bearer ${auth.token}` };
  if (auth.username || auth.password) {
    return { authorization: `Basic ${Buffer.from(`${auth.username ?? ''}:${auth.password ?? ''}`).toString('base64')}` };
  }
  return {};
}

/** Joins an endpoint ("https://shop.example.com/api/") and a path ("orders") without doubling slashes. */
export function partnerUrl(endpoint: string, path: string, query: Record<string, string | undefined> = {}): URL {
  const url = new URL(path.replace(/^\/+/, ''), endpoint.endsWith('/') ? endpoint : `${endpoint}/`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

/**
 * One JSON call to a partner with a hard time limit: a slow partner costs the operator at most
 * `timeoutMs`, and every failure comes back as one of the two errors above.
 */
export async function partnerJson<T>(options: {
  method: 'GET' | 'POST';
  url: URL;
  auth: PartnerAuth;
  timeoutMs: number;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}): Promise<{ status: number; body: T }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let res: Response;
  try {
    res = await fetch(options.url, {
      method: options.method,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...authHeader(options.auth),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new PartnerUnavailableError(`no answer within ${options.timeoutMs} ms`, 'timeout');
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new PartnerUnavailableError(`cannot connect (${cause?.code ?? cause?.message ?? (error as Error).message})`, 'unreachable');
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new PartnerUnavailableError(`no answer within ${options.timeoutMs} ms`, 'timeout');
  }
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text.slice(0, 500);
    }
  }
  if (res.status >= 500 || res.status === 408 || res.status === 429) {
    throw new PartnerUnavailableError(`answered HTTP ${res.status}`, 'server', res.status);
  }
  if (res.status >= 400) throw new PartnerRejectedError(`refused the request: HTTP ${res.status}`, res.status, body);
  return { status: res.status, body: body as T };
}
