/**
 * The server's side of the withdrawal rules of contract/rules/withdraw.ts: the rule of a currency
 * and network or a refusal, and a refusal of the pure checks thrown as the catalogue error.
 */
import { checksumWithdrawAddress, withdrawRule, WITHDRAW_NETWORKS, type WithdrawRefusal, type WithdrawRule } from '../../contract/rules/withdraw';
import { ApiError } from '../http/errors';

export { confirmationsNeeded } from '../../contract/rules/withdraw';

export function ruleFor(currency: string, network: string): WithdrawRule {
  const rule = withdrawRule(currency, network);
  if (!rule) throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.unsupported', params: { currency, network } });
  return rule;
}

function toApiError(refusal: WithdrawRefusal): ApiError {
  return new ApiError(refusal.code, { messageKey: refusal.messageKey, params: refusal.params });
}

/** throws the refusal of a pure check, if any */
export function refuseIf(refusal: WithdrawRefusal | null): void {
  if (refusal) throw toApiError(refusal);
}

export function checkNetwork(network: string): void {
  if (!WITHDRAW_NETWORKS.includes(network)) throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.unsupported', params: { currency: '', network } });
}

/** the checksummed form of an address typed for `network`, or its refusal thrown */
export function checksummedAddress(network: string, text: string): string {
  const checked = checksumWithdrawAddress(network, text);
  if ('refusal' in checked) throw toApiError(checked.refusal);
  return checked.address;
}
