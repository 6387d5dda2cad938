/** Balances, deposits, transfers, conversions and the power account (mined coin). */
import { dataSlice, getAddress, id as keccakText } from 'ethers';
import { contract } from '../contract';
import { fromUnits, multiply, percentOf, toUnits, wholeUnits } from '../contract/rules/money';
import { DEFAULT_PRICE_MAX_DEVIATION_PERCENT, valueAt, withinDeviation } from '../contract/rules/prices';
import {
  CONVERT_FEE_RATE, DEPOSIT_NETWORKS, DEPOSIT_REVIEW_ABOVE, POWER_EXCHANGE_FEE_RATE, POWER_EXCHANGE_MINIMUM, QUOTE_TTL_MS, TRANSFER_RULES, WALLET_CURRENCIES,
} from '../contract/rules/wallet';
import { accountProducts, convertPairs, rateOf } from './_catalog';
import { refusal } from './_errors';
import { byId, mockRoutes, newestFirst, paginate } from './_kit';
import { priceState, timeOf, usablePrice } from './_market';
import {
  balanceOf, book, checkPayPassword, findUserByAddress, nextId, randomToken, requireAvailable, state, writeEntry, type MockUser,
} from './_state';
import { daysFromNow, phase, timestamp } from './_time';
import { notify } from './_notify';

/** The user's deposit address: the same on every EVM network, derived from the UID. */
function depositAddress(user: MockUser): string {
  return getAddress(dataSlice(keccakText(`powerfi-deposit:${user.uid}`), 12));
}

/** Credits a confirmed deposit (on the server an ops command does this). */
export function deposit(user: MockUser, network: string, currency: string, value: string, at = timestamp()): void {
  book(user, 'deposit', currency, toUnits(value), `${network} 充值`, at);
  const id = nextId();
  user.deposits.push({ id, network, currency, amount: value, txHash: keccakText(`${user.uid}:${at}:${value}`), status: 'credited', createdAt: at });
  notify(user, 'deposit.credited', { depositId: id, coin: currency, amount: value, network }, at);
}

/** when each seen (not yet credited) deposit was seen, in ms */
const seenAt = new WeakMap<MockUser['deposits'][number], number>();
/** a block every 3 s, as on a fast chain: what `max dev` shows as 确认中 n/12 moving */
const MOCK_BLOCK_MS = 3000;

/**
 * A deposit seen on chain (on the server: the deposit watcher): confirming, or below the minimum
 * (never credited). `settleSeenDeposits` gives it a confirmation per mock block and credits it
 * once it has the network's confirmations.
 */
export function seenDeposit(user: MockUser, network: string, currency: string, value: string, now = Date.now()): void {
  const rule = DEPOSIT_NETWORKS.find((n) => n.network === network && n.currency === currency)!;
  const status = toUnits(value) < toUnits(rule.minDeposit) ? 'below_minimum' as const : 'confirming' as const;
  const record = {
    id: nextId(), network, currency, amount: value, txHash: keccakText(`${user.uid}:seen:${now}:${value}`), status,
    confirmations: 1, requiredConfirmations: rule.confirmations, createdAt: timestamp(),
  };
  seenAt.set(record, now);
  user.deposits.push(record);
}

function settleSeenDeposits(user: MockUser, now = Date.now()): void {
  for (const record of user.deposits) {
    const seen = seenAt.get(record);
    if (seen === undefined || record.status === 'credited') continue;
    const required = record.requiredConfirmations ?? 1;
    record.confirmations = Math.min(required, 1 + Math.floor((now - seen) / MOCK_BLOCK_MS));
    if (record.status === 'confirming' && record.confirmations >= required && toUnits(record.amount) > toUnits(DEPOSIT_REVIEW_ABOVE[record.currency] ?? record.amount)) {
      // above the review threshold: it waits for an operator, as on the server
      record.status = 'review';
    } else if (record.status === 'confirming' && record.confirmations >= required) {
      book(user, 'deposit', record.currency, toUnits(record.amount), `${record.network} 充值`, timestamp());
      notify(user, 'deposit.credited', { depositId: record.id, coin: record.currency, amount: record.amount, network: record.network });
      record.status = 'credited';
      delete record.confirmations;
      delete record.requiredConfirmations;
    }
  }
}

