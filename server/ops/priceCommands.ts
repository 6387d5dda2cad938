/**
 * The price feed's controls (docs/prices.md):
 *   prices:status                                         per market currency: price, age, usable or why not,
 *                                                          each source's last answer, halt, the exchange desk's position
 *   prices:halt CUR --reason TEXT [--operator NAME]       the manual circuit breaker: nothing is priced with CUR
 *   prices:resume CUR [--reason TEXT] [--operator NAME]   lifts it
 * prices:status exits 1 when a market currency has no usable price, so a monitor can run it.
 * Halting a halted currency or resuming a running one changes nothing and says so.
 * Halts and resumes are audited as from the command line; the console does the same through
 * `priceStatuses` and server/prices/store.ts.
 */
import { parseArgs } from 'node:util';
import os from 'node:os';
import { loadConfig } from '../config';
import type { Db } from '../db';
import { systemBalance } from '../ledger/balances';
import { cliActor } from '../operators/actor';
import type { PriceConfig } from '../prices/config';
import { PriceBook } from '../prices/market';
import { haltCurrency, halts, latestSnapshot, resumeCurrency, type Halt } from '../prices/store';
import { fromUnits } from '../../contract/rules/money';
import { MARKET_CURRENCIES, type MarketCurrency, type PriceUnavailableReason } from '../../contract/rules/prices';
import { operatorArgs, type OpsCommand, type OpsContext } from './command';

/** One market currency's price as the operator sees it (`prices:status`, the console's prices and dashboard). */
export interface PriceStatus {
  currency: MarketCurrency;
  /** the usable price, else the last agreed one, in USDT; null when there never was one */
  price: string | null;
  ageSeconds: number | null;
  usable: boolean;
  reason: PriceUnavailableReason | null;
  feed: string;
  sources: Array<{ source: string; price: string | null; error: string | null }>;
  halted: Halt | null;
  exchangePosition: string;
  exchangeSide: 'long' | 'short';
  exchangeBound: string | null;
}

/** Every market currency's status, read together (the reads of one currency do not wait for another's). */
export async function priceStatuses(db: Db, config: PriceConfig, book: PriceBook, now: number): Promise<PriceStatus[]> {
  const halted = await halts(db);
  return Promise.all(
    MARKET_CURRENCIES.map(async (currency): Promise<PriceStatus> => {
      const [state, snapshot, position] = await Promise.all([book.state(db, currency, now), latestSnapshot(db, currency), systemBalance(db, 'exchange', currency)]);
      const sources = config.sources[currency] ?? [];
      const price = state.usable ? state.price : state.lastPrice;
      const takenAt = state.usable ? state.takenAt : state.lastTakenAt;
      return {
        currency,
        price: price === null ? null : fromUnits(price),
        ageSeconds: takenAt === null ? null : Math.max(0, Math.floor((now - takenAt) / 1000)),
        usable: state.usable,
        reason: state.usable ? null : state.reason,
        feed: sources.length ? 'sources' : config.demo === 'off' ? 'none' : `demo (${config.demo})`,
        sources: sources.map((source) => {
          const answer = snapshot?.sources.find((s) => s.source === source.label);
          return { source: source.label, price: answer?.price ?? null, error: answer?.error ?? (answer ? null : 'no answer yet') };
        }),
        halted: halted.get(currency) ?? null,
        exchangePosition: fromUnits(position < 0n ? -position : position),
        exchangeSide: position < 0n ? 'short' : 'long',
        exchangeBound: config.exchangeMaxPosition[currency] === undefined ? null : fromUnits(config.exchangeMaxPosition[currency]),
      };
    }),
  );
}

function priceConfig(ctx: OpsContext) {
  return (ctx.config ?? loadConfig()).prices;
}

function marketCurrency(positionals: string[], usage: string): string {
  const [currency, ...rest] = positionals;
  if (!currency || rest.length) throw new Error(`usage: ${usage}`);
  const code = currency.toUpperCase();
  if (!(MARKET_CURRENCIES as readonly string[]).includes(code)) throw new Error(`${currency} is not a market currency (${MARKET_CURRENCIES.join(', ')})`);
  return code;
}

export const pricesStatus: OpsCommand = {
  usage: 'prices:status',
  async run(args, ctx) {
    if (args.length) throw new Error('prices:status takes no options');
    const config = priceConfig(ctx);
    const statuses = await priceStatuses(ctx.db, config, new PriceBook(config), ctx.clock.now());
    for (const status of statuses) {
      const { halted } = status;
      ctx.print({ ...status, halted: halted ? { operator: halted.operator, reason: halted.reason, since: new Date(halted.haltedAt).toISOString() } : null });
    }
    return statuses.some((status) => !status.usable) ? 1 : 0;
  },
};

export const pricesHalt: OpsCommand = {
  usage: 'prices:halt CUR --reason TEXT [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { positionals, operator, reason } = operatorArgs(args, true);
    const currency = marketCurrency(positionals, this.usage);
    const changed = await haltCurrency(db, { actor: cliActor(operator), now: clock.now(), reason }, currency);
    print({ currency, halted: true, changed, ...(changed ? { operator, reason } : { note: 'already halted; the first halt stands' }) });
    return 0;
  },
};

export const pricesResume: OpsCommand = {
  usage: 'prices:resume CUR [--reason TEXT] [--operator NAME]',
  async run(args, { db, clock, print }) {
    // the reason is optional here, as it always was: lifting a halt is undoing the stop, not a new decision
    const { values, positionals } = parseArgs({ args, options: { operator: { type: 'string' }, reason: { type: 'string' } }, allowPositionals: true, strict: true });
    const reason = (values.reason ?? '').trim();
    if (reason.length > 200) throw new Error('--reason is at most 200 characters');
    const operator = (values.operator || os.userInfo().username).slice(0, 64);
    const currency = marketCurrency(positionals, this.usage);
    const changed = await resumeCurrency(db, { actor: cliActor(operator), now: clock.now(), reason }, currency);
    print({ currency, halted: false, changed, ...(changed ? {} : { note: 'was not halted' }) });
    return 0;
  },
};

export const PRICE_OPS_COMMANDS: Record<string, OpsCommand> = {
  'prices:status': pricesStatus,
  'prices:halt': pricesHalt,
  'prices:resume': pricesResume,
};
