/** The conversion page: the pairs on offer and the user's conversions, newest first. */
import type { ConvertResponseType } from '../../contract/account';
import type { Db } from '../db';
import { BY_ID, paginate, toPage, type PageArgs } from '../http/paging';
import type { TimeFormat } from '../time';
import { convertPairs, toConvertRecord } from './conversions';

export async function conversionOverview(db: Db, userId: bigint, args: PageArgs, time: TimeFormat): Promise<ConvertResponseType> {
  const query = db.selectFrom('conversions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID());
  return { pairs: await convertPairs(db), records: toPage(rows.map((row) => toConvertRecord(row, time)), total, args, nextCursor) };
}
