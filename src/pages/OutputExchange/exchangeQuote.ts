/**
 * What one power exchange will pay, computed as the server does (server/products/powerExchange):
 * value = amount × rate rounded down, fee = feeRate % of the value rounded up, received = value − fee.
 * Shown as an estimate: the server applies its price at the moment of the exchange.
 */
import { fromUnits, multiply, percentOf, toUnits } from '../../../contract/rules/money';

export interface ExchangeQuote {
  value: string;
  fee: string;
  received: string;
}

/** null while the amount is not a valid decimal */
export function exchangeQuote(amount: string, rate: string, feeRate: string): ExchangeQuote | null {
  let units: bigint;
  try {
    units = toUnits(amount);
  } catch {
    return null;
  }
  const value = multiply(units, toUnits(rate), 'down');
  const fee = percentOf(value, toUnits(feeRate), 'up');
  return { value: fromUnits(value), fee: fromUnits(fee), received: fromUnits(value - fee) };
}
