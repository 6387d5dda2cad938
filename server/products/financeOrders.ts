/**
 * Subscribing to a finance (理财) product: the amount must lie within the product's minimum and
 * maximum, and the product's quota is claimed by one conditional UPDATE (no oversubscription
 * under concurrency). The principal stays the user's but is locked: it moves from the USDT
 * `available` bucket to `frozen`; daily interest accrues into `frozen` too, and maturity moves
 * principal plus interest back to `available` (see server/settlement). No invite commission here:
 * the principal is not the platform's; the inviter's share of the interest is paid at maturity.
 */
import { sql, type Selectable } from 'kysely';
import type { FinanceCensusType, FinanceOrderCreateBodyType, FinanceOrderType } from '../../contract/product';
import type { Db } from '../db';
import type { FinanceOrdersTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { userOwner } from '../ledger/accounts';
import { positiveUnits } from '../ledger/amounts';
import { post, type Trx } from '../ledger/post';
import { fromUnits } from '../../contract/rules/money';
import { addDays } from '../settlement/days';
import type { TimeFormat } from '../time';

/** pending before its first interest day, active until principal and interest are back, ended after */
export function financeOrderStatus(order: Pick<Selectable<FinanceOrdersTable>, 'start_day' | 'redeemed_at'>, today: string): FinanceOrderType['status'] {
  if (order.redeemed_at !== null) return 'ended';
  return today < order.start_day ? 'pending' : 'active';
}

export function toFinanceOrder(order: Selectable<FinanceOrdersTable>, interestEarned: bigint, today: string, time: TimeFormat): FinanceOrderType {
  return {
    id: String(order.id),
    productId: String(order.product_id),
    title: order.title,
    currency: order.currency,
    principal: fromUnits(order.principal),
    annualRate: fromUnits(order.annual_rate),
    lockDays: Number(order.lock_days),
    startDate: order.start_day,
    maturityDate: order.maturity_day,
    interestEarned: fromUnits(interestEarned),
    status: financeOrderStatus(order, today),
    createdAt: time.timestamp(order.created_at),
  };
}

export async function subscribeFinance(trx: Trx, userId: bigint, body: FinanceOrderCreateBodyType, now: number, today: string): Promise<Selectable<FinanceOrdersTable>> {
  const productId = BigInt(body.productId);
  const amount = positiveUnits(body.amount);
  const product = await trx.selectFrom('finance_products').selectAll().where('id', '=', productId).executeTakeFirst();
  if (!product || product.active !== 1n) throw new ApiError('NOT_FOUND', { messageKey: 'product.notFound' });
  const currency = product.currency;
  if (amount < product.min_amount) throw new ApiError('BUSINESS_RULE', { messageKey: 'finance.belowMinimum', params: { min: fromUnits(product.min_amount), currency } });
  if (amount > product.max_amount) throw new ApiError('BUSINESS_RULE', { messageKey: 'finance.aboveMaximum', params: { max: fromUnits(product.max_amount), currency } });

  const claimed = await trx
    .updateTable('finance_products')
    .set({ sold: sql<bigint>`sold + ${amount}` })
    .where('id', '=', productId)
    .where('active', '=', 1n)
    .where(sql<boolean>`sold + ${amount} <= quota`)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) {
    const left = await trx.selectFrom('finance_products').select(['quota', 'sold']).where('id', '=', productId).executeTakeFirstOrThrow();
    const remaining = left.quota > left.sold ? left.quota - left.sold : 0n;
    throw new ApiError('BUSINESS_RULE', { messageKey: 'finance.quotaShort', params: { left: fromUnits(remaining), currency } });
  }

  const startDay = addDays(today, 1);
  const order = await trx
    .insertInto('finance_orders')
    .values({
      user_id: userId,
      product_id: productId,
      title: product.title,
      currency,
      principal: amount,
      annual_rate: product.annual_rate,
      lock_days: product.lock_days,
      start_day: startDay,
      maturity_day: addDays(startDay, Number(product.lock_days) - 1),
      redeemed_at: null,
      created_at: BigInt(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const owner = userOwner(userId);
  await post(trx, {
    ref: `finance-order:${order.id}`,
    now,
    lines: [
      { owner, currency, amount: -amount, type: 'finance_subscribe', remark: product.title },
      { owner, currency, amount, bucket: 'frozen', type: 'finance_subscribe', remark: product.title },
    ],
  });
  return order;
}

/** Interest earned so far per order, for a page of orders. */
export async function interestTotals(db: Db, orderIds: bigint[]): Promise<Map<bigint, bigint>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('finance_interest')
    .select(['order_id', sql<bigint>`sum(amount)`.as('total')])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((row) => [BigInt(row.order_id), BigInt(row.total)]));
}

export async function financeCensus(db: Db, userId: bigint, yesterday: string): Promise<FinanceCensusType> {
  const held = await db
    .selectFrom('finance_orders')
    .select([sql<bigint>`coalesce(sum(principal), 0)`.as('principal'), sql<bigint>`count(*)`.as('orders')])
    .where('user_id', '=', userId)
    .where('redeemed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const earned = await db
    .selectFrom('finance_interest')
    .select([
      sql<bigint>`coalesce(sum(amount), 0)`.as('total'),
      sql<bigint>`coalesce(sum(case when day = ${yesterday} then amount else 0 end), 0)`.as('yesterday'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    currency: 'USDT',
    principalHeld: fromUnits(BigInt(held.principal)),
    earnedYesterday: fromUnits(BigInt(earned.yesterday)),
    earnedTotal: fromUnits(BigInt(earned.total)),
    activeOrders: Number(held.orders),
  };
}
