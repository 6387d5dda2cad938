/** The power and finance products on offer (active ones, in their display order), titled in `locale`. */
import type { PageOf } from '../../contract';
import type { FinanceProductType, PowerProductType } from '../../contract/product';
import type { Db } from '../db';
import type { Locale } from '../i18n';
import { titleInLocale, titledInLocale } from '../i18n/translations';
import { paginate, toPage, type PageArgs } from '../http/paging';
import type { TimeFormat } from '../time';
import { toFinanceProduct, toPowerProduct } from './catalogue';

export async function listPowerProducts(db: Db, coin: string | undefined, args: PageArgs, now: number, time: TimeFormat, locale: Locale): Promise<PageOf<PowerProductType>> {
  let query = db.selectFrom('power_products').selectAll().select(titleInLocale(locale, 'power_products')).where('active', '=', 1n).orderBy('sort').orderBy('id');
  if (coin) query = query.where('coin', '=', coin);
  const { rows, total } = await paginate(query, args);
  return toPage(rows.map((row) => toPowerProduct(titledInLocale(row), now, time)), total, args);
}

export async function listFinanceProducts(db: Db, args: PageArgs, locale: Locale): Promise<PageOf<FinanceProductType>> {
  const query = db.selectFrom('finance_products').selectAll().select(titleInLocale(locale, 'finance_products')).where('active', '=', 1n).orderBy('sort').orderBy('id');
  const { rows, total } = await paginate(query, args);
  return toPage(rows.map((row) => toFinanceProduct(titledInLocale(row))), total, args);
}
