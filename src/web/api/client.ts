// The one API client of the SPA (DESIGN §3, SPEC §7–§8). A call names a route of the contract
// route table (src/contract/api-paths.ts, api-routes.ts); its path, body and answer types come from
// there. It never throws: every call resolves to `{ code, message, errors?, status }`. Usage:
//   const res = await callRoute('updateUser', { params: { id }, body });
//   if (res.code === 200) show(res.message);                 // narrowed to AdminUser
//   await callRoute('changePassword', { body }, { quiet: true }); // the form shows the error itself
// Screens read through TanStack Query (queries.ts), which calls this. Authenticated calls that fail
// show the red notification of §8 unless `quiet`; a 401 clears the session and goes to the login screen.
import { notifications } from '@mantine/notifications';
import { API_PATHS, fillPath } from '../../contract/api-paths';
import { clearStoredToken, readStoredToken } from '../auth/token-store';
import {
  apiPath,
  failureMessages,
  failureTitle,
  isPublicPath,
  mapResponse,
  networkFailure,
  toQueryString,
  type ApiResult,
  type QueryObject,
} from './envelope';
import type { InputOptional, RouteAnswer, RouteInput, RouteName } from './route-types';

export type { ApiFailure, ApiResult, ApiSuccess } from './envelope';
export { failureMessages, failureText, GENERIC_CLIENT_ERROR } from './envelope';

export interface CallOptions {
  /** Do not show the red notification on failure (forms that show errors inline). */
  quiet?: boolean;
  /** HTTP statuses the screen answers itself (a dialog's own conflict message): no notification for them. */
  quietFor?: readonly number[];
  signal?: AbortSignal;
  /** Milliseconds before the call gives up with code -1; default 60 s. */
  timeoutMs?: number;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The session registers how to leave on a 401 (clear state, go to /auth/login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

function notifyFailure(code: number, messages: string[]): void {
  const message = messages.length > 1 ? messages.map((m) => `• ${m}`).join('\n') : messages[0];
  notifications.show({
    // The same failure twice (a double click, two queries) shows one notice while the first is up.
    id: `api-failure:${code}:${message ?? ''}`,
    color: 'red',
    title: failureTitle(code),
    message,
    style: { whiteSpace: 'pre-line' },
  });
}

async function request<T>(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<ApiResult<T>> {
  const url = apiPath(path);
  const publicCall = isPublicPath(url.split('?')[0] ?? url);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // Loaded on every call: another tab may have rotated the token.
  const { token } = readStoredToken();
  if (!publicCall && token) headers.Authorization = `Bearer ${token}`;

  const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let result: ApiResult<T>;
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    result = mapResponse<T>(response.status, parsed);
    const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
    if (result.code !== 200 && Number.isFinite(retryAfter)) result.retryAfter = retryAfter;
  } catch {
    result = networkFailure();
  }

  if (result.code !== 200 && !publicCall) {
    // A caller that aborted on purpose (unmount, newer search) wants no noise.
    const aborted = options.signal?.aborted ?? false;
    const answeredByScreen = options.quiet || options.quietFor?.includes(result.status);
    if (!answeredByScreen && !aborted) notifyFailure(result.code, failureMessages(result));
    if (result.code === 401) {
      clearStoredToken();
      onUnauthorized?.();
    }
  }
  return result;
}

function withQuery(path: string, query?: QueryObject): string {
  if (!query) return path;
  const qs = toQueryString(query);
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** The input and options of a call; the input may be left out when the route needs none. */
export type RouteCallArgs<N extends RouteName> =
  InputOptional<N> extends true ? [input?: RouteInput<N>, options?: CallOptions] : [input: RouteInput<N>, options?: CallOptions];

/** Calls a route of the contract table by name. POST and PUT always send a JSON body (`{}` when none). */
export function callRoute<N extends RouteName>(name: N, ...[input, options]: RouteCallArgs<N>): Promise<ApiResult<RouteAnswer<N>>> {
  const { method, path } = API_PATHS[name];
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: QueryObject; body?: unknown };
  const url = withQuery(fillPath(path, params), query);
  const sent = method === 'POST' || method === 'PUT' ? (body ?? {}) : body;
  return request<RouteAnswer<N>>(method, url, sent, options);
}

export interface DownloadProgress {
  /** Bytes received so far. */
  bytes: number;
  /** The row count the server announced (X-Total-Rows), when it did. */
  totalRows: number | null;
  /** Lines received so far (CSV: rows + the header). */
  lines: number;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Calls a route that answers a file (a streamed download) and reads it chunk by chunk, reporting
 * progress. A failure is answered like callRoute's (notification, 401 → login) and resolves to null.
 */
export async function downloadRoute<N extends RouteName>(
  name: N,
  input: { query: QueryObject; params?: Record<string, string | number> },
  options: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {},
): Promise<DownloadedFile | null> {
  const { path } = API_PATHS[name];
  const url = apiPath(withQuery(fillPath(path, input.params), input.query));
  const headers: Record<string, string> = {};
  const { token } = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: options.signal, credentials: 'same-origin' });
  } catch {
    if (!options.signal?.aborted) notifyFailure(-1, failureMessages(networkFailure()));
    return null;
  }
  if (response.status !== 200 || !response.body) {
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    const result = mapResponse(response.status, parsed);
    notifyFailure(result.code, failureMessages(result));
    if (result.code === 401) {
      clearStoredToken();
      onUnauthorized?.();
    }
    return null;
  }
  const total = response.headers.get('x-total-rows');
  const progress: DownloadProgress = { bytes: 0, totalRows: total === null ? null : Number(total), lines: 0 };
  const parts: BlobPart[] = [];
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      progress.bytes += value.byteLength;
      for (const byte of value) if (byte === 10) progress.lines++;
      options.onProgress?.({ ...progress });
    }
  } catch {
    if (!options.signal?.aborted) notifyFailure(-1, failureMessages(networkFailure()));
    return null;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  return { blob: new Blob(parts, { type: response.headers.get('content-type') ?? 'application/octet-stream' }), fileName };
}
