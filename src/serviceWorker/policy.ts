/**
 * What the service worker (./worker.ts) does with each request, as plain functions its unit test
 * can call (docs/offline.md). The worker keeps only what anyone may see: the app's own files. It
 * leaves to the network, untouched, every request that is not a same-origin GET, that carries an
 * Authorization header, or that goes to the API: API answers are `no-store` (balances, orders and
 * the like must not stay in any cache), and even the public lists (prices, products) would be
 * misleading when stale in a finance app.
 */
import { HASHED_ASSET, isApiUrl, SERVICE_WORKER_PATH } from '../../contract/rules/sitePaths';

/**
 * `network`: not the worker's business (no respondWith); `shell`: a page, from the network, the
 * stored app shell when offline; `cache-first`: a hashed file (its content never changes);
 * `stale-while-revalidate`: any other public file (icons, the manifest), stored copy at once and
 * refreshed behind it.
 */
export type Strategy = 'network' | 'shell' | 'cache-first' | 'stale-while-revalidate';

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: `navigate` for a page */
  mode: string;
  hasAuthorization: boolean;
}

export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== 'GET' || request.hasAuthorization) return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || isApiUrl(url.pathname) || url.pathname === SERVICE_WORKER_PATH) return 'network';
  if (request.mode === 'navigate') return 'shell';
  return HASHED_ASSET.test(url.pathname) ? 'cache-first' : 'stale-while-revalidate';
}

export interface ResponseFacts {
  ok: boolean;
  /** Response.type: `basic` for a same-origin answer (not opaque, not an error) */
  type: string;
  headers: { get(name: string): string | null };
}

/** Only a complete same-origin answer that allows storing it (no `no-store`, no `Vary: *`). */
export function mayStore(response: ResponseFacts): boolean {
  if (!response.ok || response.type !== 'basic') return false;
  if (/(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '')) return false;
  return (response.headers.get('vary') ?? '').trim() !== '*';
}
