/**
 * The power exchange: mined coin → USDT at the market's usable price now (server/prices; else
 * PRICE_UNAVAILABLE), minus a fee in USDT, above a per-coin minimum, never more than the mined
 * coin not yet exchanged, within the desk's position bounds (EXCHANGE_LIMIT). The coin goes to
 * the system `exchange` account, which pays the USDT; the fee goes to `fees`.
 */
import { sql, type Selectable } from 'kysely';
import type { PowerDetailType, PowerExchangeBodyType, PowerExchangeRecordType } from '../../contract/account';
import type { PowerExchangesTable } from '../db/schema';
import { isSqlite, type Db } from '../db';
import { ApiError } from '../http/errors';
import { ownerKey, systemOwner, userOwner } from '../ledger/accounts';
import { positiveUnits } from '../ledger/amounts';
import { post, type LedgerLine, type Trx } from '../ledger/post';
import { fromUnits, multiply, percentOf, toUnits } from '../../contract/rules/money';
import { POWER_EXCHANGE_FEE_RATE, POWER_EXCHANGE_MINIMUM } from '../../contract/rules/wallet';
import type { TimeFormat } from '../time';
import { minedAvailable } from './powerAccount';
import { checkExposure } from '../prices/exposure';
import type { PriceBook } from '../prices/market';

/** contract POWER_EXCHANGE_FEE_RATE in units (percent of the USDT value) */
const FEE_RATE = toUnits(POWER_EXCHANGE_FEE_RATE);

/** contract POWER_EXCHANGE_MINIMUM in units, or undefined when the coin is not exchangeable */
function minimumOf(coin: string): bigint | undefined {
  const minimum = POWER_EXCHANGE_MINIMUM[coin];
  return minimum === undefined ? undefined : toUnits(minimum);
}

/** The power detail with each exchangeable coin's terms (price, fee rate, minimum), for the exchange screen. */
export async function withExchangeTerms(db: Db, prices: PriceBook, now: number, detail: PowerDetailType): Promise<PowerDetailType> {
  const states = await prices.states(db, detail.coins.map((coin) => coin.coin), now);
  return {
    coins: detail.coins.map((coin) => {
      const minimum = minimumOf(coin.coin);
      const state = states.get(coin.coin);
      if (minimum === undefined || !state?.usable) return coin;
      return { ...coin, exchangeRate: fromUnits(state.price), exchangeFeeRate: fromUnits(FEE_RATE), exchangeMinimum: fromUnits(minimum) };
    }),
  };
}

export function toExchangeRecord(row: Selectable<PowerExchangesTable>, time: TimeFormat): PowerExchangeRecordType {
  return {
    id: String(row.id),
    coin: row.coin,
    amount: fromUnits(row.amount),
    rate: fromUnits(row.rate),
    fee: fromUnits(row.fee),
    received: fromUnits(row.received),
    createdAt: time.timestamp(row.created_at),
  };
}

/** PostgreSQL: hold the user's coin account so two exchanges cannot both spend the same output. */
async function lockCoinAccount(trx: Trx, userId: bigint, coin: string): Promise<void> {
  if (isSqlite(trx)) return;
  await sql`select id from ledger_accounts where owner = ${ownerKey(userOwner(userId))} and currency = ${coin} for update`.execute(trx);
}

export async function exchangePower(trx: Trx, prices: PriceBook, bounds: Readonly<Record<string, bigint>>, userId: bigint, body: PowerExchangeBodyType, now: number): Promise<Selectable<PowerExchangesTable>> {
  const { coin } = body;
  const minimum = minimumOf(coin);
  if (minimum === undefined) throw new ApiError('BUSINESS_RULE', { messageKey: 'money.unsupportedCurrency', params: { currency: coin } });
  const amount = positiveUnits(body.amount);
  if (amount < minimum) throw new ApiError('BUSINESS_RULE', { messageKey: 'powerExchange.belowMinimum', params: { min: fromUnits(minimum), currency: coin } });
  const price = await prices.usable(trx, coin, now);

  await lockCoinAccount(trx, userId, coin);
  const available = await minedAvailable(trx, userId, coin);
  if (amount > available) {
    throw new ApiError('INSUFFICIENT_BALANCE', { messageKey: 'powerExchange.aboveMined', params: { available: fromUnits(available), currency: coin } });
  }
  const rate = price.price;
  const value = multiply(amount, rate, 'down');
  const fee = percentOf(value, FEE_RATE, 'up');
  const received = value - fee;
  if (received <= 0n) throw new ApiError('BUSINESS_RULE', { messageKey: 'convert.tooSmall' });
  await checkExposure(trx, [{ currency: coin, delta: amount }, { currency: 'USDT', delta: -value }], bounds);

  const record = await trx
    .insertInto('power_exchanges')
    .values({ user_id: userId, coin, amount, rate, fee, received, created_at: BigInt(now), snapshot_id: price.snapshotId })
    .returningAll()
    .executeTakeFirstOrThrow();
  const user = userOwner(userId);
  const desk = systemOwner('exchange');
  const lines: LedgerLine[] = [
    { owner: user, currency: coin, amount: -amount, type: 'power_exchange_out', remark: `${coin}/USDT` },
    { owner: desk, currency: coin, amount, type: 'power_exchange_out', remark: `power exchange ${record.id}` },
    { owner: desk, currency: 'USDT', amount: -value, type: 'power_exchange_in', remark: `power exchange ${record.id}` },
    { owner: user, currency: 'USDT', amount: received, type: 'power_exchange_in', remark: `${coin}/USDT` },
  ];
  if (fee > 0n) lines.push({ owner: systemOwner('fees'), currency: 'USDT', amount: fee, type: 'power_exchange_fee', remark: `power exchange ${record.id}` });
  await post(trx, { ref: `power-exchange:${record.id}`, now, lines });
  return record;
}
