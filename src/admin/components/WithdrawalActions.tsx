/**
 * Approve / reject of a withdrawal in review, each with the reviewer's fresh wallet signature.
 * Above the second-approval line the first approval only records itself (待第二人复核); a
 * different reviewer's approve then confirms it and the withdrawal goes out. The first reviewer
 * cannot approve twice (the server refuses it too).
 */
import { useIntl } from '@umijs/max';
import { Alert, Space } from 'antd';
import type { AdminWithdrawalType } from '../../../contract/admin/money';
import { moneyApi } from '../services';
import { useAdmin, useCan } from '../context';
import ActionForm from './ActionForm';

export function awaitingSecond(withdrawal: AdminWithdrawalType): boolean {
  return withdrawal.status === 'review' && withdrawal.pendingApprovalId !== null;
}

export default function WithdrawalActions({ withdrawal, onDone }: { withdrawal: AdminWithdrawalType; onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { me } = useAdmin();
  const canReview = useCan('withdrawals.review');
  if (!canReview || withdrawal.status !== 'review') return null;

  const approvedByMe = awaitingSecond(withdrawal) && withdrawal.firstApprover?.toLowerCase() === me.operator.address.toLowerCase();
  let approveHint: React.ReactNode = t('admin.withdrawals.approveHint');
  if (awaitingSecond(withdrawal)) {
    approveHint = <Alert type="info" showIcon message={t('admin.withdrawals.confirmSecondHint', { first: withdrawal.firstApprover ?? '' })} />;
  } else if (withdrawal.needsSecondApproval) {
    approveHint = <Alert type="warning" showIcon message={t('admin.withdrawals.firstOfTwoHint')} />;
  }
  const summary = `#${withdrawal.id} · ${withdrawal.amount} ${withdrawal.currency} (${withdrawal.network})`;

  return (
    <Space size={4} wrap>
      <ActionForm
        testId={`admin-withdrawal-approve-${withdrawal.id}`}
        label={awaitingSecond(withdrawal) ? t('admin.withdrawals.confirmSecond') : t('admin.action.approve')}
        title={`${t('admin.withdrawals.approveTitle')} ${summary}`}
        description={approveHint}
        reason={false}
        disabled={approvedByMe}
        buttonProps={{ type: 'primary', title: approvedByMe ? t('admin.withdrawals.approvedByYou') : undefined }}
        stepUp={{ action: 'withdraw.approve', target: withdrawal.id }}
        onSubmit={(_values, proof) => moneyApi.approveWithdrawal(withdrawal.id, { proof: proof! })}
        successText={(result) => t(result.outcome === 'awaitingSecond' ? 'admin.withdrawals.awaitingSecondDone' : 'admin.withdrawals.approvedDone')}
        onDone={onDone}
      />
      <ActionForm
        testId={`admin-withdrawal-reject-${withdrawal.id}`}
        label={t('admin.action.reject')}
        title={`${t('admin.withdrawals.rejectTitle')} ${summary}`}
        description={t('admin.withdrawals.rejectHint')}
        buttonProps={{ danger: true }}
        stepUp={{ action: 'withdraw.reject', target: withdrawal.id }}
        onSubmit={(values, proof) => moneyApi.rejectWithdrawal(withdrawal.id, { proof: proof!, reason: values.reason })}
        onDone={onDone}
      />
    </Space>
  );
}
