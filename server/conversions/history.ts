/** The conversion page: the pairs on offer and the user's conversions, newest first. */
import type { ConvertResponseType } from '../../contract/account';
import type { Db } from '../db';
import { BY_ID, paginate, toPage, type PageArgs } from '../http/paging';
import type { PriceBook } from '../prices/market';
import type { TimeFormat } from '../time';
import { convertPairs, toConvertRecord } from './conversions';

export async function conversionOverview(db: Db, prices: PriceBook, userId: bigint, args: PageArgs, now: number, time: TimeFormat): Promise<ConvertResponseType> {
  const query = db.selectFrom('conversions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID());
  return { pairs: await convertPairs(db, prices, now, time), records: toPage(rows.map((row) => toConvertRecord(row, time)), total, args, nextCursor) };
}
