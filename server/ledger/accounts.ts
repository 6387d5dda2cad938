/**
 * Who owns a ledger account: a user, or one of the system accounts that are the counterpart of
 * money entering, leaving or changing form. System accounts may go negative (e.g. `deposits`
 * holds minus everything ever deposited); user accounts never do.
 */
export const SYSTEM_ACCOUNTS = ['deposits', 'fees', 'exchange', 'product_sales', 'payouts', 'mall', 'commission', 'withdrawals'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountOwner = { userId: bigint } | { system: SystemAccount };

export function userOwner(userId: bigint): AccountOwner {
  return { userId };
}

export function systemOwner(system: SystemAccount): AccountOwner {
  return { system };
}

/** The `owner` column: "u<id>" or "sys:<name>". */
export function ownerKey(owner: AccountOwner): string {
  return 'userId' in owner ? `u${owner.userId}` : `sys:${owner.system}`;
}

export function ownerUserId(owner: AccountOwner): bigint | null {
  return 'userId' in owner ? owner.userId : null;
}
