/**
 * What a deposit seen on chain (chain_deposits.status) can be: `review` when it had its
 * confirmations but is above DEPOSIT_REVIEW_ABOVE (an operator approves it, then it is credited,
 * or rejects it: `rejected`, nothing credited).
 */
export const CHAIN_DEPOSIT_STATUSES = ['confirming', 'credited', 'below_minimum', 'dropped', 'review', 'rejected'] as const;
export type ChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];

/** the log index of a native-coin deposit: it has no log, its transaction's value is the deposit */
export const NATIVE_LOG_INDEX = -1n;

/** deposits.operator of what the watcher credited */
export const WATCHER_OPERATOR = 'watcher';
