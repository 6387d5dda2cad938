/**
 * The power account: per mined coin, the hashrate held (orders not yet ended), the net output of
 * yesterday and of all time, and the mined coin still available to the power exchange. Mined
 * coin is credited to the user's ordinary wallet balance in that coin; the power exchange may
 * spend what was mined and not yet exchanged, never more than the wallet still holds.
 */
import { sql } from 'kysely';
import type { PowerDetailType } from '../../contract/account';
import type { Db } from '../db';
import { userBalance } from '../ledger/balances';
import { fromUnits } from '../../contract/rules/money';

/** net output minus what was exchanged, capped by the wallet balance */
export async function minedAvailable(db: Db, userId: bigint, coin: string): Promise<bigint> {
  const mined = await db
    .selectFrom('power_bills')
    .select(sql<bigint>`coalesce(sum(net), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('coin', '=', coin)
    .executeTakeFirstOrThrow();
  const exchanged = await db
    .selectFrom('power_exchanges')
    .select(sql<bigint>`coalesce(sum(amount), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('coin', '=', coin)
    .executeTakeFirstOrThrow();
  const unexchanged = BigInt(mined.total) - BigInt(exchanged.total);
  const wallet = await userBalance(db, userId, coin);
  return unexchanged < wallet ? unexchanged : wallet;
}

export async function powerDetail(db: Db, userId: bigint, today: string, yesterday: string): Promise<PowerDetailType> {
  const products = await db.selectFrom('power_products').select(['coin', 'unit']).where('active', '=', 1n).orderBy('sort').orderBy('id').execute();
  const held = await db
    .selectFrom('power_orders')
    .select(['coin', 'unit', sql<bigint>`sum(case when end_day >= ${today} then units else 0 end)`.as('hashrate')])
    .where('user_id', '=', userId)
    .groupBy(['coin', 'unit'])
    .execute();
  const output = await db
    .selectFrom('power_bills')
    .select([
      'coin',
      sql<bigint>`sum(net)`.as('total'),
      sql<bigint>`coalesce(sum(case when day = ${yesterday} then net else 0 end), 0)`.as('yesterday'),
    ])
    .where('user_id', '=', userId)
    .groupBy('coin')
    .execute();

  // one row per coin: the coins on offer first, then any other coin the user holds orders in
  const units = new Map<string, string>();
  for (const row of [...products, ...held]) if (!units.has(row.coin)) units.set(row.coin, row.unit);
  const coins: PowerDetailType['coins'] = [];
  for (const [coin, unit] of units) {
    const hashrate = held.filter((row) => row.coin === coin).reduce((sum, row) => sum + BigInt(row.hashrate), 0n);
    const out = output.find((row) => row.coin === coin);
    coins.push({
      coin,
      unit,
      hashrate: hashrate.toString(),
      outputYesterday: fromUnits(BigInt(out?.yesterday ?? 0n)),
      outputTotal: fromUnits(BigInt(out?.total ?? 0n)),
      available: fromUnits(await minedAvailable(db, userId, coin)),
    });
  }
  return { coins };
}
