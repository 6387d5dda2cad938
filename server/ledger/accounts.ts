/**
 * Who owns a ledger account: a user, or one of the system accounts that are the counterpart of
 * money entering, leaving or changing form. System accounts may go negative (e.g. `deposits`
 * holds minus everything ever deposited); user accounts never do.
 */
export const SYSTEM_ACCOUNTS = ['deposits', 'fees', 'exchange', 'product_sales', 'payouts', 'mall', 'commission', 'withdrawals'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/**
 * Each system account is spread over this many rows, `sys:fees` (shard 0), `sys:fees#1` …
 * `sys:fees#7`, so that concurrent money transactions do not all queue on one row lock
 * (every fee-bearing transfer locked the one `sys:fees` row). `post` picks a transaction's shard;
 * a system account's balance is the sum of its shards (`systemBalance`, ledger:check).
 */
export const SYSTEM_SHARDS = 8;

export type AccountOwner = { userId: bigint } | { system: SystemAccount; shard?: number };

export function userOwner(userId: bigint): AccountOwner {
  return { userId };
}

export function systemOwner(system: SystemAccount): AccountOwner {
  return { system };
}

/** The `owner` column: "u<id>", or "sys:<name>" (shard 0) and "sys:<name>#<shard>". */
export function ownerKey(owner: AccountOwner): string {
  if ('userId' in owner) return `u${owner.userId}`;
  return owner.shard ? `sys:${owner.system}#${owner.shard}` : `sys:${owner.system}`;
}

/** every owner key of a system account: its shards' rows */
export function systemOwnerKeys(system: SystemAccount): string[] {
  return Array.from({ length: SYSTEM_SHARDS }, (_, shard) => ownerKey({ system, shard }));
}

/** "sys:fees#3" → "fees"; a user's key → null */
export function systemAccountOf(owner: string): string | null {
  return /^sys:([^#]+)(#[0-9]+)?$/.exec(owner)?.[1] ?? null;
}

export function ownerUserId(owner: AccountOwner): bigint | null {
  return 'userId' in owner ? owner.userId : null;
}
