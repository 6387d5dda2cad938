/**
 * The mall's sweep: unpaid orders past their pay deadline are cancelled (stock returned) and
 * shipped orders past their confirm deadline are completed, each stamped with its deadline.
 * It runs on a timer in the server process (server/jobs.ts) and before the buyer's actions (scoped
 * to that buyer), never from a read: reads show orders and stock as the sweep will leave them
 * (orderReads.ts, catalogue.ts). Conditional updates on the status make concurrent sweeps
 * (several processes) harmless: each order moves once.
 */
import { sql } from 'kysely';
import type { Db } from '../db';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import type { Trx } from '../ledger/post';
import { returnStock } from './stock';

export interface SweepResult {
  expired: number;
  confirmed: number;
}

/** Which orders a sweep looks at: everyone's, one buyer's, or those of some SKUs. */
export interface SweepScope {
  userId?: bigint;
  skuIds?: bigint[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Kysely query builder with where(); its argument types differ per table
const scoped = <Q extends { where(...args: any[]): Q }>(query: Q, scope: SweepScope): Q => {
  let result = query;
  if (scope.userId !== undefined) result = result.where('user_id', '=', scope.userId);
  if (scope.skuIds !== undefined) result = result.where('sku_id', 'in', scope.skuIds.length ? scope.skuIds : [-1n]);
  return result;
};

/**
 * Cancels the unpaid orders in scope whose pay window is over and returns their stock, in the
 * caller's transaction. Checkout runs it for the SKU it sells, so stock held by an expired order
 * is buyable the moment the window ends, not at the next timer sweep.
 */
export async function expireUnpaidOrders(trx: Trx, now: number, scope: SweepScope = {}): Promise<number> {
  const expired = await scoped(
    trx
      .updateTable('mall_orders')
      .set({ status: 'cancelled', cancelled_at: sql<bigint>`pay_deadline`, cancel_reason: 'timeout' })
      .where('status', '=', 'unpaid')
      .where('pay_deadline', '<=', BigInt(now)),
    scope,
  )
    .returning(['sku_id', 'quantity'])
    .execute();
  for (const order of expired) await returnStock(trx, order.sku_id, order.quantity);
  return expired.length;
}

export async function sweepOrders(db: Db, now: number, scope: SweepScope = {}): Promise<SweepResult> {
  const at = BigInt(now);
  const due = await scoped(
    db
      .selectFrom('mall_orders')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'unpaid'), eb('pay_deadline', '<=', at)]),
          eb.and([eb('status', '=', 'shipped'), eb('confirm_deadline', '<=', at)]),
        ]),
      ),
    scope,
  )
    .limit(1)
    .executeTakeFirst();
  if (!due) return { expired: 0, confirmed: 0 };

  return runMoneyTransaction(db, async (trx) => {
    const expired = await expireUnpaidOrders(trx, now, scope);
    const confirmed = await scoped(
      trx.updateTable('mall_orders').set({ status: 'completed', completed_at: sql<bigint>`confirm_deadline` }).where('status', '=', 'shipped').where('confirm_deadline', '<=', at),
      scope,
    ).executeTakeFirst();
    return { expired, confirmed: Number(confirmed.numUpdatedRows) };
  });
}
