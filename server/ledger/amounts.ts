/** Reading a request's amount: the contract already limits it to ≤ 8 decimals; zero is refused here. */
import { ApiError } from '../http/errors';
import { toUnits } from '../money';

export function positiveUnits(amount: string): bigint {
  const units = toUnits(amount);
  if (units <= 0n) throw new ApiError('VALIDATION_FAILED', { messageKey: 'money.notPositive' });
  return units;
}
