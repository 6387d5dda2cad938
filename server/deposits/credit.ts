/**
 * Crediting a confirmed deposit, exactly once, through the same posting as `ops deposit:credit`
 * (server/deposits/creditByHand.ts `postDepositCredit`). In one money transaction: the tx hash's lock
 * (shared with the ops command), then the deposit's status moves from confirming to credited only
 * if it is still confirming at the block it was confirmed at (a second watcher, or a reorg seen
 * meanwhile, makes that update touch no row: nothing is posted), then the posting. A transaction
 * an operator already credited by hand is not credited again: the row is marked credited with the
 * operator's deposit. A deposit held for review is credited the same way when an operator approves
 * it (review.ts), from `review` instead of `confirming`.
 */
import type { Db } from '../db';
import { lockDepositTransaction, postDepositCredit } from './creditByHand';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import type { Trx } from '../ledger/post';
import { WATCHER_OPERATOR } from './status';
import type { ChainDepositRow } from './store';

export type CreditOutcome = 'credited' | 'creditedByHand' | 'notConfirming';

export interface CreditBy {
  /** the status the deposit is credited from: the watcher's `confirming`, an operator's approval of `review` */
  from: 'confirming' | 'review';
  /** deposits.operator: the watcher, or the operator who approved it */
  operator: string;
}

const BY_WATCHER: CreditBy = { from: 'confirming', operator: WATCHER_OPERATOR };

export async function creditChainDeposit(db: Db, row: ChainDepositRow, now: number, by: CreditBy = BY_WATCHER): Promise<CreditOutcome> {
  return runMoneyTransaction(db, async (trx) => {
    await lockDepositTransaction(trx, row.network, row.tx_hash);
    const claimed = await trx
      .updateTable('chain_deposits')
      .set({ status: 'credited', credited_at: BigInt(now), updated_at: BigInt(now), ...(by.from === 'review' ? { operator: by.operator } : {}) })
      .where('id', '=', row.id)
      .where('status', '=', by.from)
      .where('block_hash', '=', row.block_hash)
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return 'notConfirming';
    const { byHand } = await creditClaimedRow(trx, row, by, now);
    return byHand ? 'creditedByHand' : 'credited';
  });
}

/**
 * Credits a chain row this transaction just claimed (moved to credited from `by.from`) and links it
 * to its deposit: the operator's own credit of the transaction by hand, or a new posting.
 */
export async function creditClaimedRow(trx: Trx, row: ChainDepositRow, by: CreditBy, now: number): Promise<{ depositId: bigint; byHand: boolean }> {
  const byHand = await trx
    .selectFrom('deposits')
    .select('id')
    .where('network', '=', row.network)
    .where('tx_hash', '=', row.tx_hash)
    .where('source', '=', 'ops')
    .executeTakeFirst();
  const depositId = byHand?.id ?? (await postNewCredit(trx, row, by, now));
  await trx.updateTable('chain_deposits').set({ deposit_id: depositId }).where('id', '=', row.id).execute();
  return { depositId, byHand: byHand !== undefined };
}

async function postNewCredit(trx: Trx, row: ChainDepositRow, by: CreditBy, now: number): Promise<bigint> {
  const user = await trx.selectFrom('users').select('uid').where('id', '=', row.user_id).executeTakeFirstOrThrow();
  const depositId = await postDepositCredit(trx, {
    userId: row.user_id, uid: user.uid, network: row.network, currency: row.currency, amount: row.amount, txHash: row.tx_hash,
    logIndex: row.log_index, source: 'watcher', operator: by.operator, now,
  });
  if (depositId === null) throw new Error(`deposit ${row.network} ${row.tx_hash} log ${row.log_index} is credited already, yet its chain row was ${by.from}`);
  return depositId;
}
