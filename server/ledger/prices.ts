/** USDT prices from the prices table (set by the seed and ops). */
import type { Db } from '../db';
import type { Trx } from './post';

export async function loadPrices(db: Db | Trx): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('prices').select(['currency', 'price_usdt']).execute();
  return new Map(rows.map((row) => [row.currency, row.price_usdt]));
}
