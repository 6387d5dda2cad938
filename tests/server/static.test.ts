/** The built SPA: client routes fall back to index.html, cache headers, compression, CSP. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { API_SECURITY_HEADERS } from '../../server/http/security';
import { startTestApp, type TestApp } from './support/app';

const INDEX_HTML = '<!DOCTYPE html><html><head><script src="/umi.0123abcd.js"></script></head><body><div id="root"></div></body></html>';
const BUNDLE = `console.log(${JSON.stringify('PowerFi '.repeat(2000))});`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'umi.0123abcd.js'), BUNDLE);
  fs.writeFileSync(path.join(dist, '8970.366032b4.async.js'), 'window.chunk = 1;');
  fs.writeFileSync(path.join(dist, 'p__Home__index.424279e3.chunk.css'), 'body { color: red; }');
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  fs.writeFileSync(path.join(dist, 'sw.js'), "self.addEventListener('fetch', () => undefined);");
  t = await startTestApp({ config: { distDir: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('static app', () => {
  it('serves index.html at / without caching, under a CSP with no inline script', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives API responses the API security headers, no caching and a request id; pages keep the page CSP', async () => {
    for (const url of ['/api/v1/base/web/auth/nonce', '/api/v1/web/nothing', '/api/docs/openapi.json']) {
      const response = await get(url);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect({ url, name, value: response.headers[name] }).toEqual({ url, name, value });
      expect(String(response.headers['x-request-id'])).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
    }
    const page = await get('/my/assets', { accept: 'text/html' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(String(page.headers['x-request-id'])).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
  });

  it('answers every client route with index.html (SPA fallback)', async () => {
    for (const url of ['/my/assets?x=1', '/shopping/goods/12', '/shopping/order_details/1/9', '/login', '/no/such/page']) {
      const response = await get(url, { accept: 'text/html' });
      expect({ url, status: response.statusCode, body: response.body }).toEqual({ url, status: 200, body: INDEX_HTML });
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('caches hashed assets (split chunks too) for a year, immutably, and other files briefly', async () => {
    const asset = await get('/umi.0123abcd.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    for (const chunk of ['/8970.366032b4.async.js', '/p__Home__index.424279e3.chunk.css']) {
      expect({ chunk, cacheControl: (await get(chunk)).headers['cache-control'] }).toEqual({ chunk, cacheControl: 'public, max-age=31536000, immutable' });
    }
    const robots = await get('/robots.txt');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the service worker without caching, so a new version is found on the next visit', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/javascript/);
  });

  it('compresses large responses for clients that accept it', async () => {
    const gzip = await get('/umi.0123abcd.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE);
    expect(gzip.rawPayload.length).toBeLessThan(BUNDLE.length / 10);
    const br = await get('/umi.0123abcd.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
  });

  it('404s a missing file and an unknown API route with the envelope, not index.html', async () => {
    for (const url of ['/umi.ffffffff.js', '/api/v1/web/nothing', '/api']) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toMatchObject({ success: false, errCode: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/my/assets' });
    expect(post.statusCode).toBe(404);
    expect(post.json().errCode).toBe('NOT_FOUND');
  });
});
