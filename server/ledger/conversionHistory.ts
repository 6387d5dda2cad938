/** The conversion page: the pairs on offer and the user's conversions, newest first. */
import type { ConvertResponseType } from '../../contract/account';
import type { Db } from '../db';
import { paginate, toPage, type PageArgs } from '../http/paging';
import type { TimeFormat } from '../time';
import { convertPairs, toConvertRecord } from './conversions';

export async function conversionOverview(db: Db, userId: bigint, args: PageArgs, time: TimeFormat): Promise<ConvertResponseType> {
  const query = db.selectFrom('conversions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
  const { rows, total } = await paginate(query, args);
  return { pairs: await convertPairs(db), records: toPage(rows.map((row) => toConvertRecord(row, time)), total, args) };
}
