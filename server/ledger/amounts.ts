/** Reading a request's amount with the shared rules (contract/rules/money): zero is refused here. */
import { checkAmount, toUnits } from '../../contract/rules/money';
import { ApiError } from '../http/errors';

export function positiveUnits(amount: string): bigint {
  if (checkAmount(amount)?.code === 'notPositive') throw new ApiError('VALIDATION_FAILED', { messageKey: 'money.notPositive' });
  return toUnits(amount);
}
