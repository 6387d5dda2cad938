/**
 * Buying power (算力): the sale window and the stock are checked by one conditional UPDATE of the
 * product row, so concurrent buyers of the last units can never oversell (PostgreSQL re-checks
 * the condition after waiting for the row lock; SQLite runs one writer at a time). The USDT goes
 * to the system `product_sales` account. An order produces from the next day for `term` days.
 */
import { sql, type Selectable } from 'kysely';
import type { PowerOrderCreateBodyType, PowerOrderType } from '../../contract/product';
import type { Db } from '../db';
import type { PowerOrdersTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { payCommission } from '../invites/commission';
import { systemOwner, userOwner } from '../ledger/accounts';
import { post, type Trx } from '../ledger/post';
import { fromUnits } from '../../contract/rules/money';
import { addDays } from '../settlement/days';
import type { TimeFormat } from '../time';
import { powerStatus } from './catalogue';

export type OrderStatus = PowerOrderType['status'];

/** pending before its first day, active through its last, ended after */
export function powerOrderStatus(order: Pick<Selectable<PowerOrdersTable>, 'start_day' | 'end_day'>, today: string): OrderStatus {
  if (today < order.start_day) return 'pending';
  return today <= order.end_day ? 'active' : 'ended';
}

export function toPowerOrder(order: Selectable<PowerOrdersTable>, outputTotal: bigint, today: string, time: TimeFormat): PowerOrderType {
  return {
    id: String(order.id),
    productId: String(order.product_id),
    title: order.title,
    coin: order.coin,
    unit: order.unit,
    units: Number(order.units),
    amountUsdt: fromUnits(order.amount_usdt),
    startDate: order.start_day,
    endDate: order.end_day,
    outputTotal: fromUnits(outputTotal),
    status: powerOrderStatus(order, today),
    createdAt: time.timestamp(order.created_at),
  };
}

export async function buyPower(trx: Trx, userId: bigint, body: PowerOrderCreateBodyType, now: number, today: string, commissionRate: string): Promise<Selectable<PowerOrdersTable>> {
  const productId = BigInt(body.productId);
  const units = BigInt(body.units);
  const product = await trx.selectFrom('power_products').selectAll().where('id', '=', productId).executeTakeFirst();
  if (!product || product.active !== 1n) throw new ApiError('NOT_FOUND', { messageKey: 'product.notFound' });
  const status = powerStatus(product, now);
  if (status === 'upcoming' || status === 'ended') throw new ApiError('BUSINESS_RULE', { messageKey: 'product.notOnSale' });
  if (units < product.min_units) throw new ApiError('BUSINESS_RULE', { messageKey: 'product.belowMinUnits', params: { min: Number(product.min_units), unit: product.unit } });

  const at = BigInt(now);
  const claimed = await trx
    .updateTable('power_products')
    .set({ stock: sql<bigint>`stock - ${units}`, sold: sql<bigint>`sold + ${units}` })
    .where('id', '=', productId)
    .where('active', '=', 1n)
    .where('stock', '>=', units)
    .where('sale_start', '<=', at)
    .where('sale_end', '>=', at)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) {
    const left = await trx.selectFrom('power_products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
    throw new ApiError('BUSINESS_RULE', { messageKey: 'product.stockShort', params: { stock: Number(left.stock), unit: product.unit } });
  }

  const cost = units * product.price_per_unit;
  const startDay = addDays(today, 1);
  const order = await trx
    .insertInto('power_orders')
    .values({
      user_id: userId,
      product_id: productId,
      title: product.title,
      coin: product.coin,
      unit: product.unit,
      units,
      amount_usdt: cost,
      daily_output_per_unit: product.daily_output_per_unit,
      electricity_fee_per_unit: product.electricity_fee_per_unit,
      management_fee_rate: product.management_fee_rate,
      start_day: startDay,
      end_day: addDays(startDay, Number(product.term_days) - 1),
      created_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await post(trx, {
    ref: `power-order:${order.id}`,
    now,
    lines: [
      { owner: userOwner(userId), currency: 'USDT', amount: -cost, type: 'power_purchase', remark: product.title },
      { owner: systemOwner('product_sales'), currency: 'USDT', amount: cost, type: 'power_purchase', remark: `power order ${order.id}` },
    ],
  });
  await payCommission(trx, { buyerId: userId, amountUnits: cost, ref: `power-order:${order.id}`, now, rate: commissionRate });
  return order;
}

/** Total net output per order, for a page of orders. */
export async function outputTotals(db: Db, orderIds: bigint[]): Promise<Map<bigint, bigint>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('power_bills')
    .select(['order_id', sql<bigint>`sum(net)`.as('total')])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((row) => [BigInt(row.order_id), BigInt(row.total)]));
}
