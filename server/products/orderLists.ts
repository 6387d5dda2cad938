/**
 * The caller's power and finance orders, newest first, by status as of `today` (display day). An
 * order keeps the product's title as bought (zh-CN); it reads in `locale` while the product's
 * translation is of that same title.
 */
import { sql } from 'kysely';
import type { PageOf } from '../../contract';
import type { FinanceOrderType, PowerOrderType } from '../../contract/product';
import type { Db } from '../db';
import type { Locale } from '../i18n';
import { titleInLocale, titledInLocale, translated, type TranslatedEntity } from '../i18n/translations';
import { BY_ID, paginate, toPage, type PageArgs } from '../http/paging';
import type { TimeFormat } from '../time';
import { interestTotals, toFinanceOrder } from './financeOrders';
import { outputTotals, toPowerOrder } from './powerOrders';

type StatusFilter = 'pending' | 'active' | 'ended' | undefined;

/** `rows` with their title in `locale`, by the translation of their product's title */
export async function titled<Row extends { product_id: bigint; title: string }>(db: Db, locale: Locale, products: TranslatedEntity, rows: Row[]): Promise<Row[]> {
  const titles = await translated(db, locale, products, ['title'], rows.map((row) => ({ id: row.product_id, title: row.title })));
  return rows.map((row, index) => ({ ...row, title: titles[index].title }));
}

export async function listPowerOrders(db: Db, userId: bigint, status: StatusFilter, args: PageArgs, today: string, time: TimeFormat, locale: Locale): Promise<PageOf<PowerOrderType>> {
  let query = db.selectFrom('power_orders').selectAll().select(titleInLocale(locale, 'power_products', 'power_orders', 'product_id')).where('user_id', '=', userId).orderBy('id', 'desc');
  if (status === 'pending') query = query.where('start_day', '>', today);
  if (status === 'active') query = query.where('start_day', '<=', today).where('end_day', '>=', today);
  if (status === 'ended') query = query.where('end_day', '<', today);
  const page = await paginate(query, args, BY_ID());
  const { total, nextCursor } = page;
  const rows = page.rows.map(titledInLocale);
  const outputs = await outputTotals(db, rows.map((row) => row.id));
  return toPage(rows.map((row) => toPowerOrder(row, outputs.get(row.id) ?? 0n, today, time)), total, args, nextCursor);
}

export async function listFinanceOrders(db: Db, userId: bigint, status: StatusFilter, args: PageArgs, today: string, time: TimeFormat, locale: Locale): Promise<PageOf<FinanceOrderType>> {
  let query = db.selectFrom('finance_orders').selectAll().select(titleInLocale(locale, 'finance_products', 'finance_orders', 'product_id')).where('user_id', '=', userId).orderBy('id', 'desc');
  if (status === 'pending') query = query.where('redeemed_at', 'is', null).where('start_day', '>', today);
  if (status === 'active') query = query.where('redeemed_at', 'is', null).where('start_day', '<=', today);
  if (status === 'ended') query = query.where(sql<boolean>`redeemed_at is not null`);
  const page = await paginate(query, args, BY_ID());
  const { total, nextCursor } = page;
  const rows = page.rows.map(titledInLocale);
  const interest = await interestTotals(db, rows.map((row) => row.id));
  return toPage(rows.map((row) => toFinanceOrder(row, interest.get(row.id) ?? 0n, today, time)), total, args, nextCursor);
}
