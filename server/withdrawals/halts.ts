/**
 * Networks whose withdrawal signer an operator stopped (the console, or `ops withdraw:halt NETWORK --reason`):
 * a halted signer still finishes what it had started and follows what it sent to the end, but
 * sends nothing new until it is resumed (the console, or `ops withdraw:resume NETWORK`). Requests are still accepted and frozen;
 * they wait in `processing`. For a shortfall, a compromised hot wallet, or a chain in trouble.
 */
import type { Db } from '../db';
import { actorName, recordAct, type OperatorAct } from '../operators/actor';

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

/** the audit log's name of a network */
export const networkTarget = (network: string) => `network:${network}`;

/**
 * true: halted now, audited 'withdraw.halt' with the act's reason; false: it was halted already
 * (the first halt stands, nothing recorded).
 */
export async function haltWithdrawals(db: Db, network: string, act: OperatorAct): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('withdrawal_halts')
      .values({ network, operator: actorName(act.actor), reason: act.reason, halted_at: BigInt(act.now) })
      .onConflict((oc) => oc.column('network').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
    await recordAct(trx, act, { action: 'withdraw.halt', target: networkTarget(network), before: { halted: false }, after: { halted: true } });
    return true;
  });
}

/** true: it was halted, and is not any more (audited 'withdraw.resume'); false: it was not halted */
export async function resumeWithdrawals(db: Db, network: string, act: OperatorAct): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const halt = await trx.selectFrom('withdrawal_halts').selectAll().where('network', '=', network).executeTakeFirst();
    if (!halt) return false;
    const result = await trx.deleteFrom('withdrawal_halts').where('network', '=', network).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await recordAct(trx, act, {
      action: 'withdraw.resume',
      target: networkTarget(network),
      before: { halted: true, operator: halt.operator, reason: halt.reason, haltedAt: Number(halt.halted_at) },
      after: { halted: false },
    });
    return true;
  });
}
