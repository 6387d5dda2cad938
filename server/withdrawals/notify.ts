/** A withdrawal's move told to its owner, in the transaction of the move. */
import { fromUnits } from '../../contract/rules/money';
import type { Trx } from '../ledger/post';
import { notify } from '../notifications/notifications';
import type { WithdrawalRow } from './view';

export type WithdrawalNotice = 'withdraw.approved' | 'withdraw.sent' | 'withdraw.completed' | 'withdraw.rejected' | 'withdraw.failed';

export async function notifyWithdrawal(trx: Trx, row: Pick<WithdrawalRow, 'id' | 'user_id' | 'currency' | 'amount'>, kind: WithdrawalNotice, now: number): Promise<void> {
  await notify(trx, row.user_id, kind, { withdrawalId: String(row.id), coin: row.currency, amount: fromUnits(row.amount) }, now);
}
