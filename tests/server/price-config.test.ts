/**
 * The price feed's settings (server/prices/config.ts, read by loadConfig): sources per currency
 * (Chainlink through CHAIN_<NETWORK>_RPC_URL, or https with a JSON pointer; http only to a
 * loopback host), refused when wrong at start rather than pricing anything from a bad source; the
 * guards' defaults and overrides; the demo feed, never in production.
 */
import { spawnSync } from 'node:child_process';
import { toUnits } from '../../contract/rules/money';
import { loadConfig } from '../../server/config';
import { parsePriceConfig } from '../../server/prices/config';
import { startCommand } from '../projectCommand';

const AGGREGATOR = '0x5f4ec3df9cbd43714fe2740f5e3616155c5b8419';
const CHECKSUMMED = '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419';

describe('PRICE_SOURCES_<CURRENCY>', () => {
  it('reads https sources with their JSON pointer, and Chainlink aggregators through the network\'s RPC URL', () => {
    const { sources } = parsePriceConfig({
      PRICE_SOURCES_ETH: `https://api.example.com/v1/ticker?symbol=ETHUSDT&key=secret#/data/0/price, chainlink:ERC20:${AGGREGATOR}`,
      CHAIN_ERC20_RPC_URL: 'https://rpc-1.example, https://rpc-2.example',
      PRICE_SOURCES_BTC: 'https://a.example/btc#/price,https://b.example/btc#/last',
    });
    expect(sources.ETH).toEqual([
      // the label (what ops and snapshots show) never carries the query, which may hold an API key
      { kind: 'http', label: 'api.example.com/v1/ticker#/data/0/price', url: 'https://api.example.com/v1/ticker?symbol=ETHUSDT&key=secret', pointer: '/data/0/price' },
      { kind: 'chainlink', label: `chainlink:ERC20:${CHECKSUMMED}`, network: 'ERC20', rpcUrl: 'https://rpc-1.example', aggregator: CHECKSUMMED },
    ]);
    expect(sources.BTC.map((s) => s.label)).toEqual(['a.example/btc#/price', 'b.example/btc#/last']);
    expect(sources.FIL).toBeUndefined();
    // an empty variable is no sources
    expect(parsePriceConfig({ PRICE_SOURCES_FIL: ' ' }).sources).toEqual({});
  });

  it('allows http only to a loopback host', () => {
    for (const url of ['http://127.0.0.1:8080/p#/price', 'http://localhost/p#/price', 'http://[::1]:9000/p#/price']) {
      expect(parsePriceConfig({ PRICE_SOURCES_ETH: url }).sources.ETH[0]).toMatchObject({ kind: 'http', pointer: '/price' });
    }
    for (const url of ['http://prices.example/p#/price', 'http://10.0.0.5/p#/price', 'http://127.0.0.1.nip.io/p#/price', 'http://localhost.example/p#/price']) {
      expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: url })).toThrow(/PRICE_SOURCES_ETH: a price source must be https \(http only to a loopback host\)/);
    }
    expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: 'ftp://prices.example/p#/price' })).toThrow('a price source must be https');
    expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: 'file:///etc/passwd#/price' })).toThrow('a price source must be https');
    expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: 'prices.example/p#/price' })).toThrow('PRICE_SOURCES_ETH: "prices.example/p#/price" is not a URL');
  });

  it('requires the JSON pointer of the price', () => {
    for (const url of ['https://prices.example/eth', 'https://prices.example/eth#price', 'https://prices.example/eth#']) {
      if (url.endsWith('#')) {
        // "#" alone is the empty pointer: the whole document is the price
        expect(parsePriceConfig({ PRICE_SOURCES_ETH: url }).sources.ETH[0]).toMatchObject({ pointer: '' });
        continue;
      }
      expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: url })).toThrow(/must end with the JSON pointer of the price/);
    }
    // a pointer's escapes and percent-encoding
    expect(parsePriceConfig({ PRICE_SOURCES_ETH: 'https://p.example/x#/ETH~1USDT/%C2%B5' }).sources.ETH[0]).toMatchObject({ pointer: '/ETH~1USDT/µ' });
  });

  it('refuses a currency that has no market price', () => {
    expect(() => parsePriceConfig({ PRICE_SOURCES_DOGE: 'https://p.example/doge#/price' })).toThrow('PRICE_SOURCES_DOGE: DOGE is not a market currency (BTC, ETH, FIL)');
    expect(() => parsePriceConfig({ PRICE_SOURCES_USDT: 'https://p.example/usdt#/price' })).toThrow('USDT is not a market currency');
  });

  it('refuses a Chainlink source without the network\'s RPC URL, or with a malformed network or address', () => {
    expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: `chainlink:ERC20:${AGGREGATOR}` })).toThrow(`PRICE_SOURCES_ETH: chainlink:ERC20:${AGGREGATOR} reads through CHAIN_ERC20_RPC_URL, which is not set`);
    expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: `chainlink:ERC20:${AGGREGATOR}`, CHAIN_ERC20_RPC_URL: '' })).toThrow('CHAIN_ERC20_RPC_URL, which is not set');
    for (const raw of ['chainlink:erc20:' + AGGREGATOR, 'chainlink:ERC20:0x1234', 'chainlink:ERC20', `chainlink::${AGGREGATOR}`]) {
      expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: raw, CHAIN_ERC20_RPC_URL: 'https://rpc.example', CHAIN_erc20_RPC_URL: 'https://rpc.example' })).toThrow('must be chainlink:<NETWORK>:<aggregator address>');
    }
  });

  it('refuses one source named twice (they must be independent)', () => {
    expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: 'https://p.example/eth#/price,https://p.example/eth#/price' })).toThrow('PRICE_SOURCES_ETH names one source twice');
    // the same endpoint and pointer behind another API key is the same source
    expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: 'https://p.example/eth?key=1#/price,https://p.example/eth?key=2#/price' })).toThrow('names one source twice');
    expect(() => parsePriceConfig({
      PRICE_SOURCES_ETH: `chainlink:ERC20:${AGGREGATOR},chainlink:ERC20:${CHECKSUMMED}`, CHAIN_ERC20_RPC_URL: 'https://rpc.example',
    })).toThrow('names one source twice');
    // another pointer of the same answer is another source
    expect(parsePriceConfig({ PRICE_SOURCES_ETH: 'https://p.example/eth#/bid,https://p.example/eth#/ask' }).sources.ETH).toHaveLength(2);
  });

  it('refuses fewer sources than PRICE_MIN_SOURCES (2 by default in production): the currency could never be priced', () => {
    const two = 'https://a.example/eth#/p,https://b.example/eth#/p';
    expect(() => parsePriceConfig({ PRICE_SOURCES_ETH: two, PRICE_MIN_SOURCES: '3' })).toThrow('PRICE_SOURCES_ETH names 2 source(s), fewer than PRICE_MIN_SOURCES (3): ETH could never be priced');
    expect(parsePriceConfig({ PRICE_SOURCES_ETH: two, PRICE_MIN_SOURCES: '2' }).minSources).toBe(2);
    expect(() => parsePriceConfig({ NODE_ENV: 'production', PRICE_SOURCES_ETH: 'https://a.example/eth#/p' })).toThrow('fewer than PRICE_MIN_SOURCES (2)');
    expect(parsePriceConfig({ NODE_ENV: 'production', PRICE_SOURCES_ETH: two }).minSources).toBe(2);
    expect(parsePriceConfig({ PRICE_SOURCES_ETH: 'https://a.example/eth#/p' }).minSources).toBe(1);
    expect(() => parsePriceConfig({ PRICE_MIN_SOURCES: '0' })).toThrow('PRICE_MIN_SOURCES must be a whole number ≥ 1, got "0"');
  });
});

