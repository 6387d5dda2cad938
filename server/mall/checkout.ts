/**
 * Checkout: an unpaid order for a SKU, a quantity and one of the buyer's addresses (copied into
 * the order), holding the stock until it is paid or cancelled.
 */
import { randomInt } from 'node:crypto';
import type { MallOrderCreateBodyType } from '../../contract/mall';
import { getAddress } from '../addresses/addressBook';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import type { Trx } from '../ledger/post';
import type { TimeFormat } from '../time';
import { PAY_WINDOW_MS } from './deadlines';
import type { MallOrderRow } from './orderView';
import { holdStock } from './stock';

/** "PF" + the local date and time + 6 random digits; unique in the table. */
function newOrderNo(now: number, time: TimeFormat): string {
  return `PF${time.timestamp(now).replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

export async function createOrder(trx: Trx, userId: bigint, body: MallOrderCreateBodyType, now: number, time: TimeFormat): Promise<MallOrderRow> {
  const skuId = BigInt(body.skuId);
  const quantity = BigInt(body.quantity);
  const address = await getAddress(trx as unknown as Db, userId, BigInt(body.addressId));
  const sku = await trx
    .selectFrom('mall_skus as s')
    .innerJoin('mall_goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.name', 's.price', 'g.id as goods_id', 'g.title', 'g.cover', 'g.active'])
    .where('s.id', '=', skuId)
    .executeTakeFirst();
  if (!sku || sku.active !== 1n) throw new ApiError('NOT_FOUND', { messageKey: 'goods.notFound' });
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
