/**
 * SKU stock held by orders. Holding is one conditional UPDATE (`stock >= quantity`): PostgreSQL
 * re-checks the condition after waiting for a concurrent buyer's row lock, SQLite runs one writer
 * at a time, and a CHECK keeps the column non-negative, so stock never goes below zero.
 */
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { Trx } from '../ledger/post';

export async function holdStock(trx: Trx, skuId: bigint, quantity: bigint): Promise<void> {
  const held = await trx
    .updateTable('mall_skus')
    .set({ stock: sql<bigint>`stock - ${quantity}` })
    .where('id', '=', skuId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  if (held.numUpdatedRows === 0n) {
    const left = await trx.selectFrom('mall_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow();
    throw new ApiError('BUSINESS_RULE', { messageKey: 'mall.stockShort', params: { stock: Number(left.stock) } });
  }
}

export async function returnStock(trx: Trx, skuId: bigint, quantity: bigint): Promise<void> {
  await trx.updateTable('mall_skus').set({ stock: sql<bigint>`stock + ${quantity}` }).where('id', '=', skuId).execute();
}

/** Sales count of a goods item: up when an order is paid, down when a paid order is refunded. */
export async function addSales(trx: Trx, goodsId: bigint, quantity: bigint): Promise<void> {
  await trx.updateTable('mall_goods').set({ sales: sql<bigint>`sales + ${quantity}` }).where('id', '=', goodsId).execute();
}
