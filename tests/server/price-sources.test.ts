/**
 * Reading one price source (server/prices/sources.ts), every answer hostile input: a Chainlink-style
 * aggregator (tests/server/support/MockAggregator.sol) on a local ganache chain, read exactly in 8
 * and 18 decimals, its round refused when the answer is not above zero, when updatedAt is older
 * than the maximum age or in the future; and HTTP JSON sources served by the test on 127.0.0.1: a
 * decimal string, a JSON number with more digits than a double holds (read from its text), a
 * nested RFC 6901 pointer with ~1/~0 escapes, and the refusals (non-2xx, nothing at the pointer,
 * time-out, non-JSON, a body too large or without end, a redirect, no positive price); and one
 * poll of both kinds together. SQLite, or PostgreSQL when DATABASE_URL is set (that poll only).
 */
import { startLocalChain, type LocalChain } from '../chain/localChain';
import { toUnits } from '../../contract/rules/money';
import type { PriceSource } from '../../server/prices/config';
import { ChainReaders, decimalTextToUnits, readSource, resolvePointer, type SourceReading } from '../../server/prices/sources';
import { migrateToLatest } from '../../server/db/migrate';
import { FakeClock } from './support/clock';
import { createTestDb } from './support/db';
import { deployAggregator, poll, priceConfig, startPriceServer, type Aggregator, type PriceServer } from './support/priceFeed';

const MAX_AGE_MS = 60_000;
// a whole second, so updatedAt (seconds on chain) is exactly the clock's time
const clock = new FakeClock(Date.UTC(2026, 2, 1, 4, 0, 0));
let chain: ChainReaders;

function read(source: PriceSource, timeoutMs = 2000, readers = chain): Promise<SourceReading> {
  return readSource(source, { timeoutMs, maxAgeMs: MAX_AGE_MS, now: () => clock.now(), signal: new AbortController().signal, chain: readers });
}

beforeAll(() => {
  chain = new ChainReaders();
});
afterAll(() => chain.close());