function findRecipient(to: string): MockUser | undefined {
  return state.users.get(to.trim()) ?? findUserByAddress(to.trim());
}

export default mockRoutes(contract.account, {
  account: ({ user, query }) => {
    settleSeenDeposits(user);
    // the wallet currencies are listed even at zero, as on the server
    for (const currency of WALLET_CURRENCIES) balanceOf(user, currency);
    let total = 0n;
    let totalPartial = false;
    const balances = [...user.balances.entries()]
      .filter(([currency]) => !query.currency || currency === query.currency)
      .map(([currency, b]) => {
        const amounts = { currency, available: fromUnits(b.available), frozen: fromUnits(b.frozen) };
        const price = priceState(currency);
        if (!price.usable) {
          // as the server: no value rather than a stale or made-up one, and the total says it left some out
          if (b.available + b.frozen > 0n) totalPartial = true;
          return { ...amounts, priceUsdt: null, valueUsdt: null, priceAt: null, priceDemo: false };
        }
        const value = valueAt(b.available + b.frozen, price.price);
        total += value;
        // USDT is 1 by definition: no time of its own
        const priceAt = price.demo ? timeOf(price.takenAt) : null;
        return { ...amounts, priceUsdt: fromUnits(price.price), valueUsdt: fromUnits(value), priceAt, priceDemo: price.demo };
      });
    return { totalUsdt: fromUnits(total), totalPartial, balances };
  },

  productTitle: ({ params }) => {
    const product = accountProducts().find((p) => p.id === params.id);
    if (!product) throw refusal('NOT_FOUND', 'product.notFound');
    return product;
  },

  recharge: ({ user, query }) => {
    settleSeenDeposits(user);
    const address = depositAddress(user);
    const networks = DEPOSIT_NETWORKS.filter((n) => !query.currency || n.currency === query.currency).map((n) => ({ ...n, address }));
    const records = newestFirst(user.deposits).filter((d) => !query.currency || d.currency === query.currency);
    return { networks, records: paginate(records, query, byId) };
  },

  transferOptions: ({ user }) => {
    const currencies = Object.entries(TRANSFER_RULES).map(([currency, rule]) => ({ currency, ...rule, available: fromUnits(balanceOf(user, currency).available) }));
    const recent = new Map<string, string>();
    for (const t of newestFirst(user.transfers)) if (t.direction === 'out' && recent.size < 5) recent.set(t.counterpartyUid, t.counterpartyAddress);
    return { currencies, recentRecipients: [...recent].map(([uid, address]) => ({ uid, address })) };
  },

  transferRecipient: ({ user, query }) => {
    // as the server: 404 for an unknown recipient or oneself, and only the masked address
    const recipient = findRecipient(query.to);
    if (!recipient) throw refusal('NOT_FOUND', 'transfer.unknownRecipient', { to: query.to.trim().slice(0, 64) });
    if (recipient === user) throw refusal('NOT_FOUND', 'transfer.toSelf');
    return { maskedAddress: `${recipient.address.slice(0, 4)}…${recipient.address.slice(-4)}` };
  },

  transfers: ({ user, query }) => paginate(newestFirst(user.transfers), query, byId),

  transferCreate: ({ user, body }) => {
    // the server checks the pay password first, then the rules (server/idempotency/moneyRoute.ts)
    checkPayPassword(user, body.payPassword);
    const { currency } = body;
    const rule = TRANSFER_RULES[currency];
    if (!rule) throw refusal('BUSINESS_RULE', 'money.unsupportedCurrency', { currency });
    const value = toUnits(body.amount);
    if (value < toUnits(rule.minAmount)) throw refusal('BUSINESS_RULE', 'transfer.belowMinimum', { min: rule.minAmount, currency });
    const recipient = findRecipient(body.to);
    if (!recipient) throw refusal('BUSINESS_RULE', 'transfer.unknownRecipient', { to: body.to.trim().slice(0, 64) });
    if (recipient === user) throw refusal('BUSINESS_RULE', 'transfer.toSelf');
    const fee = toUnits(rule.fee);
    const available = balanceOf(user, currency).available;
    if (available < value + fee) {
      throw refusal('INSUFFICIENT_BALANCE', 'transfer.insufficient', {
        amount: fromUnits(value), fee: rule.fee, required: fromUnits(value + fee), available: fromUnits(available), currency,
      });
    }
    book(user, 'transfer_out', body.currency, -value, `轉帳給 UID ${recipient.uid}`);
    book(user, 'transfer_fee', body.currency, -fee, '轉帳手續費');
    book(recipient, 'transfer_in', body.currency, value, `來自 UID ${user.uid} 的轉帳`);
    const common = { id: nextId(), currency: body.currency, amount: body.amount, status: 'success' as const, createdAt: timestamp() };
    const sent = { ...common, direction: 'out' as const, counterpartyUid: recipient.uid, counterpartyAddress: recipient.address, fee: rule.fee };
    user.transfers.push(sent);
    recipient.transfers.push({ ...common, direction: 'in', counterpartyUid: user.uid, counterpartyAddress: user.address, fee: '0' });
    return sent;
  },

  convert: ({ user, query }) => ({ pairs: convertPairs(), records: paginate(newestFirst(user.converts), query, byId) }),

  convertQuote: ({ user, body }) => {
    const pair = convertPairs().find((p) => p.from === body.from && p.to === body.to);
    if (!pair) throw refusal('BUSINESS_RULE', 'convert.unsupportedPair', { from: body.from, to: body.to });
    const value = toUnits(body.amount);
    if (value < toUnits(pair.minAmount)) throw refusal('BUSINESS_RULE', 'convert.belowMinimum', { min: pair.minAmount, currency: pair.from });
    if (value > toUnits(pair.maxAmount)) throw refusal('BUSINESS_RULE', 'convert.aboveMaximum', { max: pair.maxAmount, currency: pair.from });
    // usable prices only (PRICE_UNAVAILABLE naming the currency), as the server
    const fromPrice = usablePrice(pair.from);
    const toPrice = usablePrice(pair.to);
    const rate = rateOf(fromPrice, toPrice);
    const gross = multiply(value, rate, 'down');
    const fee = percentOf(gross, toUnits(CONVERT_FEE_RATE), 'up');
    if (gross - fee <= 0n) throw refusal('BUSINESS_RULE', 'convert.tooSmall');
    const quote = {
      quoteId: randomToken(12), from: pair.from, to: pair.to, amount: body.amount, rate: fromUnits(rate),
      fee: fromUnits(fee), received: fromUnits(gross - fee), expiresAt: timestamp(daysFromNow(0).add(QUOTE_TTL_MS, 'millisecond')), expiresInSeconds: Math.floor(QUOTE_TTL_MS / 1000),
      priceAt: timeOf(Math.min(fromPrice.takenAt, toPrice.takenAt)), demo: fromPrice.demo || toPrice.demo,
    };
    user.quotes.set(quote.quoteId, quote);
    return quote;
  },

  convertCreate: ({ user, body }) => {
    checkPayPassword(user, body.payPassword);
    const quote = user.quotes.get(body.quoteId);
    if (user.usedQuotes.has(body.quoteId)) throw refusal('CONFLICT', 'convert.quoteUsed');
    if (!quote) throw refusal('NOT_FOUND', 'convert.quoteNotFound');
    if (quote.expiresAt < timestamp()) throw refusal('BUSINESS_RULE', 'convert.quoteExpired');
    // the rate now, within the allowed deviation of the quoted one (else PRICE_MOVED: nothing moved, a new quote is needed)
    const rateNow = rateOf(usablePrice(quote.from), usablePrice(quote.to));
    if (!withinDeviation(rateNow, toUnits(quote.rate), toUnits(DEFAULT_PRICE_MAX_DEVIATION_PERCENT))) {
      throw refusal('PRICE_MOVED', 'PRICE_MOVED', {}, { quotedRate: quote.rate, rate: fromUnits(rateNow) });
    }
    const fee = toUnits(quote.fee);
    requireAvailable(user, quote.from, toUnits(quote.amount));
    book(user, 'convert_out', quote.from, -toUnits(quote.amount), `兌換為 ${quote.to}`);
    book(user, 'convert_in', quote.to, toUnits(quote.received) + fee, `由 ${quote.from} 兌換`);
    book(user, 'convert_fee', quote.to, -fee, '兌換手續費');
    user.quotes.delete(body.quoteId);
    user.usedQuotes.add(body.quoteId);
    const record = { id: nextId(), from: quote.from, to: quote.to, amount: quote.amount, rate: quote.rate, fee: quote.fee, received: quote.received, createdAt: timestamp() };
    user.converts.push(record);
    return record;
  },

  exchange: ({ user, query }) => paginate(newestFirst(user.exchanges), query, byId),

  powerDetail: ({ user }) => {
    const coins = new Map<string, { unit: string; hashrate: bigint }>();
    for (const order of user.powerOrders) {
      const held = coins.get(order.coin) ?? { unit: order.unit, hashrate: 0n };
      if (phase(order.startDate, order.endDate) !== 'ended') held.hashrate += wholeUnits(order.units);
      coins.set(order.coin, held);
    }
    return {
      coins: [...coins].map(([coin, { unit, hashrate }]) => {
        const mined = user.mined.get(coin);
        const minimum = POWER_EXCHANGE_MINIMUM[coin];
        const price = priceState(coin);
        // the exchange terms of an exchangeable coin with a usable price, as the server adds them (server/products/powerExchange.ts)
        const terms = minimum !== undefined && price.usable
          ? { exchangeRate: fromUnits(price.price), exchangeFeeRate: POWER_EXCHANGE_FEE_RATE, exchangeMinimum: minimum } : {};
        return {
          coin, unit, hashrate: fromUnits(hashrate),
          outputYesterday: fromUnits(mined?.outputYesterday ?? 0n), outputTotal: fromUnits(mined?.outputTotal ?? 0n), available: fromUnits(mined?.available ?? 0n),
          ...terms,
        };
      }),
    };
  },

  powerExchange: ({ user, body }) => {
    checkPayPassword(user, body.payPassword);
    const { coin } = body;
    const minimum = POWER_EXCHANGE_MINIMUM[coin];
    if (minimum === undefined) throw refusal('BUSINESS_RULE', 'money.unsupportedCurrency', { currency: coin });
    const value = toUnits(body.amount);
    if (value < toUnits(minimum)) throw refusal('BUSINESS_RULE', 'powerExchange.belowMinimum', { min: minimum, currency: coin });
    const rate = usablePrice(coin).price;
    const available = user.mined.get(coin)?.available ?? 0n;
    if (value > available) throw refusal('INSUFFICIENT_BALANCE', 'powerExchange.aboveMined', { available: fromUnits(available), currency: coin });
    const mined = user.mined.get(coin)!;
    const gross = multiply(value, rate, 'down');
    const fee = percentOf(gross, toUnits(POWER_EXCHANGE_FEE_RATE), 'up');
    mined.available -= value;
    writeEntry(user, 'power_exchange_out', body.coin, -value, mined.available, `挖礦產出兌換 USDT`);
    book(user, 'power_exchange_in', 'USDT', gross, `${body.coin} 兌換所得`);
    book(user, 'power_exchange_fee', 'USDT', -fee, '兌換手續費');
    const record = { id: nextId(), coin: body.coin, amount: body.amount, rate: fromUnits(rate), fee: fromUnits(fee), received: fromUnits(gross - fee), createdAt: timestamp() };
    user.exchanges.push(record);
    return record;
  },

  powerBill: ({ user, query }) => {
    const bills = [...user.bills]
      .sort((a, b) => b.day.localeCompare(a.day))
      .filter((b) => (!query.orderId || b.orderId === query.orderId)
        && (!query.coin || b.coin === query.coin)
        && (!query.from || b.day >= query.from)
        && (!query.to || b.day <= query.to));
    return paginate(bills, query, byId);
  },
});
