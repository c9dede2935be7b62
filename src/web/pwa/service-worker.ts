// The service worker (issue 28, a dropped network): it keeps the app shell (index.html) and every file
// of the build, so a reload with no network still opens the SPA and its stored draft. The API is never
// touched: every /api/ call goes to the network as if there were no worker.
//
// Built by scripts/service-worker-plugin.ts into /sw.js: the build prepends `__PRECACHE__` (the build's
// files) and `__SW_VERSION__` (a hash of that list), strips the `export`s (a classic worker script has
// none) and runs the guarded part at the end. A new build is a new sw.js: the browser installs it,
// it caches the new files, takes over at once (skipWaiting, clients.claim) and drops the old cache.
// An open page keeps its code until it reloads; its draft is in localStorage either way.

/** What the worker does with a request. */
export type Strategy = 'network' | 'shell' | 'cache-first';

/** Cache names of this app start so; another app on the origin keeps its own. */
export const CACHE_PREFIX = 'returns-desk-';

export const cacheName = (version: string) => `${CACHE_PREFIX}${version}`;

/**
 * `network`: not the worker's (another origin, not a GET, the API, a file outside the build);
 * `shell`: a page load, network first and the cached index.html when there is no network;
 * `cache-first`: a file of this build (hashed names never change content).
 */
export function strategyFor(
  request: { method: string; url: string; mode: string },
  origin: string,
  precached: ReadonlySet<string>,
): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return 'network';
  if (request.mode === 'navigate') return 'shell';
  return precached.has(url.pathname) ? 'cache-first' : 'network';
}

/** The caches an activated version removes: this app's older ones. */
export const staleCaches = (names: readonly string[], current: string) => names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== current);

/** The build's files the worker keeps: everything but source maps, compressed copies and the worker itself. */
export function precacheList(files: readonly string[]): string[] {
  const kept = files.filter((f) => !/\.(map|br|gz)$/.test(f) && f !== 'sw.js').map((f) => `/${f.replace(/^\/+/, '')}`);
  return [...new Set(kept)].sort();
}

// ---- The worker itself (only in a ServiceWorkerGlobalScope) ----

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScopeLike {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

declare const __PRECACHE__: string[];
declare const __SW_VERSION__: string;

export function runWorker(scope: WorkerScopeLike, files: string[], version: string) {
  const current = cacheName(version);
  const precached = new Set(files);
  const shell = '/index.html';

  scope.addEventListener('install', (event) => {
    // `reload`: the files from the server, not from the browser's HTTP cache of an older build.
    const fill = caches.open(current).then((cache) => cache.addAll(files.map((f) => new Request(f, { cache: 'reload' }))));
    event.waitUntil(fill.then(() => scope.skipWaiting()));
  });

  scope.addEventListener('activate', (event) => {
    const cleanup = caches.keys().then((names) => Promise.all(staleCaches(names, current).map((n) => caches.delete(n))));
    event.waitUntil(cleanup.then(() => scope.clients.claim()));
  });

  scope.addEventListener('fetch', (event) => {
    const strategy = strategyFor(event.request, scope.location.origin, precached);
    if (strategy === 'network') return;
    if (strategy === 'shell') {
      event.respondWith(fetch(event.request).catch(async () => (await caches.match(shell, { cacheName: current })) ?? Response.error()));
      return;
    }
    const path = new URL(event.request.url).pathname;
    event.respondWith(caches.match(path, { cacheName: current }).then((hit) => hit ?? fetch(event.request)));
  });
}

if (typeof __PRECACHE__ !== 'undefined') runWorker(self as unknown as WorkerScopeLike, __PRECACHE__, __SW_VERSION__);
