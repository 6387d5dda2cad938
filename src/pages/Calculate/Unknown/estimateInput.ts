/** What the calculator form holds → the input of the shared estimate (bigint units, no floats). */
import type { PowerProductType } from '../../../../contract/product';
import type { PowerEstimateInput } from '../../../../contract/rules/powerOutput';
import { toUnits } from '../../../../contract/rules/money';

export const PRICE_PATTERN = /^(0|[1-9]\d{0,11})(\.\d{1,8})?$/;

export interface CalculatorValues {
  units: number;
  days: number;
  coinPrice: string;
}

/** null while a field is not a usable number yet */
export function estimateInput(product: PowerProductType, values: Partial<CalculatorValues>): PowerEstimateInput | null {
  const { units, days, coinPrice } = values;
  if (!units || units < 1 || !days || days < 1 || !coinPrice || !PRICE_PATTERN.test(coinPrice)) return null;
  return {
    units: Math.floor(units),
    days: Math.floor(days),
    termDays: product.termDays,
    pricePerUnit: toUnits(product.pricePerUnit),
    dailyOutputPerUnit: toUnits(product.dailyOutputPerUnit),
    electricityFeePerUnit: toUnits(product.electricityFeePerUnit),
    managementFeeRate: toUnits(product.managementFeeRate),
    coinPriceUsdt: toUnits(coinPrice),
  };
}
