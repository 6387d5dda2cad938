/**
 * A withdrawal's postings (server/ledger/post.ts):
 * - freeze (at the request, `withdraw:<id>:freeze`): amount + fee from the user's available to
 *   their frozen bucket; `post` refuses a balance below zero, so it can never go negative;
 * - then exactly one release of that frozen money, `withdraw:<id>:release`, either
 *   - return (rejected, cancelled, failed): the frozen amount + fee back to available, or
 *   - settle (the transfer confirmed on chain): amount from frozen to the system account
 *     `withdrawals` (the money that left), fee to `fees`.
 *   Both take the same reference, so the ledger's unique reference refuses a second release
 *   (409) even where a status check was slipped and the user's other withdrawals keep enough
 *   frozen for it to go through. Which step it was is in the entries' types and the audit log.
 */
import { systemOwner, userOwner } from '../ledger/accounts';
import { post, type LedgerLine, type Trx } from '../ledger/post';
import type { WithdrawalRow } from './view';

type Row = Pick<WithdrawalRow, 'id' | 'user_id' | 'currency' | 'amount' | 'fee'>;

export async function postFreeze(trx: Trx, row: Row, now: number): Promise<void> {
  const total = row.amount + row.fee;
  const remark = `withdraw:${row.id}`;
  await post(trx, {
    ref: `withdraw:${row.id}:freeze`,
    now,
    lines: [
      { owner: userOwner(row.user_id), currency: row.currency, amount: -total, type: 'withdraw', remark },
      { owner: userOwner(row.user_id), currency: row.currency, amount: total, bucket: 'frozen', type: 'withdraw', remark },
    ],
  });
}

const releaseRef = (row: Row) => `withdraw:${row.id}:release`;

/** the frozen amount + fee back to available (the withdrawal was rejected, cancelled or failed) */
export async function postReturn(trx: Trx, row: Row, now: number): Promise<void> {
  const total = row.amount + row.fee;
  const remark = `withdraw:${row.id}`;
  await post(trx, {
    ref: releaseRef(row),
    now,
    lines: [
      { owner: userOwner(row.user_id), currency: row.currency, amount: -total, bucket: 'frozen', type: 'withdraw_refund', remark },
      { owner: userOwner(row.user_id), currency: row.currency, amount: total, type: 'withdraw_refund', remark },
    ],
  });
}

export async function postSettle(trx: Trx, row: Row, txHash: string, now: number): Promise<void> {
  const lines: LedgerLine[] = [
    { owner: userOwner(row.user_id), currency: row.currency, amount: -(row.amount + row.fee), bucket: 'frozen', type: 'withdraw', remark: txHash },
    { owner: systemOwner('withdrawals'), currency: row.currency, amount: row.amount, type: 'withdraw', remark: `withdraw:${row.id}` },
  ];
  if (row.fee > 0n) lines.push({ owner: systemOwner('fees'), currency: row.currency, amount: row.fee, type: 'withdraw_fee', remark: `withdraw:${row.id}` });
  await post(trx, { ref: releaseRef(row), now, lines });
}
