/**
 * The price feed as a job of the server process: a poll of every currency with sources each
 * PRICE_POLL_MS (server/prices/feed.ts), and once an hour the snapshots past their retention
 * dropped. A currency that stops being usable, or becomes usable again, is logged once at the
 * change, not at every poll.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { JobSpec } from '../jobs';
import type { JobTiming } from '../jobSchedule';
import { MARKET_CURRENCIES } from '../../contract/rules/prices';
import { pollPrices } from './feed';
import { ChainReaders } from './sources';
import { pruneSnapshots } from './store';

const PRUNE_EVERY_MS = 3600 * 1000;

export function priceFeedJobs(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, log: FastifyBaseLogger, timing: JobTiming): JobSpec[] {
  const { db, clock, config } = ctx;
  const unpriced = MARKET_CURRENCIES.filter((currency) => !config.prices.sources[currency]?.length);
  if (unpriced.length && config.prices.demo === 'off') {
    log.warn({ currencies: unpriced }, `price feed: no PRICE_SOURCES_<CURRENCY> for ${unpriced.join(', ')}: they have no price, so they cannot be converted or exchanged (docs/prices.md)`);
  }
  if (unpriced.length === MARKET_CURRENCIES.length) return [];
  const lastUsable = new Map<string, boolean>();
  const chain = new ChainReaders();
  return [
    {
      name: 'price feed',
      ...timing,
      run: async (signal) => {
        for (const result of await pollPrices(db, config.prices, chain, () => clock.now(), signal)) {
          const before = lastUsable.get(result.currency);
          if (result.usable && before === false) log.info({ currency: result.currency }, `price feed: ${result.currency} usable again`);
          if (!result.usable && before !== false) {
            log.warn({ currency: result.currency, reason: result.reason, sources: result.sources }, `price feed: ${result.currency} has no usable price (${result.reason}): its conversions and exchanges are refused until the sources agree`);
          }
          lastUsable.set(result.currency, result.usable);
        }
      },
      close: () => chain.close(),
    },
    {
      name: 'price history retention',
      firstRunDelayMs: 60 * 1000,
      intervalMs: PRUNE_EVERY_MS,
      run: async () => {
        const dropped = await pruneSnapshots(db, clock.now());
        if (dropped) log.info({ dropped }, 'price history: snapshots past their retention dropped');
      },
    },
  ];
}
