/**
 * Checkout: an unpaid order for a SKU, a quantity and one of the buyer's addresses (copied into
 * the order), holding the stock until it is paid or cancelled. Stock cannot be held hostage:
 * a buyer has at most MAX_UNPAID_ORDERS unpaid orders, their available USDT must cover all of
 * them together, and stock held by an order whose pay window is over is released right here
 * (not at the next timer sweep). The route is rate limited like every money call.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { MallOrderCreateBodyType } from '../../contract/mall';
import { getAddress } from '../addresses/addressBook';
import { isSqlite } from '../db';
import { ApiError } from '../http/errors';
import { userBalance } from '../ledger/balances';
import type { Trx } from '../ledger/post';
import { fromUnits } from '../../contract/rules/money';
import type { TimeFormat } from '../time';
import { MALL_CURRENCY, MAX_UNPAID_ORDERS, PAY_WINDOW_MS } from '../../contract/rules/mallOrders';
import type { MallOrderRow } from './orderView';
import { holdStock } from './stock';
import { expireUnpaidOrders } from './sweep';

/** "PF" + the local date and time + 6 random digits; unique in the table. */
function newOrderNo(now: number, time: TimeFormat): string {
  return `PF${time.timestamp(now).replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** Serialises one buyer's checkouts (PostgreSQL row lock; SQLite already has one writer). */
async function lockBuyer(trx: Trx, userId: bigint): Promise<void> {
  if (isSqlite(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Refuses an order the buyer could not pay: too many unpaid, or a balance short of them all. */
async function requireCanPay(trx: Trx, userId: bigint, total: bigint, now: number): Promise<void> {
  const unpaid = await trx
    .selectFrom('mall_orders')
    .select([sql<bigint>`count(*)`.as('orders'), sql<bigint>`coalesce(sum(total), 0)`.as('total')])
    .where('user_id', '=', userId)
    .where('status', '=', 'unpaid')
    .where('pay_deadline', '>', BigInt(now))
    .executeTakeFirstOrThrow();
  if (Number(unpaid.orders) >= MAX_UNPAID_ORDERS) throw new ApiError('BUSINESS_RULE', { messageKey: 'mall.tooManyUnpaid', params: { max: MAX_UNPAID_ORDERS } });
  const needed = BigInt(unpaid.total) + total;
  const available = await userBalance(trx, userId, MALL_CURRENCY);
  if (available < needed) {
    throw new ApiError('BUSINESS_RULE', { messageKey: 'mall.balanceShort', params: { needed: fromUnits(needed), available: fromUnits(available), currency: MALL_CURRENCY } });
  }
}

export async function createOrder(trx: Trx, userId: bigint, body: MallOrderCreateBodyType, now: number, time: TimeFormat): Promise<MallOrderRow> {
  const skuId = BigInt(body.skuId);
  const quantity = BigInt(body.quantity);
  await lockBuyer(trx, userId);
  const address = await getAddress(trx, userId, BigInt(body.addressId));
  const sku = await trx
    .selectFrom('mall_skus as s')
    .innerJoin('mall_goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.name', 's.price', 'g.id as goods_id', 'g.title', 'g.cover', 'g.active'])
    .where('s.id', '=', skuId)
    .executeTakeFirst();
  if (!sku || sku.active !== 1n) throw new ApiError('NOT_FOUND', { messageKey: 'goods.notFound' });
  await requireCanPay(trx, userId, sku.price * quantity, now);
  await expireUnpaidOrders(trx, now, { skuIds: [skuId] });
  await holdStock(trx, skuId, quantity);
  return trx
    .insertInto('mall_orders')
    .values({
      user_id: userId,
      order_no: newOrderNo(now, time),
      status: 'unpaid',
      goods_id: sku.goods_id,
      sku_id: skuId,
      title: sku.title,
      sku_name: sku.name,
      cover: sku.cover,
      price: sku.price,
      quantity,
      total: sku.price * quantity,
      address_id: address.id,
      receiver: address.receiver,
      phone: address.phone,
      province: address.province,
      city: address.city,
      district: address.district,
      detail: address.detail,
      address_is_default: address.is_default,
      created_at: BigInt(now),
      pay_deadline: BigInt(now + PAY_WINDOW_MS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
