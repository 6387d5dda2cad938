/** What the service worker may serve from its cache and store (src/serviceWorker/policy.ts). */
import { mayStore, strategyFor, type RequestFacts } from '@/serviceWorker/policy';

const ORIGIN = 'https://powerfi.example';
const get = (path: string, facts: Partial<RequestFacts> = {}): RequestFacts => ({ method: 'GET', url: `${ORIGIN}${path}`, mode: 'cors', hasAuthorization: false, ...facts });

describe('strategyFor', () => {
  it('answers pages from the network, with the stored shell when offline', () => {
    for (const path of ['/', '/my/assets', '/shopping/goods/12?from=home']) expect(strategyFor(get(path, { mode: 'navigate' }), ORIGIN)).toBe('shell');
  });

  it('serves hashed files from the cache first and other public files stale-while-revalidate', () => {
    expect(strategyFor(get('/umi.046e8d9c.js', { mode: 'no-cors' }), ORIGIN)).toBe('cache-first');
    expect(strategyFor(get('/p__Home__index.424279e3.chunk.css'), ORIGIN)).toBe('cache-first');
    expect(strategyFor(get('/manifest.webmanifest'), ORIGIN)).toBe('stale-while-revalidate');
    expect(strategyFor(get('/icon-192.png'), ORIGIN)).toBe('stale-while-revalidate');
  });

  it('leaves every API request to the network, public or signed in', () => {
    for (const path of ['/api/v1/web/market/prices', '/api/v1/web/features', '/api/v1/web/user/profile', '/api', '/api?x=1']) {
      expect({ path, strategy: strategyFor(get(path), ORIGIN) }).toEqual({ path, strategy: 'network' });
      expect({ path, strategy: strategyFor(get(path, { mode: 'navigate' }), ORIGIN) }).toEqual({ path, strategy: 'network' });
    }
  });

  it('leaves to the network anything with Authorization, any method but GET, other origins and the worker script', () => {
    expect(strategyFor(get('/umi.046e8d9c.js', { hasAuthorization: true }), ORIGIN)).toBe('network');
    expect(strategyFor(get('/my/assets', { mode: 'navigate', hasAuthorization: true }), ORIGIN)).toBe('network');
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD']) expect(strategyFor(get('/umi.046e8d9c.js', { method }), ORIGIN)).toBe('network');
    expect(strategyFor({ ...get('/'), url: 'https://cdn.example/umi.046e8d9c.js' }, ORIGIN)).toBe('network');
    expect(strategyFor(get('/sw.js'), ORIGIN)).toBe('network');
  });
});

describe('mayStore', () => {
  const response = (headers: Record<string, string>, facts: { ok?: boolean; type?: string } = {}) => ({
    ok: facts.ok ?? true,
    type: facts.type ?? 'basic',
    headers: { get: (name: string) => headers[name] ?? null },
  });

  it('stores a complete same-origin answer', () => {
    expect(mayStore(response({ 'cache-control': 'public, max-age=31536000, immutable' }))).toBe(true);
    expect(mayStore(response({}))).toBe(true);
  });

  it('refuses no-store, Vary: *, errors and opaque answers', () => {
    expect(mayStore(response({ 'cache-control': 'no-store' }))).toBe(false);
    expect(mayStore(response({ 'cache-control': 'private, No-Store' }))).toBe(false);
    expect(mayStore(response({ vary: '*' }))).toBe(false);
    expect(mayStore(response({}, { ok: false }))).toBe(false);
    expect(mayStore(response({}, { type: 'opaque' }))).toBe(false);
  });
});
