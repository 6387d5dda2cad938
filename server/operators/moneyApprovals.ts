/**
 * The four-eyes executors of money actions, run when a second operator confirms (POST
 * /admin/approvals/:id/confirm): a large withdrawal's approval, a credit by hand. Each marks the
 * approval done and does the work in one money transaction.
 */
import type { Db } from '../db';
import {
  assertDepositCreditable, checkDepositCredit, creditDepositIn, depositTxTarget, type CheckedDepositCredit, type CreditDepositInput,
} from '../deposits/creditByHand';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { confirmWithdrawalApproval } from '../withdrawals/review';
import type { OperatorAct } from './actor';
import { completeApproval, requestApproval, type ApprovalExecutor, type ApprovalRow } from './approvals';

/** what a credit by hand's approval carries (payload JSON): the checked credit, amount in ledger units */
export interface DepositCreditPayload {
  uid: string;
  userId: string;
  network: string;
  currency: string;
  /** ledger units, a decimal integer */
  units: string;
  /** the amount as typed, for the console */
  amount: string;
  txHash: string;
}

export function depositCreditPayload(credit: CheckedDepositCredit, amount: string): DepositCreditPayload {
  return { uid: credit.uid, userId: String(credit.userId), network: credit.network, currency: credit.currency, units: String(credit.amount), amount, txHash: credit.txHash };
}

/**
 * A finance operator asks to credit a deposit by hand: checked now (the user, the network and
 * currency, the amount, the tx hash; not credited, held or rejected already), carried out when a
 * second finance operator confirms it. The act's proof is spent with the request.
 */
export async function requestDepositCredit(db: Db, input: CreditDepositInput, act: OperatorAct): Promise<ApprovalRow> {
  const credit = await checkDepositCredit(db, input);
  await assertDepositCreditable(db, credit);
  return runMoneyTransaction(db, (trx) =>
    requestApproval(trx, act, { action: 'deposit.credit', target: depositTxTarget(credit.network, credit.txHash), payload: { ...depositCreditPayload(credit, input.amount) } }),
  );
}

function creditOfApproval(approval: ApprovalRow): CheckedDepositCredit {
  const payload = JSON.parse(approval.payload) as DepositCreditPayload;
  return {
    uid: payload.uid, userId: BigInt(payload.userId), network: payload.network, currency: payload.currency, amount: BigInt(payload.units), txHash: payload.txHash,
  };
}

export const MONEY_APPROVAL_EXECUTORS: Record<'withdraw.approve' | 'deposit.credit', ApprovalExecutor> = {
  'withdraw.approve': async (db, approval, act) => {
    await confirmWithdrawalApproval(db, approval, act);
  },
  'deposit.credit': async (db, approval, act) => {
    await runMoneyTransaction(db, async (trx) => {
      await completeApproval(trx, approval, act);
      await creditDepositIn(trx, creditOfApproval(approval), act);
    });
  },
};
