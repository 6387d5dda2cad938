/**
 * The withdrawal rule table of contract/rules/withdraw.ts in ledger units, and the checks every
 * request and saved address goes through: a supported currency and network, an address of that
 * network with a valid EIP-55 checksum, an amount with no more decimals than the currency has.
 */
import { getAddress } from 'ethers';
import { AMOUNT_DECIMALS, checkAmount, toUnits } from '../../contract/rules/money';
import { DEPOSIT_NETWORKS } from '../../contract/rules/wallet';
import { withdrawRule, WITHDRAW_NETWORKS, type WithdrawRule } from '../../contract/rules/withdraw';
import { ApiError } from '../http/errors';

export interface WithdrawRuleUnits {
  rule: WithdrawRule;
  minAmount: bigint;
  maxAmount: bigint;
  fee: bigint;
  dailyLimit: bigint;
  reviewAbove: bigint;
}

export function rulesFor(currency: string, network: string): WithdrawRuleUnits {
  const rule = withdrawRule(currency, network);
  if (!rule) throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.unsupported', params: { currency, network } });
  return {
    rule,
    minAmount: toUnits(rule.minAmount),
    maxAmount: toUnits(rule.maxAmount),
    fee: toUnits(rule.fee),
    dailyLimit: toUnits(rule.dailyLimit),
    reviewAbove: toUnits(rule.reviewAbove),
  };
}

export function checkNetwork(network: string): void {
  if (!WITHDRAW_NETWORKS.includes(network)) throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.unsupported', params: { currency: '', network } });
}

/**
 * The checksummed form of an address typed for `network` (every withdrawal network is an EVM
 * chain: 0x and 40 hex digits). Anything else (a Tron, Bitcoin or Filecoin address, a typo) is
 * "not an address of this network"; mixed case that fails EIP-55 is a checksum error (a copy
 * error the checksum exists to catch). All lower or all upper case carries no checksum and is
 * accepted as typed.
 */
export function checksummedAddress(network: string, text: string): string {
  const wanted = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(wanted) || /^0x0{40}$/.test(wanted)) throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.wrongNetwork', params: { network } });
  try {
    return getAddress(wanted);
  } catch {
    throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.badChecksum', params: { network } });
  }
}

/** The amount in ledger units; more decimals than the currency has on the network is refused. */
export function amountUnits(amount: string, rules: WithdrawRuleUnits): bigint {
  const { currency, decimals } = rules.rule;
  const problem = checkAmount(amount);
  if (problem?.code === 'notPositive') throw new ApiError('VALIDATION_FAILED', { messageKey: 'money.notPositive' });
  const fraction = amount.split('.')[1] ?? '';
  if (problem?.code === 'tooManyDecimals' || fraction.length > Math.min(decimals, AMOUNT_DECIMALS)) {
    throw new ApiError('BUSINESS_RULE', { messageKey: 'money.tooManyDecimals', params: { currency, decimals } });
  }
  return toUnits(amount);
}

/** confirmations a withdrawal needs before it completes: the network's deposit rule */
export function confirmationsNeeded(network: string): number {
  return Math.max(1, ...DEPOSIT_NETWORKS.filter((rule) => rule.network === network).map((rule) => rule.confirmations));
}
