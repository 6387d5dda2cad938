/** The caller's power and finance orders, newest first, by status as of `today` (display day). */
import { sql } from 'kysely';
import type { PageOf } from '../../contract';
import type { FinanceOrderType, PowerOrderType } from '../../contract/product';
import type { Db } from '../db';
import { BY_ID, paginate, toPage, type PageArgs } from '../http/paging';
import type { TimeFormat } from '../time';
import { interestTotals, toFinanceOrder } from './financeOrders';
import { outputTotals, toPowerOrder } from './powerOrders';

type StatusFilter = 'pending' | 'active' | 'ended' | undefined;

export async function listPowerOrders(db: Db, userId: bigint, status: StatusFilter, args: PageArgs, today: string, time: TimeFormat): Promise<PageOf<PowerOrderType>> {
  let query = db.selectFrom('power_orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
  if (status === 'pending') query = query.where('start_day', '>', today);
  if (status === 'active') query = query.where('start_day', '<=', today).where('end_day', '>=', today);
  if (status === 'ended') query = query.where('end_day', '<', today);
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID());
  const outputs = await outputTotals(db, rows.map((row) => row.id));
  return toPage(rows.map((row) => toPowerOrder(row, outputs.get(row.id) ?? 0n, today, time)), total, args, nextCursor);
}

export async function listFinanceOrders(db: Db, userId: bigint, status: StatusFilter, args: PageArgs, today: string, time: TimeFormat): Promise<PageOf<FinanceOrderType>> {
  let query = db.selectFrom('finance_orders').selectAll().where('user_id', '=', userId).orderBy('id', 'desc');
  if (status === 'pending') query = query.where('redeemed_at', 'is', null).where('start_day', '>', today);
  if (status === 'active') query = query.where('redeemed_at', 'is', null).where('start_day', '<=', today);
  if (status === 'ended') query = query.where(sql<boolean>`redeemed_at is not null`);
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID());
  const interest = await interestTotals(db, rows.map((row) => row.id));
  return toPage(rows.map((row) => toFinanceOrder(row, interest.get(row.id) ?? 0n, today, time)), total, args, nextCursor);
}
