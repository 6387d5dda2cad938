/**
 * The price feed's controls (docs/prices.md):
 *   prices:status                                         per market currency: price, age, usable or why not,
 *                                                          each source's last answer, halt, the exchange desk's position
 *   prices:halt CUR --reason TEXT [--operator NAME]       the manual circuit breaker: nothing is priced with CUR
 *   prices:resume CUR [--operator NAME]                    lifts it
 * prices:status exits 1 when a market currency has no usable price, so a monitor can run it.
 * Halting a halted currency or resuming a running one changes nothing and says so.
 */
import { loadConfig } from '../config';
import { systemBalance } from '../ledger/balances';
import { PriceBook } from '../prices/market';
import { haltCurrency, halts, latestSnapshot, resumeCurrency } from '../prices/store';
import { fromUnits } from '../../contract/rules/money';
import { MARKET_CURRENCIES } from '../../contract/rules/prices';
import { operatorArgs, type OpsCommand, type OpsContext } from './command';

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
    const book = new PriceBook(config);
    const now = ctx.clock.now();
    const halted = await halts(ctx.db);
    let unusable = 0;
    for (const currency of MARKET_CURRENCIES) {
      const state = await book.state(ctx.db, currency, now);
      const snapshot = await latestSnapshot(ctx.db, currency);
      const sources = config.sources[currency] ?? [];
      const price = state.usable ? state.price : state.lastPrice;
      const takenAt = state.usable ? state.takenAt : state.lastTakenAt;
      if (!state.usable) unusable += 1;
      const halt = halted.get(currency);
      const position = await systemBalance(ctx.db, 'exchange', currency);
      ctx.print({
        currency,
        price: price === null ? null : fromUnits(price),
        ageSeconds: takenAt === null ? null : Math.floor((now - takenAt) / 1000),
        usable: state.usable,
        reason: state.usable ? null : state.reason,
        feed: sources.length ? 'sources' : config.demo === 'off' ? 'none' : `demo (${config.demo})`,
        sources: sources.map((source) => {
          const answer = snapshot?.sources.find((s) => s.source === source.label);
          return { source: source.label, price: answer?.price ?? null, error: answer?.error ?? (answer ? null : 'no answer yet') };
        }),
        halted: halt ? { operator: halt.operator, reason: halt.reason, since: new Date(halt.haltedAt).toISOString() } : null,
        exchangePosition: fromUnits(position < 0n ? -position : position),
        exchangeSide: position < 0n ? 'short' : 'long',
        exchangeBound: config.exchangeMaxPosition[currency] === undefined ? null : fromUnits(config.exchangeMaxPosition[currency]),
      });
    }
    return unusable ? 1 : 0;
  },
};

export const pricesHalt: OpsCommand = {
  usage: 'prices:halt CUR --reason TEXT [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { positionals, operator, reason } = operatorArgs(args, true);
    const currency = marketCurrency(positionals, this.usage);
    const changed = await haltCurrency(db, { currency, operator, reason, haltedAt: clock.now() });
    print({ currency, halted: true, changed, ...(changed ? { operator, reason } : { note: 'already halted; the first halt stands' }) });
    return 0;
  },
};

export const pricesResume: OpsCommand = {
  usage: 'prices:resume CUR [--operator NAME]',
  async run(args, { db, print }) {
    const currency = marketCurrency(operatorArgs(args, false).positionals, this.usage);
    const changed = await resumeCurrency(db, currency);
    print({ currency, halted: false, changed, ...(changed ? {} : { note: 'was not halted' }) });
    return 0;
  },
};

export const PRICE_OPS_COMMANDS: Record<string, OpsCommand> = {
  'prices:status': pricesStatus,
  'prices:halt': pricesHalt,
  'prices:resume': pricesResume,
};
