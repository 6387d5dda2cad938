/**
 * THE withdrawal rules, for the server, the mocks and the app alike. The table: per currency and
 * network the least and most one withdrawal may send, its flat fee (paid on top, like a
 * transfer's), the per-user limit over any 24 hours, the amount above which an operator reviews
 * it, and the decimals the currency has on that network. Amounts are decimal strings. The checks
 * are pure functions of what the caller looked up (balances, earlier withdrawals, times): the
 * server, the mocks (which keep only state) and the page call the same ones, so they cannot
 * drift apart. The new-address delay is here too (default 24 h; the server reads
 * WITHDRAW_ADDRESS_DELAY_HOURS, server/config.ts).
 */
import { getAddress } from 'ethers';
import type { ErrorCode } from '../errors';
import type { MessageParams } from '../messages/fill';
import type { MessageKey } from '../messages/zh-TW';
import type { ReviewReasonType } from '../withdraw';
import { AMOUNT_DECIMALS, checkAmount, fromUnits, toUnits } from './money';
import { DEPOSIT_NETWORKS } from './wallet';

export interface WithdrawRule {
  currency: string;
  network: string;
  /** decimals an amount may have (the token's on-chain decimals, at most the ledger's 8) */
  decimals: number;
  minAmount: string;
  /** the most one withdrawal may send */
  maxAmount: string;
  /** flat fee, paid on top of the amount */
  fee: string;
  /** the most a user may withdraw of the currency (all networks) in any 24 hours, fees left out */
  dailyLimit: string;
  /** a withdrawal above this waits for an operator's review */
  reviewAbove: string;
}

/** the currencies and networks withdrawals go out on: the deposit networks (contract/rules/wallet.ts) */
export const WITHDRAW_RULES: readonly WithdrawRule[] = [
  { currency: 'USDT', network: 'ERC20', decimals: 6, minAmount: '20', maxAmount: '50000', fee: '5', dailyLimit: '100000', reviewAbove: '10000' },
  { currency: 'USDT', network: 'BEP20', decimals: 6, minAmount: '10', maxAmount: '50000', fee: '1', dailyLimit: '100000', reviewAbove: '10000' },
  { currency: 'ETH', network: 'ERC20', decimals: 8, minAmount: '0.01', maxAmount: '20', fee: '0.002', dailyLimit: '50', reviewAbove: '5' },
];

export function withdrawRule(currency: string, network: string): WithdrawRule | undefined {
  return WITHDRAW_RULES.find((rule) => rule.currency === currency && rule.network === network);
}

/** the networks an address may be saved for */
export const WITHDRAW_NETWORKS = [...new Set(WITHDRAW_RULES.map((rule) => rule.network))];

/** a saved withdrawal address is usable this long after it was added without a wallet signature */
export const DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS = 24;
/** how many withdrawal addresses one user may keep */
export const MAX_WITHDRAW_ADDRESSES = 20;
/** a pay password set or changed this recently sends every withdrawal to review */
export const SECURITY_CHANGE_REVIEW_HOURS = 24;
/** a withdrawal from a session younger than this goes to review (a stolen session acts fast) */
export const NEW_SESSION_REVIEW_MINUTES = 60;
/** the window of the daily limit, of the daily total's review and of money that just came in */
export const WITHDRAW_WINDOW_MS = 24 * 3600_000;
/** the window of the platform's circuit breaker */
export const PLATFORM_WINDOW_MS = 3600_000;

/**
 * Per currency, all users together: once the withdrawals of the last hour pass this, every further
 * one waits for review (the server reads WITHDRAW_PLATFORM_HOURLY_LIMIT_<CURRENCY>, server/config.ts).
 */
export const WITHDRAW_PLATFORM_HOURLY_LIMIT: Readonly<Record<string, string>> = {
  USDT: '200000',
  ETH: '100',
};

/**
 * Per currency: an operator's approval of a withdrawal above this is carried out only when a second,
 * different reviewer confirms it (four eyes, server/withdrawals/review.ts).
 */
export const WITHDRAW_SECOND_APPROVAL_ABOVE: Readonly<Record<string, string>> = {
  USDT: '20000',
  ETH: '10',
};

