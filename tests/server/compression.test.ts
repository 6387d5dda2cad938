/**
 * Response compression: answers in memory up to the synchronous limit are compressed whole (a
 * Content-Length, no chunked stream), by Accept-Encoding; smaller ones are sent as they are;
 * larger ones and other encodings still go through @fastify/compress. Every compressed body
 * decompresses to exactly what an uncompressed request gets.
 */
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { registerCompression, SYNC_LIMIT_BYTES, THRESHOLD_BYTES } from '../../server/http/compression';
import { startTestApp, type TestApp } from './support/app';

const text = (bytes: number) => JSON.stringify({ data: 'x'.repeat(bytes - 11) });

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerCompression(app);
  // registered as a plugin, as the app's routes are, so the compress plugin has loaded before them
  app.register(async (routes) => {
    routes.get('/json/:bytes', async (request, reply) => reply.type('application/json').send(text(Number((request.params as { bytes: string }).bytes))));
    routes.get('/picture', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(4096, 1)));
    routes.get('/vary', async (_request, reply) => reply.header('vary', 'X-Locale').type('application/json').send(text(4096)));
  });
  await app.ready();
});
afterAll(async () => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

function decoded(response: LightMyRequestResponse): string {
  const body = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(body).toString();
    case 'gzip':
      return zlib.gunzipSync(body).toString();
    case 'deflate':
      return zlib.inflateSync(body).toString();
    default:
      return body.toString();
  }
}

describe('answers compressed whole', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['GZIP', 'gzip'],
  ])('Accept-Encoding %s → %s, with a Content-Length and Vary', async (accept, expected) => {
    const response = await get('/json/8192', { 'accept-encoding': accept });
    expect(response.headers['content-encoding']).toBe(expected);
    // the plugin's stream would have sent it chunked, without a length
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(8192 / 4);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(decoded(response)).toBe(text(8192));
  });

  it('up to the synchronous limit inclusive', async () => {
    const response = await get(`/json/${SYNC_LIMIT_BYTES}`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(decoded(response)).toBe(text(SYNC_LIMIT_BYTES));
  });

  it('adds Accept-Encoding to a Vary the route set, once', async () => {
    const response = await get('/vary', { 'accept-encoding': 'br' });
    expect(response.headers.vary).toBe('X-Locale, Accept-Encoding');
    expect(decoded(response)).toBe(text(4096));
  });
});

describe('answers left as they are', () => {
  it('under the threshold', async () => {
    const response = await get(`/json/${THRESHOLD_BYTES - 1}`, { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(text(THRESHOLD_BYTES - 1));
  });

  it('without Accept-Encoding, with identity only, or with x-no-compression: the same bytes, Vary still said', async () => {
    const variants: Array<Record<string, string>> = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip', 'x-no-compression': '1' }];
    for (const headers of variants) {
      const response = await get('/json/8192', headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(text(8192));
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('a body that is not text', async () => {
    const response = await get('/picture', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(4096);
  });
});

describe('left to @fastify/compress', () => {
  it('a body over the synchronous limit is still compressed, as a stream', async () => {
    const bytes = SYNC_LIMIT_BYTES + 1;
    const response = await get(`/json/${bytes}`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBeUndefined();
    expect(decoded(response)).toBe(text(bytes));
  });

  it('deflate, which only the plugin speaks', async () => {
    const response = await get('/json/8192', { 'accept-encoding': 'deflate' });
    expect(response.headers['content-encoding']).toBe('deflate');
    expect(decoded(response)).toBe(text(8192));
  });
});

describe('in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(async () => t.close());

  it('the goods list arrives compressed whole, and reads the same as uncompressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/web/mall/goods' });
    expect(plain.rawPayload.length).toBeGreaterThan(THRESHOLD_BYTES);
    const compressed = await t.app.inject({ method: 'GET', url: '/api/v1/web/mall/goods', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-length']).toBe(String(compressed.rawPayload.length));
    expect({ ...JSON.parse(decoded(compressed)), requestId: null }).toEqual({ ...plain.json(), requestId: null });
  });
});
