/** Why a withdrawal waits for review, in words (contract/withdraw.ts REVIEW_REASONS): the history and the detail show it. */
import type { WithdrawalType } from '../../../../contract/withdraw';
import { useT } from '@/hooks/useT';
import { RecordNote } from '../components/RecordRow';

export default function ReviewReasons({ withdrawal }: { withdrawal: Pick<WithdrawalType, 'status' | 'reviewReasons'> }) {
  const t = useT();
  if (withdrawal.status !== 'review' || !withdrawal.reviewReasons.length) return null;
  return (
    <RecordNote>
      <span data-testid="withdraw-review-reasons">{withdrawal.reviewReasons.map((reason) => t(`withdraw.reviewReason.${reason}`)).join(' · ')}</span>
    </RecordNote>
  );
}
