/**
 * Conversion between currencies at market prices (server/prices: usable prices only, never the
 * seed's): a quote (rate, fee, exact amount received, the prices and snapshots it was priced from)
 * is stored for CONVERT_QUOTE_TTL_SECONDS; converting uses that quote once, before it expires, and
 * only while the market's rate now is within PRICE_MAX_DEVIATION_PERCENT of the quoted one (else
 * PRICE_MOVED) and the exchange desk stays within its position bounds (EXCHANGE_LIMIT). The
 * user's coins go to the system `exchange` account, which pays out the other currency; the fee
 * goes to `fees`.
 */
import { randomBytes } from 'node:crypto';
import type { ConvertPairType, ConvertQuoteType, ConvertRecordType } from '../../contract/account';
import type { Db } from '../db';
import { preparedQuery, type ParamOf } from '../db/prepared';
import type { ConvertQuotesTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { fromUnits, multiply, percentOf, ratio } from '../../contract/rules/money';
import type { TimeFormat } from '../time';
import { systemOwner, userOwner } from '../ledger/accounts';
import { positiveUnits } from '../ledger/amounts';
import { CONVERT_PAIRS } from '../../contract/rules/wallet';
import { withinDeviation } from '../../contract/rules/prices';
import type { PriceBook, PriceState, UsablePrice } from '../prices/market';
import { checkExposure } from '../prices/exposure';
import { CONVERT_FEE_RATE, CONVERT_LIMITS } from '../wallet/currencyRules';
import { post, type Trx } from '../ledger/post';

/** how long an expired quote is kept before a new quote's issue deletes it */
export const EXPIRED_QUOTES_KEPT_MS = 24 * 3600 * 1000;

/** units of `to` per unit of `from`, rounded down */
function rateOf(from: UsablePrice, to: UsablePrice): bigint {
  return ratio(from.price, to.price, 'down');
}

/** every pair with its rate now, or why it has none */
export async function convertPairs(db: Db, prices: PriceBook, now: number, time: TimeFormat): Promise<ConvertPairType[]> {
  const states = await prices.states(db, CONVERT_PAIRS.flatMap(({ from, to }) => [from, to]), now);
  return CONVERT_PAIRS.flatMap(({ from, to }): ConvertPairType[] => {
    const limits = CONVERT_LIMITS[from];
    if (!limits) return [];
    const [a, b] = [states.get(from) as PriceState, states.get(to) as PriceState];
    const terms = { from, to, feeRate: fromUnits(CONVERT_FEE_RATE), minAmount: fromUnits(limits.minAmount), maxAmount: fromUnits(limits.maxAmount) };
    if (!a.usable || !b.usable) return [{ ...terms, rate: null, unavailable: !a.usable ? a.reason : (b as Exclude<PriceState, UsablePrice>).reason, priceAt: null, priceAgeSeconds: null, demo: false }];
    const takenAt = Math.min(a.takenAt, b.takenAt);
    return [{
      ...terms, rate: fromUnits(rateOf(a, b)), unavailable: null, priceAt: time.timestamp(BigInt(takenAt)),
      priceAgeSeconds: Math.max(0, Math.floor((now - takenAt) / 1000)), demo: a.demo || b.demo,
    }];
  });
}

export interface QuoteRequest {
  from: string;
  to: string;
  amount: string;
}

export async function createQuote(db: Db, prices: PriceBook, userId: bigint, input: QuoteRequest, now: number, time: TimeFormat): Promise<ConvertQuoteType> {
  const { from, to } = input;
  const limits = CONVERT_LIMITS[from];
  if (!CONVERT_PAIRS.some((p) => p.from === from && p.to === to) || !limits) {
    throw new ApiError('BUSINESS_RULE', { messageKey: 'convert.unsupportedPair', params: { from, to } });
  }
  const amount = positiveUnits(input.amount);
  if (amount < limits.minAmount) throw new ApiError('BUSINESS_RULE', { messageKey: 'convert.belowMinimum', params: { min: fromUnits(limits.minAmount), currency: from } });
  if (amount > limits.maxAmount) throw new ApiError('BUSINESS_RULE', { messageKey: 'convert.aboveMaximum', params: { max: fromUnits(limits.maxAmount), currency: from } });
  const fromPrice = await prices.usable(db, from, now);
  const toPrice = await prices.usable(db, to, now);
  const rate = rateOf(fromPrice, toPrice);
  const pricedAt = Math.min(fromPrice.takenAt, toPrice.takenAt);
  const gross = multiply(amount, rate, 'down');
  const fee = percentOf(gross, CONVERT_FEE_RATE, 'up');
  const received = gross - fee;
  if (received <= 0n) throw new ApiError('BUSINESS_RULE', { messageKey: 'convert.tooSmall' });
  const quote = {
    id: randomBytes(16).toString('base64url'),
    user_id: userId,
    from_currency: from,
    to_currency: to,
    amount,
    rate,
    fee,
    received,
    expires_at: BigInt(now + prices.quoteTtlMs),
    used_at: null,
    created_at: BigInt(now),
    price_from: fromPrice.price,
    price_to: toPrice.price,
    priced_at: BigInt(pricedAt),
    snapshot_from: fromPrice.snapshotId,
    snapshot_to: toPrice.snapshotId,
    demo: fromPrice.demo || toPrice.demo ? 1n : 0n,
  };
  // one transaction: one commit, which on SQLite joins the group in flight (db/commitGroup.ts)
  await db.transaction().execute(async (trx) => {
    // quotes long expired only fill the table: clear them as new ones are handed out (a quote
    // expired for less than a day still answers "expired" rather than "not found")
    await trx.deleteFrom('convert_quotes').where('expires_at', '<', BigInt(now - EXPIRED_QUOTES_KEPT_MS)).execute();
    await trx.insertInto('convert_quotes').values(quote).execute();
  });
  return {
    quoteId: quote.id, from, to, amount: fromUnits(amount), rate: fromUnits(rate), fee: fromUnits(fee), received: fromUnits(received),
    expiresAt: time.timestamp(quote.expires_at),
    expiresInSeconds: Math.floor(prices.quoteTtlMs / 1000),
    priceAt: time.timestamp(BigInt(pricedAt)),
    demo: quote.demo === 1n,
  };
}

// compare-and-set: the quote read and marked used at once; of two concurrent uses only one marks it
const markUsed = preparedQuery((db: Db, param: ParamOf<{ id: string; userId: bigint; now: bigint }>) =>
  db
    .updateTable('convert_quotes')
    .set({ used_at: param('now') })
    .where('id', '=', param('id'))
    .where('user_id', '=', param('userId'))
    .where('used_at', 'is', null)
    .where('expires_at', '>=', param('now'))
    .returningAll(),
);

async function takeQuote(trx: Trx, userId: bigint, quoteId: string, now: number): Promise<ConvertQuotesTable> {
  const [quote] = await markUsed(trx, { id: quoteId, userId, now: BigInt(now) });
  if (quote) return quote;
  // refused: read why, in the order a user is told (not theirs, used, expired)
  const refused = await trx.selectFrom('convert_quotes').select(['used_at', 'expires_at']).where('id', '=', quoteId).where('user_id', '=', userId).executeTakeFirst();
  if (!refused) throw new ApiError('NOT_FOUND', { messageKey: 'convert.quoteNotFound' });
  if (refused.used_at !== null) throw new ApiError('CONFLICT', { messageKey: 'convert.quoteUsed' });
  if (BigInt(now) > refused.expires_at) throw new ApiError('BUSINESS_RULE', { messageKey: 'convert.quoteExpired' });
  throw new Error(`convert quote ${quoteId} was neither taken nor refused`);
}

export function toConvertRecord(row: { id: bigint; from_currency: string; to_currency: string; amount: bigint; rate: bigint; fee: bigint; received: bigint; created_at: bigint }, time: TimeFormat): ConvertRecordType {
  return {
    id: String(row.id), from: row.from_currency, to: row.to_currency, amount: fromUnits(row.amount), rate: fromUnits(row.rate),
    fee: fromUnits(row.fee), received: fromUnits(row.received), createdAt: time.timestamp(row.created_at),
  };
}

/**
 * Converts at a quote: only while both currencies have a usable price now and the rate now is
 * within the allowed deviation of the quoted one, and within the desk's position bounds.
 */
export async function convertAtQuote(trx: Trx, prices: PriceBook, bounds: Readonly<Record<string, bigint>>, userId: bigint, quoteId: string, now: number, time: TimeFormat): Promise<ConvertRecordType> {
  const quote = await takeQuote(trx, userId, quoteId, now);
  const { from_currency: from, to_currency: to, amount, fee, received } = quote;
  const rateNow = rateOf(await prices.usable(trx, from, now), await prices.usable(trx, to, now));
  if (!withinDeviation(rateNow, quote.rate, prices.maxDeviation)) {
    throw new ApiError('PRICE_MOVED', { data: { quotedRate: fromUnits(quote.rate), rate: fromUnits(rateNow) } });
  }
  await checkExposure(trx, [{ currency: from, delta: amount }, { currency: to, delta: -(received + fee) }], bounds);
  const row = {
    user_id: userId, quote_id: quote.id, from_currency: from, to_currency: to, amount, rate: quote.rate, fee, received, created_at: BigInt(now),
    snapshot_from: quote.snapshot_from, snapshot_to: quote.snapshot_to,
  };
  const { id } = await trx.insertInto('conversions').values(row).returning('id').executeTakeFirstOrThrow();
  const pair = `${from}→${to}`;
  await post(trx, {
    ref: `convert:${id}`,
    now,
    lines: [
      { owner: userOwner(userId), currency: from, amount: -amount, type: 'convert_out', remark: pair },
      { owner: systemOwner('exchange'), currency: from, amount, type: 'convert_out', remark: `convert ${id}` },
      { owner: systemOwner('exchange'), currency: to, amount: -(received + fee), type: 'convert_in', remark: `convert ${id}` },
      { owner: userOwner(userId), currency: to, amount: received, type: 'convert_in', remark: pair },
      ...(fee > 0n ? [{ owner: systemOwner('fees'), currency: to, amount: fee, type: 'convert_fee' as const, remark: `convert ${id}` }] : []),
    ],
  });
  return toConvertRecord({ id, ...row }, time);
}
