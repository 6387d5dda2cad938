/**
 * The server side of the shared address rules (contract/rules/address): normalise the input and
 * refuse it with 400 VALIDATION_FAILED, one localised sentence per field (like schema errors).
 */
import type { AddressInputType } from '../../contract/address';
import { ADDRESS_LIMITS, addressProblems, normalizeAddress } from '../../contract/rules/address';
import { ApiError } from '../http/errors';
import { translate, type Locale } from '../i18n';

export function validAddress(input: AddressInputType, locale: Locale): AddressInputType {
  const address = normalizeAddress(input);
  const problems = addressProblems(address);
  if (problems.length === 0) return address;
  const fields = problems.map(({ field, problem }) => ({ field, message: translate(locale, `address.rule.${problem}`, ADDRESS_LIMITS) }));
  throw new ApiError('VALIDATION_FAILED', { messageKey: `address.rule.${problems[0].problem}`, params: ADDRESS_LIMITS, data: { fields } });
}
