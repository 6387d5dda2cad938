/**
 * The service worker, built into dist/sw.js by plugins/serviceWorker.ts (docs/offline.md).
 *
 * Install stores the app shell and every hashed file of the user app under a cache named after
 * this version; it does not take over open tabs by itself: a new version waits until the app,
 * asked by the user (src/serviceWorker/register.ts), sends `SKIP_WAITING`. Activation drops the
 * caches of older versions. What each request gets is ./policy.ts's rule.
 */
import { SKIP_WAITING } from './messages';
import { mayStore, strategyFor, type Strategy } from './policy';

/** Set by the build (plugins/serviceWorker.ts). */
declare const __PRECACHE__: string[];
declare const __VERSION__: string;

/** The service worker's own types (lib "webworker" cannot sit beside "dom" in one program). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE_PREFIX = 'powerfi-';
const CACHE = `${CACHE_PREFIX}${__VERSION__}`;
/**
 * The shell's URL in the precache list: the server answers client routes with it (`/` itself is
 * a prerendered page, plugins/prerender, which must not stand in for the other routes offline).
 */
const SHELL = '/index.html';

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(__PRECACHE__)));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)))),
  );
});

worker.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING) void worker.skipWaiting();
});

async function fetchAndStore(request: Request): Promise<Response> {
  const response = await fetch(request);
  if (mayStore(response)) {
    const copy = response.clone();
    await caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function stored(request: Request | string): Promise<Response | undefined> {
  return (await caches.open(CACHE)).match(request);
}

const STRATEGIES: Record<Exclude<Strategy, 'network'>, (event: FetchEvent) => Promise<Response>> = {
  // the shell stored with this version's files (not the newest page: that may name files this
  // cache does not hold)
  shell: ({ request }) => fetch(request).catch(async (error) => (await stored(SHELL)) ?? Promise.reject(error)),
  'cache-first': async ({ request }) => (await stored(request)) ?? fetchAndStore(request),
  'stale-while-revalidate': async (event) => {
    const refreshed = fetchAndStore(event.request);
    const copy = await stored(event.request);
    if (!copy) return refreshed;
    event.waitUntil(refreshed.catch(() => undefined));
    return copy;
  },
};

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const facts = { method: request.method, url: request.url, mode: request.mode, hasAuthorization: request.headers.has('authorization') };
  const strategy = strategyFor(facts, worker.location.origin);
  if (strategy !== 'network') event.respondWith(STRATEGIES[strategy](event));
});
