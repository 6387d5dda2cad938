/** The power (算力) and finance (理财) products on offer: their sale status and wire shape. */
import type { Selectable } from 'kysely';
import type { FinanceProductType, PowerProductType } from '../../contract/product';
import type { FinanceProductsTable, PowerProductsTable } from '../db/schema';
import { fromUnits } from '../../contract/rules/money';
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

/**
 * No market price of the coin: it moves with every poll of the feeds, and a product that changed
 * with it would make the prerendered product pages stale on every round (the calculator asks the
 * market for it).
 */
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
