/**
 * THE withdrawal rule table (issue 17), for the server, the mocks and the app alike: per currency
 * and network the least and most one withdrawal may send, its flat fee (paid on top, like a
 * transfer's), the per-user limit over any 24 hours, the amount above which an operator reviews
 * it, and the decimals the currency has on that network. Amounts are decimal strings; the server's
 * bigint view is server/withdrawals/rules.ts. The new-address delay is here too (default 24 h;
 * the server reads WITHDRAW_ADDRESS_DELAY_HOURS, server/config.ts).
 */

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

/**
 * The SIWE statement the wallet signs to authorise exactly one withdrawal (purpose 'withdraw'):
 * the amount as sent in the request, the currency, the network and the checksummed address.
 */
export function withdrawStatement(w: { amount: string; currency: string; network: string; address: string }): string {
  return `Withdraw ${w.amount} ${w.currency} on ${w.network} to ${w.address} from PowerFi`;
}

/** The SIWE statement that makes a newly added address usable at once (purpose 'withdrawAddress.add'). */
export function withdrawAddressStatement(a: { network: string; address: string }): string {
  return `Add withdrawal address ${a.address} on ${a.network} to PowerFi`;
}