describe('the guards and the demo feed', () => {
  it('defaults: 60 s max age, 1 % deviation, 3 s source time-out, 10 s quotes, the desk\'s bounds of the rule table', () => {
    const config = parsePriceConfig({});
    expect(config).toEqual({
      sources: {},
      maxAgeMs: 60_000,
      minSources: 1,
      maxDeviation: toUnits('1'),
      sourceTimeoutMs: 3000,
      demo: 'walk',
      quoteTtlMs: 10_000,
      exchangeMaxPosition: { USDT: toUnits('2000000'), BTC: toUnits('20'), ETH: toUnits('400'), FIL: toUnits('300000') },
    });
    // what the server reads
    expect(loadConfig({}).prices).toEqual(config);
  });

  it('reads each setting, and refuses a malformed one naming it', () => {
    const config = parsePriceConfig({
      PRICE_MAX_AGE_SECONDS: '30', PRICE_MAX_DEVIATION_PERCENT: '0.5', PRICE_SOURCE_TIMEOUT_MS: '1500', CONVERT_QUOTE_TTL_SECONDS: '20',
      EXCHANGE_MAX_POSITION_ETH: '12.5', EXCHANGE_MAX_POSITION_USDT: '100000',
    });
    expect(config).toMatchObject({ maxAgeMs: 30_000, maxDeviation: toUnits('0.5'), sourceTimeoutMs: 1500, quoteTtlMs: 20_000 });
    expect(config.exchangeMaxPosition).toEqual({ USDT: toUnits('100000'), BTC: toUnits('20'), ETH: toUnits('12.5'), FIL: toUnits('300000') });
    for (const [env, message] of [
      [{ PRICE_MAX_AGE_SECONDS: '0' }, 'PRICE_MAX_AGE_SECONDS must be a whole number ≥ 1'],
      [{ PRICE_MAX_AGE_SECONDS: '1.5' }, 'PRICE_MAX_AGE_SECONDS must be a whole number'],
      [{ PRICE_MAX_DEVIATION_PERCENT: '0' }, 'PRICE_MAX_DEVIATION_PERCENT must be a positive number'],
      [{ PRICE_MAX_DEVIATION_PERCENT: '-1' }, 'PRICE_MAX_DEVIATION_PERCENT must be a positive number'],
      [{ PRICE_MAX_DEVIATION_PERCENT: '1%' }, 'PRICE_MAX_DEVIATION_PERCENT must be a positive number'],
      [{ PRICE_SOURCE_TIMEOUT_MS: '50' }, 'PRICE_SOURCE_TIMEOUT_MS must be a whole number ≥ 100'],
      [{ CONVERT_QUOTE_TTL_SECONDS: '0' }, 'CONVERT_QUOTE_TTL_SECONDS must be a whole number ≥ 1'],
      [{ EXCHANGE_MAX_POSITION_ETH: '0' }, 'EXCHANGE_MAX_POSITION_ETH must be a positive number'],
      [{ EXCHANGE_MAX_POSITION_BTC: '1e3' }, 'EXCHANGE_MAX_POSITION_BTC must be a positive number'],
      [{ PRICE_DEMO: 'random' }, 'PRICE_DEMO must be walk, fixed or off, got "random"'],
    ] as const) {
      expect(() => parsePriceConfig(env)).toThrow(message);
    }
  });

  it('the demo feed walks by default outside production, may be held or switched off', () => {
    expect(parsePriceConfig({ NODE_ENV: 'development' }).demo).toBe('walk');
    expect(parsePriceConfig({ PRICE_DEMO: 'fixed' }).demo).toBe('fixed');
    expect(parsePriceConfig({ PRICE_DEMO: 'off' }).demo).toBe('off');
  });

  it('is off in production, and asking for it there is refused', () => {
    expect(parsePriceConfig({ NODE_ENV: 'production' }).demo).toBe('off');
    expect(parsePriceConfig({ NODE_ENV: 'production', PRICE_DEMO: 'off' }).demo).toBe('off');
    for (const demo of ['walk', 'fixed']) {
      expect(() => parsePriceConfig({ NODE_ENV: 'production', PRICE_DEMO: demo })).toThrow('PRICE_DEMO is for development and tests: in production every price comes from PRICE_SOURCES_<CURRENCY>');
    }
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://powerfi.example', PRICE_DEMO: 'fixed' })).toThrow('PRICE_DEMO is for development and tests');
  });

  it('a bad price source stops the server (npm start) before it listens', () => {
    const result = spawnSync(...startCommand({
      env: { ...process.env, PRICE_SOURCES_ETH: 'http://prices.example/eth#/price', PORT: '1', DATABASE_URL: '', SQLITE_PATH: '/nonexistent-powerfi/never.sqlite' },
      encoding: 'utf8',
      timeout: 30_000,
    }));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('PRICE_SOURCES_ETH: a price source must be https');
    expect(result.stdout + result.stderr).not.toMatch(/listening/i);
  });
});