describe('a Chainlink aggregator on a local chain', () => {
  let local: LocalChain;
  let eight: Aggregator;
  let eighteen: Aggregator;
  const sourceOf = (aggregator: Aggregator) =>
    priceConfig({ PRICE_SOURCES_ETH: `chainlink:LOCAL:${aggregator.address.toLowerCase()}`, CHAIN_LOCAL_RPC_URL: local.rpcUrl }).sources.ETH[0];

  beforeAll(async () => {
    local = await startLocalChain();
    eight = await deployAggregator(local.funder, 8);
    eighteen = await deployAggregator(local.funder, 18);
  }, 60_000);
  afterAll(async () => local?.stop());

  it('reads a fresh round exactly, in 8 decimals, at its updatedAt', async () => {
    const updatedAt = clock.now() - 5000;
    await eight.setRound(250012345678n, updatedAt);
    const source = sourceOf(eight);
    expect(source).toMatchObject({ kind: 'chainlink', network: 'LOCAL', label: `chainlink:LOCAL:${eight.address}` });
    expect(await read(source)).toEqual({ price: toUnits('2500.12345678'), at: updatedAt });
  });

  it('reads 18 decimals exactly, cutting the digits past the 8th decimal (never a float)', async () => {
    await eighteen.setRound(2500123456789999999999n, clock.now());
    expect(await read(sourceOf(eighteen))).toEqual({ price: toUnits('2500.12345678'), at: clock.now() });
    // more than a double holds: 98765432109.87654321 ETH/USDT would lose its last digits in a Number
    await eighteen.setRound(98765432109876543210000000000n, clock.now());
    expect(await read(sourceOf(eighteen))).toEqual({ price: 9876543210987654321n, at: clock.now() });
  });

  it('reads each round afresh (no cache between polls)', async () => {
    await eight.setRound(300000000000n, clock.now());
    expect(await read(sourceOf(eight))).toMatchObject({ price: toUnits('3000') });
    await eight.setRound(310000000000n, clock.now());
    expect(await read(sourceOf(eight))).toMatchObject({ price: toUnits('3100') });
  });

  it('treats an answer of zero or below as stale', async () => {
    await eight.setRound(0n, clock.now());
    expect(await read(sourceOf(eight))).toEqual({ error: 'answer 0' });
    await eight.setRound(-250000000000n, clock.now());
    expect(await read(sourceOf(eight))).toEqual({ error: 'answer -250000000000' });
  });

  it('treats a round updated longer ago than the maximum age as stale (the age itself still counts)', async () => {
    await eight.setRound(250000000000n, clock.now() - MAX_AGE_MS);
    expect(await read(sourceOf(eight))).toEqual({ price: toUnits('2500'), at: clock.now() - MAX_AGE_MS });
    await eight.setRound(250000000000n, clock.now() - MAX_AGE_MS - 1000);
    expect(await read(sourceOf(eight))).toEqual({ error: 'stale: updated 61 s ago' });
    await eight.setRound(250000000000n, clock.now() - 3600_000);
    expect(await read(sourceOf(eight))).toEqual({ error: 'stale: updated 3600 s ago' });
  });

  it('refuses a round updated in the future (past a minute of clock skew)', async () => {
    await eight.setRound(250000000000n, clock.now() + 5 * 60_000);
    expect(await read(sourceOf(eight))).toEqual({ error: 'updatedAt in the future' });
    await eight.setRound(250000000000n, clock.now() + 61_000);
    expect(await read(sourceOf(eight))).toEqual({ error: 'updatedAt in the future' });
    // a node's clock a little ahead of ours is no attack
    await eight.setRound(250000000000n, clock.now() + 30_000);
    expect(await read(sourceOf(eight))).toEqual({ price: toUnits('2500'), at: clock.now() + 30_000 });
  });

  it('feeds a poll beside an HTTP source: the median of both, a stale round left out and recorded why', async () => {
    const testDb = await createTestDb();
    const http = await startPriceServer();
    try {
      await migrateToLatest(testDb.db);
      http.answer('/eth', { body: { price: '2510' } });
      const config = priceConfig({ PRICE_SOURCES_ETH: `chainlink:LOCAL:${eight.address},${http.url('/eth', '/price')}`, CHAIN_LOCAL_RPC_URL: local.rpcUrl });
      await eight.setRound(249000000000n, clock.now());
      expect(await poll(testDb.db, config, clock, chain)).toEqual([expect.objectContaining({ currency: 'ETH', usable: true, price: toUnits('2500') })]);
      await eight.setRound(249000000000n, clock.now() - 120_000);
      const [stale] = await poll(testDb.db, config, clock, chain);
      expect(stale).toEqual({
        currency: 'ETH', usable: true, price: toUnits('2510'), reason: null,
        sources: [
          { source: `chainlink:LOCAL:${eight.address}`, price: null, error: 'stale: updated 120 s ago' },
          { source: `${http.origin.slice('http://'.length)}/eth#/price`, price: '2510' },
        ],
      });
    } finally {
      await http.close();
      await testDb.cleanup();
    }
  });

  it('gives an error, not a price, for an address that is no aggregator or an endpoint that does not answer', async () => {
    const noContract = priceConfig({ PRICE_SOURCES_ETH: 'chainlink:LOCAL:0x000000000000000000000000000000000000dEaD', CHAIN_LOCAL_RPC_URL: local.rpcUrl }).sources.ETH[0];
    expect(await read(noContract)).toEqual({ error: expect.any(String) });
    // a port nothing listens on
    const down = priceConfig({ PRICE_SOURCES_ETH: `chainlink:LOCAL:${eight.address}`, CHAIN_LOCAL_RPC_URL: 'http://127.0.0.1:1' }).sources.ETH[0];
    const readers = new ChainReaders();
    try {
      // refused at once, or timed out: either way an error for this poll
      expect(await read(down, 500, readers)).toEqual({ error: expect.stringMatching(/ECONNREFUSED|timed out/) });
    } finally {
      readers.close();
    }
  });
});

