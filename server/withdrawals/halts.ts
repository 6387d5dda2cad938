/**
 * Networks whose withdrawal signer an operator stopped (`ops withdraw:halt NETWORK --reason`):
 * a halted signer still finishes what it had started and follows what it sent to the end, but
 * sends nothing new until `ops withdraw:resume NETWORK`. Requests are still accepted and frozen;
 * they wait in `processing`. For a shortfall, a compromised hot wallet, or a chain in trouble.
 */
import type { Db } from '../db';

export interface WithdrawalHalt {
  network: string;
  operator: string;
  reason: string;
  haltedAt: number;
}

export async function withdrawalHalts(db: Db): Promise<WithdrawalHalt[]> {
  const rows = await db.selectFrom('withdrawal_halts').selectAll().orderBy('network').execute();
  return rows.map((row) => ({ network: row.network, operator: row.operator, reason: row.reason, haltedAt: Number(row.halted_at) }));
}

export async function isWithdrawalHalted(db: Db, network: string): Promise<boolean> {
  return Boolean(await db.selectFrom('withdrawal_halts').select('network').where('network', '=', network).executeTakeFirst());
}

/** true: halted now; false: it was halted already (the first halt stands) */
export async function haltWithdrawals(db: Db, halt: WithdrawalHalt): Promise<boolean> {
  const result = await db
    .insertInto('withdrawal_halts')
    .values({ network: halt.network, operator: halt.operator, reason: halt.reason, halted_at: BigInt(halt.haltedAt) })
    .onConflict((oc) => oc.column('network').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** true: it was halted */
export async function resumeWithdrawals(db: Db, network: string): Promise<boolean> {
  const result = await db.deleteFrom('withdrawal_halts').where('network', '=', network).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
