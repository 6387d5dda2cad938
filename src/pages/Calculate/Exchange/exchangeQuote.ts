/**
 * What one power exchange will pay, computed as the server does (server/products/powerExchange):
 * value = amount × rate rounded down, fee = feeRate % of the value rounded up, received = value − fee.
 * Shown as an estimate: the server applies its price at the moment of the exchange.
 */
import { amountUnits, unitsToAmount } from '../../../../contract/rules/money';

const UNIT = amountUnits('1');

export interface ExchangeQuote {
  value: string;
  fee: string;
  received: string;
}

function divideUp(n: bigint, d: bigint): bigint {
  return n % d === 0n ? n / d : n / d + 1n;
}

/** null while the amount is not a valid decimal */
export function exchangeQuote(amount: string, rate: string, feeRate: string): ExchangeQuote | null {
  let units: bigint;
  try {
    units = amountUnits(amount);
  } catch {
    return null;
  }
  const value = (units * amountUnits(rate)) / UNIT;
  const fee = divideUp(value * amountUnits(feeRate), 100n * UNIT);
  return { value: unitsToAmount(value), fee: unitsToAmount(fee), received: unitsToAmount(value - fee) };
}
