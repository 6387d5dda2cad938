/**
 * The market the e2e server prices from (docs/prices.md): a small HTTP server on 127.0.0.1 inside the
 * test process, answering each market currency's USDT price from two independent-looking
 * sources, so the production rule PRICE_MIN_SOURCES=2 is exercised for real:
 *   GET /a/<CUR> → {"price":"3200"}            (source a: the price as a JSON string)
 *   GET /b/<CUR> → {"data":{"last":3200}}      (source b: the price as a JSON number)
 * The server reads them as `http://127.0.0.1:<port>/a/ETH#/price` and `…/b/ETH#/data/last`
 * (PRICE_SOURCES_<CUR>, server/prices/config.ts: http is allowed to a loopback host).
 * A test moves the market with `set`, breaks it with `fail` and mends it with `restore`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MARKET_CURRENCIES } from '../../../contract/rules/prices';
import { PRICES_USDT } from '../../../contract/seed/catalogue';

export type SourceName = 'a' | 'b';
export const SOURCE_NAMES: readonly SourceName[] = ['a', 'b'];

/** how a failing source fails: an HTTP 500, or no answer at all until the feed is restored or stopped */
export type FailMode = 'error' | 'stall';

export interface PriceFeed {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** PRICE_SOURCES_<CUR> for every market currency: both sources of each */
  readonly env: Record<string, string>;
  /** Sets a currency's price (a decimal string), on both sources or on one (to make them disagree). */
  set: (currency: string, price: string, source?: SourceName) => void;
  /** The price a source answers for a currency now. */
  price: (currency: string, source?: SourceName) => string;
  /** Makes both sources of a currency (or one) fail: HTTP 500 ('error', the default) or never answer ('stall'). */
  fail: (currency: string, mode?: FailMode, source?: SourceName) => void;
  /** Ends a currency's failures (every currency's without an argument); prices stay as set. */
  restore: (currency?: string) => void;
  /** Back to the seed's prices and no failures. */
  reset: () => void;
  /** how many requests each source of a currency has received, e.g. requests('ETH', 'a') */
  requests: (currency: string, source?: SourceName) => number;
  stop: () => Promise<void>;
}

/** the seed's price of each market currency (contract/seed/catalogue.ts), what the feed answers by default */
export function seedPrices(): Record<string, string> {
  return Object.fromEntries(MARKET_CURRENCIES.map((currency) => [currency, PRICES_USDT[currency]]));
}

const key = (currency: string, source: SourceName) => `${currency.toUpperCase()}/${source}`;

export async function startPriceFeed(): Promise<PriceFeed> {
  const prices = new Map<string, string>();
  const failures = new Map<string, FailMode>();
  const counts = new Map<string, number>();
  /** stalled requests, answered (with 500) when their failure ends or the feed stops */
  const stalled = new Set<{ key: string; res: ServerResponse }>();

  const reset = () => {
    prices.clear();
    failures.clear();
    for (const [currency, price] of Object.entries(seedPrices())) {
      for (const source of SOURCE_NAMES) prices.set(key(currency, source), price);
    }
    releaseStalled(() => true);
  };

  const releaseStalled = (which: (k: string) => boolean) => {
    for (const entry of [...stalled]) {
      if (!which(entry.key)) continue;
      stalled.delete(entry);
      if (!entry.res.writableEnded) entry.res.writeHead(500).end();
    }
  };

  const known = (currency: string) => {
    const code = currency.toUpperCase();
    if (!(MARKET_CURRENCIES as readonly string[]).includes(code)) throw new Error(`price feed: ${currency} is not a market currency (${MARKET_CURRENCIES.join(', ')})`);
    return code;
  };
  const sourcesOf = (source?: SourceName) => (source ? [source] : SOURCE_NAMES);

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/(a|b)\/([A-Z0-9]+)$/.exec(new URL(req.url ?? '/', 'http://feed').pathname);
    if (req.method !== 'GET' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const source = match[1] as SourceName;
    const k = key(match[2], source);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    const price = prices.get(k);
    const failure = failures.get(k);
    if (failure === 'stall') {
      stalled.add({ key: k, res });
      return;
    }
    if (failure === 'error' || price === undefined) {
      res.writeHead(price === undefined ? 404 : 500, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
      return;
    }
    // two shapes, as two different exchanges would answer: a string, and a bare JSON number
    const body = source === 'a' ? JSON.stringify({ symbol: `${match[2]}USDT`, price }) : `{"data":{"pair":"${match[2]}-USDT","last":${price}}}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  reset();

  const env = Object.fromEntries(
    MARKET_CURRENCIES.map((currency) => [`PRICE_SOURCES_${currency}`, `${url}/a/${currency}#/price,${url}/b/${currency}#/data/last`]),
  );

  return {
    url,
    env,
    set(currency, price, source) {
      const code = known(currency);
      if (!/^[0-9]+(\.[0-9]+)?$/.test(price)) throw new Error(`price feed: "${price}" is not a positive decimal`);
      for (const s of sourcesOf(source)) prices.set(key(code, s), price);
    },
    price(currency, source = 'a') {
      return prices.get(key(known(currency), source)) ?? '';
    },
    fail(currency, mode = 'error', source) {
      const code = known(currency);
      for (const s of sourcesOf(source)) failures.set(key(code, s), mode);
    },
    restore(currency) {
      const code = currency === undefined ? undefined : known(currency);
      for (const k of [...failures.keys()]) if (code === undefined || k.startsWith(`${code}/`)) failures.delete(k);
      releaseStalled((k) => code === undefined || k.startsWith(`${code}/`));
    },
    reset,
    requests(currency, source) {
      const code = known(currency);
      return sourcesOf(source).reduce((sum, s) => sum + (counts.get(key(code, s)) ?? 0), 0);
    },
    async stop() {
      releaseStalled(() => true);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
