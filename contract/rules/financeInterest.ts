/**
 * Finance (理财) interest, once, for the daily settlement and the screens that estimate it:
 * principal × annual rate / 365 per day, rounded down to the unit (1e-8). Plain TypeScript.
 */
import { divide, UNIT } from './money';

export const DAYS_PER_YEAR = 365n;

/** One day's interest; `annualRate` is a percentage in units (8 % = 8 × 1e8). */
export function dailyInterest(principal: bigint, annualRate: bigint): bigint {
  return divide(principal * annualRate, 100n * UNIT * DAYS_PER_YEAR, 'down');
}

/** Interest over the whole lock: the same day's interest `lockDays` times (what settlement pays). */
export function interestOverLock(principal: bigint, annualRate: bigint, lockDays: number): bigint {
  return dailyInterest(principal, annualRate) * BigInt(lockDays);
}
