/** The power account's history: daily bills (filtered by order, coin and days) and exchanges to USDT. */
import type { Static } from '@sinclair/typebox';
import type { PageOf } from '../../contract';
import type { PowerBillQuery, PowerBillType, PowerExchangeRecordType } from '../../contract/account';
import { fromUnits } from '../../contract/rules/money';
import type { Db } from '../db';
import { BY_ID, paginate, toPage, type PageArgs, type SortKey } from '../http/paging';
import type { TimeFormat } from '../time';
import { toExchangeRecord } from './powerExchange';

/** bills newest day first, then newest id */
const BILL_ORDER: readonly SortKey[] = [
  { column: 'day', field: 'day', kind: 'day' },
  { column: 'id', field: 'id', kind: 'integer' },
];

export async function listPowerBills(db: Db, userId: bigint, filters: Static<typeof PowerBillQuery>, args: PageArgs): Promise<PageOf<PowerBillType>> {
  const { orderId, coin, from, to } = filters;
  let query = db.selectFrom('power_bills').selectAll().where('user_id', '=', userId).orderBy('day', 'desc').orderBy('id', 'desc');
  if (orderId) query = query.where('order_id', '=', BigInt(orderId));
  if (coin) query = query.where('coin', '=', coin);
  if (from) query = query.where('day', '>=', from);
  if (to) query = query.where('day', '<=', to);
  const { rows, total, nextCursor } = await paginate(query, args, BILL_ORDER);
  const list = rows.map((row) => ({
    id: String(row.id),
    orderId: String(row.order_id),
    day: row.day,
    coin: row.coin,
    gross: fromUnits(row.gross),
    electricityFee: fromUnits(row.electricity_fee),
    managementFee: fromUnits(row.management_fee),
    fee: fromUnits(row.electricity_fee + row.management_fee),
    net: fromUnits(row.net),
  }));
  return toPage(list, total, args, nextCursor);
}

export async function listPowerExchanges(db: Db, userId: bigint, args: PageArgs, time: TimeFormat): Promise<PageOf<PowerExchangeRecordType>> {
  const query = db.selectFrom('power_exchanges').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID());
  return toPage(rows.map((row) => toExchangeRecord(row, time)), total, args, nextCursor);
}
