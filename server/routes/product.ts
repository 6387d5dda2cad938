/** The power (算力) and finance (理财) products on offer. Orders belong to issue 5. */
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { contract } from '../../contract';
import type { FinanceProductType, PowerProductType } from '../../contract/product';
import type { FinanceProductsTable, PowerProductsTable } from '../db/schema';
import { pageArgs, paginate, toPage } from '../http/paging';
import { route } from '../http/route';
import { fromUnits } from '../money';
import type { TimeFormat } from '../time';

export function powerStatus(row: Pick<Selectable<PowerProductsTable>, 'sale_start' | 'sale_end' | 'stock' | 'active'>, now: number): PowerProductType['status'] {
  if (row.active !== 1n || now > Number(row.sale_end)) return 'ended';
  if (now < Number(row.sale_start)) return 'upcoming';
  return row.stock <= 0n ? 'sold_out' : 'on_sale';
}

export function financeStatus(row: Pick<Selectable<FinanceProductsTable>, 'quota' | 'sold' | 'active'>): FinanceProductType['status'] {
  if (row.active !== 1n) return 'ended';
  return row.sold >= row.quota ? 'sold_out' : 'on_sale';
}

export function toPowerProduct(row: Selectable<PowerProductsTable>, now: number, time: TimeFormat): PowerProductType {
  return {
    id: String(row.id),
    title: row.title,
    coin: row.coin,
    unit: row.unit,
    pricePerUnit: fromUnits(row.price_per_unit),
    termDays: Number(row.term_days),
    dailyOutputPerUnit: fromUnits(row.daily_output_per_unit),
    electricityFeePerUnit: fromUnits(row.electricity_fee_per_unit),
    managementFeeRate: fromUnits(row.management_fee_rate),
    stock: Number(row.stock),
    sold: Number(row.sold),
    minUnits: Number(row.min_units),
    saleStart: time.timestamp(row.sale_start),
    saleEnd: time.timestamp(row.sale_end),
    status: powerStatus(row, now),
  };
}

export function toFinanceProduct(row: Selectable<FinanceProductsTable>): FinanceProductType {
  return {
    id: String(row.id),
    title: row.title,
    currency: row.currency,
    annualRate: fromUnits(row.annual_rate),
    lockDays: Number(row.lock_days),
    minAmount: fromUnits(row.min_amount),
    maxAmount: fromUnits(row.max_amount),
    quota: fromUnits(row.quota),
    sold: fromUnits(row.sold),
    status: financeStatus(row),
  };
}

export default async function productRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, time } = app.ctx;

  route(app, contract.product.power, async (request) => {
    const args = pageArgs(request.query);
    let query = db.selectFrom('power_products').selectAll().where('active', '=', 1n).orderBy('sort').orderBy('id');
    if (request.query.coin) query = query.where('coin', '=', request.query.coin);
    const { rows, total } = await paginate(query, args);
    const now = clock.now();
    return toPage(rows.map((row) => toPowerProduct(row, now, time)), total, args);
  });

  route(app, contract.product.finance, async (request) => {
    const args = pageArgs(request.query);
    const query = db.selectFrom('finance_products').selectAll().where('active', '=', 1n).orderBy('sort').orderBy('id');
    const { rows, total } = await paginate(query, args);
    return toPage(rows.map(toFinanceProduct), total, args);
  });
}