/**
 * The SIWE statement the wallet signs to authorise exactly one withdrawal (purpose 'withdraw'):
 * the amount as sent in the request, the currency, the fee and the total that leaves the balance
 * (from the rule table), the network and the checksummed address.
 */
export function withdrawStatement(w: { amount: string; currency: string; network: string; address: string }): string {
  const rule = withdrawRule(w.currency, w.network);
  // no total for what is not an amount: such a request is refused before its statement is compared
  const charges = rule && !checkAmount(w.amount) ? ` (fee ${rule.fee}, total ${fromUnits(toUnits(w.amount) + toUnits(rule.fee))})` : '';
  return `Withdraw ${w.amount} ${w.currency}${charges} on ${w.network} to ${w.address} from PowerFi`;
}

/** The SIWE statement that makes a newly added address usable at once (purpose 'withdrawAddress.add'). */
export function withdrawAddressStatement(a: { network: string; address: string }): string {
  return `Add withdrawal address ${a.address} on ${a.network} to PowerFi`;
}

/** A refusal as the server sends it (server/http/errors ApiError, mock/_errors refusal). */
export interface WithdrawRefusal {
  code: ErrorCode;
  messageKey: MessageKey;
  params: MessageParams;
}

const refuse = (code: ErrorCode, messageKey: MessageKey, params: MessageParams = {}): WithdrawRefusal => ({ code, messageKey, params });

/** the smallest step an amount of `rule`'s currency may take, in ledger units */
export function amountStep(rule: WithdrawRule): bigint {
  return 10n ** BigInt(AMOUNT_DECIMALS - Math.min(AMOUNT_DECIMALS, rule.decimals));
}

/** The amount as typed: positive, no more decimals than the currency has, within one withdrawal's minimum and maximum. */
export function checkWithdrawAmount(rule: WithdrawRule, amount: string): WithdrawRefusal | null {
  const problem = checkAmount(amount, { decimals: rule.decimals });
  if (problem?.code === 'notPositive') return refuse('VALIDATION_FAILED', 'money.notPositive');
  if (problem?.code === 'tooManyDecimals') return refuse('BUSINESS_RULE', 'money.tooManyDecimals', { currency: rule.currency, decimals: problem.decimals });
  if (problem) return refuse('VALIDATION_FAILED', 'validation.other', { field: 'amount' });
  const units = toUnits(amount);
  if (units < toUnits(rule.minAmount)) return refuse('BUSINESS_RULE', 'withdraw.belowMinimum', { min: rule.minAmount, currency: rule.currency });
  if (units > toUnits(rule.maxAmount)) return refuse('BUSINESS_RULE', 'withdraw.aboveMaximum', { max: rule.maxAmount, currency: rule.currency });
  return null;
}

/** The saved address chosen: of the withdrawal's network, past its delay (`usableFrom`, ms). */
export function checkWithdrawAddress(
  rule: WithdrawRule, address: { network: string; usableFrom: number }, now: number, formatTime: (ms: number) => string,
): WithdrawRefusal | null {
  if (address.network !== rule.network) return refuse('BUSINESS_RULE', 'withdraw.addressNetworkMismatch', { saved: address.network, network: rule.network });
  if (now < address.usableFrom) return refuse('BUSINESS_RULE', 'withdraw.addressInDelay', { time: formatTime(address.usableFrom) });
  return null;
}

export interface WithdrawFunds {
  /** ledger units of the amount */
  amount: bigint;
  /** the user's available balance of the currency */
  available: bigint;
  /** the user's withdrawals of the currency (all networks) in the WITHDRAW_WINDOW_MS before now, returned ones left out, this one left out */
  withdrawnLastDay: bigint;
}

/** Amount + fee within the available balance, the amount within what is left of the daily limit. */
export function checkWithdrawFunds(rule: WithdrawRule, funds: WithdrawFunds): WithdrawRefusal | null {
  const fee = toUnits(rule.fee);
  if (funds.amount + fee > funds.available) {
    return refuse('INSUFFICIENT_BALANCE', 'withdraw.insufficient', {
      amount: fromUnits(funds.amount), fee: rule.fee, required: fromUnits(funds.amount + fee), currency: rule.currency, available: fromUnits(funds.available),
    });
  }
  const left = toUnits(rule.dailyLimit) - funds.withdrawnLastDay;
  if (funds.amount > left) return refuse('BUSINESS_RULE', 'withdraw.dailyLimit', { limit: rule.dailyLimit, left: fromUnits(left > 0n ? left : 0n), currency: rule.currency });
  return null;
}

