/**
 * Seeds the catalogue on the first start of an empty database, exactly once: a marker row in
 * app_meta is inserted in the same transaction, so a second start (or a second process starting
 * at the same moment) finds it and leaves the data alone, even if an operator later emptied a table.
 * The seeded texts' zh-TW and en-US translations are written once the same way, under their own
 * marker, so a database seeded before translations existed gets them on its next start.
 */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db';
import { toUnits } from '../../contract/rules/money';
import { ACCOUNT_PRODUCTS, CONTENT_LINKS, FINANCE_PRODUCTS, MALL_CATEGORIES, MALL_GOODS, POWER_PRODUCTS, PRICES_USDT } from '../../contract/seed/catalogue';
import { goodsPicture } from '../../contract/seed/pictures';
import { SEED_TRANSLATIONS, type TranslatedLocale } from '../../contract/seed/translations';
import type { TranslatedEntity } from '../i18n/translations';

export const SEED_MARKER = 'catalogue_seeded_at';
/** set once the seeded texts' translations were written (also on a database seeded before they existed) */
export const TRANSLATIONS_MARKER = 'catalogue_translated_at';
const DAY_MS = 24 * 3600 * 1000;

async function hasCatalogue(trx: Transaction<Database>): Promise<boolean> {
  const row = await trx.selectFrom('power_products').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

async function insertCatalogue(trx: Transaction<Database>, now: number): Promise<void> {
  const at = BigInt(now);
  await trx.insertInto('prices').values(Object.entries(PRICES_USDT).map(([currency, price]) => ({ currency, price_usdt: toUnits(price), updated_at: at }))).execute();
  await trx.insertInto('account_products').values(ACCOUNT_PRODUCTS).execute();
  await trx
    .insertInto('content_links')
    .values(CONTENT_LINKS.map((link, index) => ({ ...link, sort: BigInt(index), active: 1n, created_at: at })))
    .execute();
  await trx
    .insertInto('power_products')
    .values(
      POWER_PRODUCTS.map((p, index) => ({
        title: p.title, coin: p.coin, unit: p.unit,
        price_per_unit: toUnits(p.pricePerUnit), term_days: BigInt(p.termDays),
        daily_output_per_unit: toUnits(p.dailyOutputPerUnit), electricity_fee_per_unit: toUnits(p.electricityFeePerUnit),
        management_fee_rate: toUnits(p.managementFeeRate), stock: BigInt(p.stock), sold: 0n, min_units: BigInt(p.minUnits),
        sale_start: BigInt(now - DAY_MS), sale_end: BigInt(now + 365 * DAY_MS), sort: BigInt(index), active: 1n, created_at: at,
      })),
    )
    .execute();
  await trx
    .insertInto('finance_products')
    .values(
      FINANCE_PRODUCTS.map((p, index) => ({
        title: p.title, currency: p.currency, annual_rate: toUnits(p.annualRate), lock_days: BigInt(p.lockDays),
        min_amount: toUnits(p.minAmount), max_amount: toUnits(p.maxAmount), quota: toUnits(p.quota), sold: 0n,
        sort: BigInt(index), active: 1n, created_at: at,
      })),
    )
    .execute();
  const categoryIds = new Map<string, bigint>();
  for (const [index, name] of MALL_CATEGORIES.entries()) {
    const { id } = await trx.insertInto('mall_categories').values({ name, sort: BigInt(index) }).returning('id').executeTakeFirstOrThrow();
    categoryIds.set(name, id);
  }
  for (const [index, goods] of MALL_GOODS.entries()) {
    const cover = goodsPicture(...goods.colors);
    const { id } = await trx
      .insertInto('mall_goods')
      .values({
        category_id: categoryIds.get(goods.category)!,
        title: goods.title, cover, description: goods.description,
        images: JSON.stringify([cover, goodsPicture(goods.colors[1], goods.colors[0])]),
        sales: BigInt(goods.sales), sort: BigInt(index), active: 1n, created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('mall_skus')
      .values(goods.skus.map((sku, skuIndex) => ({ goods_id: id, name: sku.name, price: toUnits(sku.price), stock: BigInt(sku.stock), sort: BigInt(skuIndex) })))
      .execute();
  }
}

/** The zh-TW and en-US texts of every catalogue text that is still a seeded one. */
async function insertTranslations(trx: Transaction<Database>): Promise<void> {
  const texts: Array<{ entity: TranslatedEntity; rows: Array<{ id: bigint } & Record<string, unknown>> }> = [
    { entity: 'content_links', rows: await trx.selectFrom('content_links').select(['id', 'title', 'content']).execute() },
    { entity: 'power_products', rows: await trx.selectFrom('power_products').select(['id', 'title']).execute() },
    { entity: 'finance_products', rows: await trx.selectFrom('finance_products').select(['id', 'title']).execute() },
    { entity: 'mall_categories', rows: await trx.selectFrom('mall_categories').select(['id', 'name']).execute() },
    { entity: 'mall_goods', rows: await trx.selectFrom('mall_goods').select(['id', 'title', 'description']).execute() },
    { entity: 'mall_skus', rows: await trx.selectFrom('mall_skus').select(['id', 'name']).execute() },
  ];
  const values = texts.flatMap(({ entity, rows }) =>
    rows.flatMap(({ id, ...fields }) =>
      Object.entries(fields).flatMap(([field, source]) =>
        Object.entries(SEED_TRANSLATIONS[String(source)] ?? {}).map(([locale, text]) => ({ entity, entity_id: id, field, locale: locale as TranslatedLocale, text, source: String(source) })),
      ),
    ),
  );
  if (values.length > 0) await trx.insertInto('translations').values(values).onConflict((oc) => oc.doNothing()).execute();
}

/** Inserts the marker `key`; false when it was already there (another start did the work). */
async function mark(trx: Transaction<Database>, key: string, now: number): Promise<boolean> {
  const marked = await trx
    .insertInto('app_meta')
    .values({ key, value: new Date(now).toISOString(), updated_at: BigInt(now) })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return marked.numInsertedOrUpdatedRows === 1n;
}

/** Seeds once; true when this call inserted the catalogue. */
export async function seedIfEmpty(db: Db, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const seeding = (await mark(trx, SEED_MARKER, now)) && !(await hasCatalogue(trx));
    if (seeding) await insertCatalogue(trx, now);
    if (await mark(trx, TRANSLATIONS_MARKER, now)) await insertTranslations(trx);
    return seeding;
  });
}