describe('an HTTP JSON source on 127.0.0.1', () => {
  let server: PriceServer;
  const sourceAt = (path: string, pointer: string) => priceConfig({ PRICE_SOURCES_ETH: server.url(path, pointer) }).sources.ETH[0];

  beforeAll(async () => {
    server = await startPriceServer();
  });
  afterAll(async () => server?.close());

  it('reads a decimal string at the pointer', async () => {
    server.answer('/string', { body: { data: { price: '2501.5' } } });
    const source = sourceAt('/string', '/data/price');
    expect(source).toMatchObject({ kind: 'http', pointer: '/data/price', label: `${server.origin.slice('http://'.length)}/string#/data/price` });
    expect(await read(source)).toEqual({ price: toUnits('2501.5'), at: clock.now() });
  });

  it('reads a JSON number from its text: more digits than a double holds, cut at 8 decimals', async () => {
    server.answer('/number', { raw: '{"price": 2501.123456789012345}' });
    expect(await read(sourceAt('/number', '/price'))).toEqual({ price: 250112345678n, at: clock.now() });
    // 98765432109.87654321 as a double is 98765432109.87654: the last digits must survive
    server.answer('/number', { raw: '{"price": 98765432109.87654321}' });
    expect(await read(sourceAt('/number', '/price'))).toEqual({ price: 9876543210987654321n, at: clock.now() });
    server.answer('/number', { raw: '{"price": 2.5015e3}' });
    expect(await read(sourceAt('/number', '/price'))).toEqual({ price: toUnits('2501.5'), at: clock.now() });
  });

  it('follows a nested pointer with ~1 and ~0 escapes and array indexes', async () => {
    server.answer('/nested', { body: { 'ETH/USDT': { '~last': [{ px: '1' }, { px: '2502.25' }] }, ETH: { USDT: { '~last': '9' } } } });
    const source = sourceAt('/nested', '/ETH~1USDT/~0last/1/px');
    expect(source.kind === 'http' && source.pointer).toBe('/ETH~1USDT/~0last/1/px');
    expect(await read(source)).toEqual({ price: toUnits('2502.25'), at: clock.now() });
  });

  it('reads an answer that is the price itself (the empty pointer, "#")', async () => {
    server.answer('/bare', { raw: '2500.5' });
    const source = sourceAt('/bare', '');
    expect(source.kind === 'http' && source.pointer).toBe('');
    expect(await read(source)).toEqual({ price: toUnits('2500.5'), at: clock.now() });
  });

  it('refuses a non-2xx answer, even with a price in it', async () => {
    server.answer('/down', { status: 503, body: { price: '2500' } });
    expect(await read(sourceAt('/down', '/price'))).toEqual({ error: 'HTTP 503' });
    server.answer('/gone', { status: 404, body: { price: '2500' } });
    expect(await read(sourceAt('/gone', '/price'))).toEqual({ error: 'HTTP 404' });
  });

  it('refuses a redirect (it could lead anywhere)', async () => {
    server.answer('/elsewhere', { body: { price: '2500' } });
    server.answer('/moved', { status: 302, headers: { location: '/elsewhere' }, raw: '' });
    const reading = await read(sourceAt('/moved', '/price'));
    expect(reading).toEqual({ error: expect.any(String) });
    expect(server.hits.get('/elsewhere') ?? 0).toBe(0);
  });

  it('gives no price when nothing is at the pointer', async () => {
    server.answer('/missing', { body: { data: { last: '2500' }, list: ['2500'] } });
    expect(await read(sourceAt('/missing', '/data/price'))).toEqual({ error: 'no value at /data/price' });
    expect(await read(sourceAt('/missing', '/list/1'))).toEqual({ error: 'no value at /list/1' });
    expect(await read(sourceAt('/missing', '/list/01'))).toEqual({ error: 'no value at /list/01' });
    // an object or true is no price either
    expect(await read(sourceAt('/missing', '/data'))).toEqual({ error: 'no value at /data' });
  });

  it('gives no price for zero, a negative, a non-number or an absurd value', async () => {
    for (const [raw, shown] of [['"0"', '0'], ['-2500', '-2500'], ['"2500 USDT"', '2500 USDT'], ['"0x9c4"', '0x9c4'], ['1e30', '1e30'], ['"0.000000001"', '0.000000001']]) {
      server.answer('/bad', { raw: `{"price": ${raw}}` });
      expect(await read(sourceAt('/bad', '/price'))).toEqual({ error: `not a positive price: ${shown}` });
    }
  });

  it('gives up on a source slower than its time-out', async () => {
    server.answer('/slow', { body: { price: '2500' }, delayMs: 1500 });
    const started = Date.now();
    expect(await read(sourceAt('/slow', '/price'), 200)).toEqual({ error: 'timed out' });
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('refuses an answer that is not JSON', async () => {
    server.answer('/html', { raw: '<html>2500</html>', contentType: 'text/html' });
    expect(await read(sourceAt('/html', '/price'))).toEqual({ error: 'not JSON' });
    server.answer('/latin1', { raw: Buffer.from([0x7b, 0x22, 0x70, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]) });
    expect(await read(sourceAt('/latin1', '/p'))).toEqual({ error: 'not JSON' });
  });

  it('refuses a body over 64 KiB without parsing it', async () => {
    const padding = 'x'.repeat(64 * 1024);
    server.answer('/large', { body: { price: '2500', padding } });
    expect(await read(sourceAt('/large', '/price'))).toEqual({ error: 'answer too large' });
    server.answer('/large', { body: { price: '2500', padding: padding.slice(0, 60 * 1024) } });
    expect(await read(sourceAt('/large', '/price'))).toEqual({ price: toUnits('2500'), at: clock.now() });
  });

  it('stops reading a body without end (no content-length) past 64 KiB', async () => {
    server.answer('/endless', { endless: true });
    const started = Date.now();
    expect(await read(sourceAt('/endless', '/price'), 5000)).toEqual({ error: 'answer too large' });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('gives an error, not a price, when nothing listens', async () => {
    const source = priceConfig({ PRICE_SOURCES_ETH: 'http://127.0.0.1:1/price#/price' }).sources.ETH[0];
    expect(await read(source, 500)).toEqual({ error: expect.any(String) });
  });
});

describe('the pure readers', () => {
  it('decimalTextToUnits: exact, cut at 8 decimals, only positive decimals', () => {
    expect(decimalTextToUnits('2500')).toBe(toUnits('2500'));
    expect(decimalTextToUnits('0.00000001')).toBe(1n);
    expect(decimalTextToUnits('0.000000019')).toBe(1n);
    expect(decimalTextToUnits('25E2')).toBe(toUnits('2500'));
    expect(decimalTextToUnits('250000e-2')).toBe(toUnits('2500'));
    for (const bad of ['', '-1', '0', '0.000000001', '1e18', 'NaN', 'Infinity', '+5', '.5', '5.', ' ', '1,000']) expect(decimalTextToUnits(bad)).toBeNull();
  });

  it('resolvePointer: RFC 6901, "" is the whole document, ~1 before ~0', () => {
    const document = { 'a/b': { '~1': 'tilde-one', m: [10, 20] }, '': 'empty key' };
    expect(resolvePointer(document, '')).toBe(document);
    expect(resolvePointer(document, '/a~1b/~01')).toBe('tilde-one');
    expect(resolvePointer(document, '/a~1b/m/1')).toBe(20);
    expect(resolvePointer(document, '/')).toBe('empty key');
    expect(resolvePointer(document, 'a~1b')).toBeUndefined();
    expect(resolvePointer(document, '/a~1b/m/-')).toBeUndefined();
    expect(resolvePointer(document, '/a~1b/toString')).toBeUndefined();
  });
});
