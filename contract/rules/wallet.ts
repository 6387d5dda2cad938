/**
 * THE wallet rule tables, for the server and the mocks alike: which currencies the assets page
 * always lists, transfer fees and minimums, conversion pairs with their fee, limits and quote
 * lifetime, the power exchange's fee and minimums, and the deposit networks. Amounts are decimal
 * strings (rates are percent: "0.2" = 0.2 %); whoever computes turns them into units with
 * contract/rules/money.ts `toUnits` (the server's bigint views: server/wallet/currencyRules.ts).
 */

import { DEFAULT_CONVERT_QUOTE_TTL_SECONDS } from './prices';

/** listed on the assets page even at zero */
export const WALLET_CURRENCIES = ['USDT', 'BTC', 'ETH', 'FIL'] as const;

export interface TransferRule {
  /** flat fee, paid by the sender on top of the amount */
  fee: string;
  /** the least one transfer may send */
  minAmount: string;
}

/** the currencies users may send each other, in the order the transfer page lists them */
export const TRANSFER_RULES: Readonly<Record<string, TransferRule>> = {
  USDT: { fee: '1', minAmount: '10' },
  BTC: { fee: '0.00002', minAmount: '0.0002' },
  ETH: { fee: '0.0005', minAmount: '0.005' },
  FIL: { fee: '0.05', minAmount: '1' },
};

/** percent of the converted amount, taken in the currency received */
export const CONVERT_FEE_RATE = '0.2';
/** how long a conversion quote may be accepted, by default (the server reads CONVERT_QUOTE_TTL_SECONDS) */
export const QUOTE_TTL_MS = DEFAULT_CONVERT_QUOTE_TTL_SECONDS * 1000;

export interface ConvertLimit {
  minAmount: string;
  maxAmount: string;
}

/** how much of a currency one conversion may spend */
export const CONVERT_LIMITS: Readonly<Record<string, ConvertLimit>> = {
  USDT: { minAmount: '10', maxAmount: '100000' },
  BTC: { minAmount: '0.0002', maxAmount: '2' },
  ETH: { minAmount: '0.005', maxAmount: '30' },
  FIL: { minAmount: '2', maxAmount: '20000' },
};

/** every pair converts both ways through USDT */
export const CONVERT_PAIRS: ReadonlyArray<{ from: string; to: string }> = ['BTC', 'ETH', 'FIL'].flatMap((coin) => [
  { from: 'USDT', to: coin },
  { from: coin, to: 'USDT' },
]);

/** percent of the USDT value of mined coin exchanged, taken in USDT */
export const POWER_EXCHANGE_FEE_RATE = '0.5';

/** the smallest amount of each mined coin one power exchange accepts (no entry: not exchangeable) */
export const POWER_EXCHANGE_MINIMUM: Readonly<Record<string, string>> = {
  BTC: '0.00001',
  ETH: '0.0001',
  FIL: '0.01',
};

export interface DepositNetwork {
  network: string;
  currency: string;
  /** the least a deposit must bring to be credited */
  minDeposit: string;
  confirmations: number;
}

/**
 * A deposit above this (per currency) is not credited when it has its confirmations: it waits in
 * review until an operator approves or rejects it (`ops deposit:approve` / `deposit:reject`).
 */
export const DEPOSIT_REVIEW_ABOVE: Readonly<Record<string, string>> = {
  USDT: '50000',
  ETH: '20',
};

/** the networks and currencies deposits are accepted on */
export const DEPOSIT_NETWORKS: readonly DepositNetwork[] = [
  { network: 'ERC20', currency: 'USDT', minDeposit: '10', confirmations: 12 },
  { network: 'BEP20', currency: 'USDT', minDeposit: '1', confirmations: 15 },
  { network: 'ERC20', currency: 'ETH', minDeposit: '0.01', confirmations: 12 },
];