/** What the user can withdraw now: the least of balance − fee, one withdrawal's maximum and the daily limit left, in the currency's steps; 0 below the minimum. */
export function maxWithdrawNow(rule: WithdrawRule, funds: Omit<WithdrawFunds, 'amount'>): bigint {
  const candidates = [funds.available - toUnits(rule.fee), toUnits(rule.maxAmount), toUnits(rule.dailyLimit) - funds.withdrawnLastDay];
  let most = candidates.reduce((a, b) => (b < a ? b : a));
  most -= most % amountStep(rule);
  return most >= toUnits(rule.minAmount) ? most : 0n;
}

export interface ReviewFacts extends WithdrawFunds {
  now: number;
  /** when the chosen address was saved (ms), and how long a new address counts as new */
  addressCreatedAt: number;
  addressDelayMs: number;
  /** when the pay password was last set or changed (ms), if ever */
  payPasswordChangedAt: number | null;
  /** deposits and conversions into the currency in the WITHDRAW_WINDOW_MS before now (ledger units) */
  inflowLastDay: bigint;
  /** the user has no earlier withdrawal that was not returned */
  firstWithdrawal: boolean;
  /** when the session making the request signed in (ms) */
  sessionStartedAt: number;
  /** all users' withdrawals of the currency in the PLATFORM_WINDOW_MS before now (returned ones and this one left out) */
  platformLastHour: bigint;
  /** the platform's hourly limit of the currency (ledger units) */
  platformHourlyLimit: bigint;
}

/**
 * Why an operator must look at this withdrawal before it is sent; none: it goes out at once. Every
 * window is half-open: something `window` ms old or older is outside it.
 */
export function withdrawReviewReasons(rule: WithdrawRule, facts: ReviewFacts): ReviewReasonType[] {
  const reasons: ReviewReasonType[] = [];
  const reviewAbove = toUnits(rule.reviewAbove);
  if (facts.amount > reviewAbove) reasons.push('amount');
  // split into several below the threshold, the day's total still counts
  else if (facts.withdrawnLastDay + facts.amount > reviewAbove) reasons.push('dailyTotal');
  if (facts.now < facts.addressCreatedAt + facts.addressDelayMs) reasons.push('newAddress');
  if (facts.payPasswordChangedAt !== null && facts.now < facts.payPasswordChangedAt + SECURITY_CHANGE_REVIEW_HOURS * 3600_000) reasons.push('securityChange');
  // money that came in (or was converted into the currency) and leaves again within a day
  if (facts.inflowLastDay >= facts.amount) reasons.push('afterInflow');
  if (facts.firstWithdrawal) reasons.push('firstWithdrawal');
  if (facts.now < facts.sessionStartedAt + NEW_SESSION_REVIEW_MINUTES * 60_000) reasons.push('newSession');
  if (facts.platformLastHour + facts.amount > facts.platformHourlyLimit) reasons.push('platformLimit');
  return reasons;
}

/**
 * The checksummed form of an address typed for `network` (every withdrawal network is an EVM
 * chain: 0x and 40 hex digits), or a refusal: anything else (a Tron, Bitcoin or Filecoin address,
 * a typo) is not an address of this network; mixed case that fails EIP-55 is a checksum error (a
 * copy error the checksum exists to catch). All lower or all upper case carries no checksum and
 * is the same address: its checksummed form is returned.
 */
export function checksumWithdrawAddress(network: string, text: string): { address: string } | { refusal: WithdrawRefusal } {
  const wanted = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(wanted) || /^0x0{40}$/.test(wanted)) return { refusal: refuse('BUSINESS_RULE', 'withdraw.wrongNetwork', { network }) };
  try {
    return { address: getAddress(wanted) };
  } catch {
    return { refusal: refuse('BUSINESS_RULE', 'withdraw.badChecksum', { network }) };
  }
}

/** confirmations a withdrawal needs before it completes: the network's deposit rule */
export function confirmationsNeeded(network: string): number {
  return Math.max(1, ...DEPOSIT_NETWORKS.filter((rule) => rule.network === network).map((rule) => rule.confirmations));
}
