/** Account products (10000 = USDT): the title shown for an account product id. */
import type { ProductTitleType } from '../../contract/account';
import type { Db } from '../db';
import { ApiError } from '../http/errors';

export async function accountProductTitle(db: Db, id: bigint): Promise<ProductTitleType> {
  const product = await db.selectFrom('account_products').select(['id', 'title', 'currency']).where('id', '=', id).executeTakeFirst();
  if (!product) throw new ApiError('NOT_FOUND', { messageKey: 'product.notFound' });
  return { id: String(product.id), title: product.title, currency: product.currency };
}
