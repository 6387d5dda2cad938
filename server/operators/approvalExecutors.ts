/** What confirming each four-eyes action carries out (POST /admin/approvals/:id/confirm). */
import type { FourEyesAction, OperatorRole } from '../../contract/rules/operators';
import { completeApproval, type ApprovalExecutor } from './approvals';
import { MONEY_APPROVAL_EXECUTORS } from './moneyApprovals';
import { addOperator, updateOperator } from './operators';

const OPERATOR_APPROVAL_EXECUTORS: Record<'operator.add' | 'operator.update', ApprovalExecutor> = {
  'operator.add': (db, approval, act) =>
    db.transaction().execute(async (trx) => {
      await completeApproval(trx, approval, act);
      const payload = JSON.parse(approval.payload) as { address: string; role: OperatorRole };
      await addOperator(trx, payload, act);
    }),
  'operator.update': (db, approval, act) =>
    db.transaction().execute(async (trx) => {
      await completeApproval(trx, approval, act);
      const payload = JSON.parse(approval.payload) as { id: string; role?: OperatorRole; enabled?: boolean };
      await updateOperator(trx, BigInt(payload.id), { role: payload.role, enabled: payload.enabled }, act);
    }),
};

export const APPROVAL_EXECUTORS: Record<FourEyesAction, ApprovalExecutor> = { ...MONEY_APPROVAL_EXECUTORS, ...OPERATOR_APPROVAL_EXECUTORS };
