/**
 * The power (算力) output formulas, once, for the daily settlement on the server and the output
 * calculator in the browser (docs/products.md). Plain TypeScript (arithmetic from ./money); every amount
 * is a bigint in units of 1e-8 and every division rounds down, so both sides agree to the unit.
 */
import { multiply, percentOf, ratio } from './money';

export interface PowerTerms {
  /** coin mined per hashrate unit per day, before fees */
  dailyOutputPerUnit: bigint;
  /** electricity fee per hashrate unit per day, in the mined coin */
  electricityFeePerUnit: bigint;
  /** percent of gross output, in units */
  managementFeeRate: bigint;
}

export interface PowerDay {
  gross: bigint;
  electricityFee: bigint;
  managementFee: bigint;
  /** electricity + management, never more than the gross output */
  fee: bigint;
  net: bigint;
}

/** One order's output for one day: `units` whole hashrate units on `terms`. */
export function powerDay(terms: PowerTerms, units: number | bigint): PowerDay {
  const count = BigInt(units);
  const gross = count * terms.dailyOutputPerUnit;
  // a management fee rate is a percentage in units: 5 % = 5 × 1e8
  const managementFee = percentOf(gross, terms.managementFeeRate, 'down');
  // fees are taken from the output: a day whose fees exceed it pays nothing (and costs nothing)
  const electricityFee = min(count * terms.electricityFeePerUnit, gross - managementFee);
  const fee = electricityFee + managementFee;
  return { gross, electricityFee, managementFee, fee, net: gross - fee };
}

export interface PowerEstimateInput extends PowerTerms {
  units: number | bigint;
  /** USDT per hashrate unit */
  pricePerUnit: bigint;
  termDays: number;
  /** days to estimate; capped at the term */
  days: number;
  /** USDT per whole coin, for the value of the output */
  coinPriceUsdt: bigint;
}

export interface PowerEstimate {
  days: number;
  /** USDT paid for the hashrate */
  cost: bigint;
  perDay: PowerDay;
  gross: bigint;
  electricityFee: bigint;
  managementFee: bigint;
  net: bigint;
  /** the net output valued at coinPriceUsdt */
  netUsdt: bigint;
  /** netUsdt − cost (negative until break-even) */
  profitUsdt: bigint;
  /** first day (1-based) whose cumulative net value reaches the cost; null if not within the term */
  breakEvenDay: number | null;
}

/** Estimated output of buying `units` for `days` days, at today's output, fees and coin price. */
export function estimatePower(input: PowerEstimateInput): PowerEstimate {
  const days = Math.max(0, Math.min(Math.floor(input.days), input.termDays));
  const perDay = powerDay(input, input.units);
  const n = BigInt(days);
  const cost = BigInt(input.units) * input.pricePerUnit;
  const net = perDay.net * n;
  const netUsdt = multiply(net, input.coinPriceUsdt, 'down');
  return {
    days,
    cost,
    perDay,
    gross: perDay.gross * n,
    electricityFee: perDay.electricityFee * n,
    managementFee: perDay.managementFee * n,
    net,
    netUsdt,
    profitUsdt: netUsdt - cost,
    breakEvenDay: breakEvenDay(cost, (perDay.net * input.coinPriceUsdt), input.termDays),
  };
}

/** ceil(cost / value per day) when that is within the term; the value per day is in units × 1e8. */
function breakEvenDay(cost: bigint, dailyValueScaled: bigint, termDays: number): number | null {
  if (cost <= 0n) return 0;
  if (dailyValueScaled <= 0n) return null;
  const day = ratio(cost, dailyValueScaled, 'up');
  return day <= BigInt(termDays) ? Number(day) : null;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
