/**
 * The mall's sweep: unpaid orders past their pay deadline are cancelled (stock returned) and
 * shipped orders past their confirm deadline are completed, each stamped with its deadline.
 * It runs on a timer in the server process and before the buyer's reads and actions (scoped to
 * that buyer), so nobody sees an order that should have moved. Conditional updates on the status
 * make concurrent sweeps (several processes) harmless: each order moves once.
 */
import { sql } from 'kysely';
import type { Db } from '../db';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { returnStock } from './stock';

export interface SweepResult {
  expired: number;
  confirmed: number;
}

export async function sweepOrders(db: Db, now: number, userId?: bigint): Promise<SweepResult> {
  const at = BigInt(now);
  const due = await db
    .selectFrom('mall_orders')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'unpaid'), eb('pay_deadline', '<=', at)]),
        eb.and([eb('status', '=', 'shipped'), eb('confirm_deadline', '<=', at)]),
      ]),
    )
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .limit(1)
    .executeTakeFirst();
  if (!due) return { expired: 0, confirmed: 0 };

  return runMoneyTransaction(db, async (trx) => {
    const expired = await trx
      .updateTable('mall_orders')
      .set({ status: 'cancelled', cancelled_at: sql<bigint>`pay_deadline`, cancel_reason: 'timeout' })
      .where('status', '=', 'unpaid')
      .where('pay_deadline', '<=', at)
      .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
      .returning(['sku_id', 'quantity'])
      .execute();
    for (const order of expired) await returnStock(trx, order.sku_id, order.quantity);
    const confirmed = await trx
      .updateTable('mall_orders')
      .set({ status: 'completed', completed_at: sql<bigint>`confirm_deadline` })
      .where('status', '=', 'shipped')
      .where('confirm_deadline', '<=', at)
      .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
      .executeTakeFirst();
    return { expired: expired.length, confirmed: Number(confirmed.numUpdatedRows) };
  });
}
