/** A withdrawal's status in words (审核中 … 已完成), with n/12 while it confirms: the history and /my/records show it alike. */
import type { WithdrawalType } from '../../../../contract/withdraw';
import StatusTag from '@/components/StatusTag';
import { RecordNote } from '../components/RecordRow';

export default function WithdrawalStatus({ withdrawal }: { withdrawal: Pick<WithdrawalType, 'status' | 'confirmations' | 'confirmationsNeeded'> }) {
  return (
    <>
      <StatusTag prefix="withdraw.status" status={withdrawal.status} />
      {withdrawal.status === 'confirming' && <RecordNote>{`${withdrawal.confirmations}/${withdrawal.confirmationsNeeded}`}</RecordNote>}
    </>
  );
}
