/** What the calculator form holds → the input of the shared estimate (bigint units, no floats). */
import type { PowerProductType } from '../../../contract/product';
import type { PowerEstimateInput } from '../../../contract/rules/powerOutput';
import { toUnits } from '../../../contract/rules/money';
import { parseCount } from '@/components/AmountInput/CountInput';

export const PRICE_PATTERN = /^(0|[1-9]\d{0,11})(\.\d{1,8})?$/;

export interface CalculatorValues {
  /** as typed (whole numbers; anything else is refused by the form, never rounded) */
  units: number | string;
  days: number | string;
  coinPrice: string;
}

/** null while a field is not a usable number yet */
export function estimateInput(product: PowerProductType, values: Partial<CalculatorValues>): PowerEstimateInput | null {
  const units = parseCount(values.units);
  const days = parseCount(values.days);
  const { coinPrice } = values;
  if (!units || units < 1 || !days || days < 1 || !coinPrice || !PRICE_PATTERN.test(coinPrice)) return null;
  return {
    units,
    days,
    termDays: product.termDays,
    pricePerUnit: toUnits(product.pricePerUnit),
    dailyOutputPerUnit: toUnits(product.dailyOutputPerUnit),
    electricityFeePerUnit: toUnits(product.electricityFeePerUnit),
    managementFeeRate: toUnits(product.managementFeeRate),
    coinPriceUsdt: toUnits(coinPrice),
  };
}
