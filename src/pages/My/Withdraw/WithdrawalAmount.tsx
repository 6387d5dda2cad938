/**
 * What a withdrawal took from the balance, the same on the history, /my/records and its detail:
 * amount + fee as a debit (−105 USDT, "含手续费 5") while it stands; once it was returned
 * (rejected, cancelled, failed) the same total in grey with 已退回, since nothing left the balance.
 */
import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { fromUnits, toUnits } from '../../../../contract/rules/money';
import type { WithdrawalStatusType, WithdrawalType } from '../../../../contract/withdraw';
import Money from '@/components/Money';
import { useT } from '@/hooks/useT';
import { RecordNote } from '../components/RecordRow';

/** statuses whose amount and fee went back to the available balance */
export const RETURNED_STATUSES = new Set<WithdrawalStatusType>(['rejected', 'cancelled', 'failed']);

export const isReturned = (status: WithdrawalStatusType) => RETURNED_STATUSES.has(status);

/** amount + fee: what the request froze and what leaves the balance */
export function withdrawalTotal(withdrawal: Pick<WithdrawalType, 'amount' | 'fee'>): string {
  return fromUnits(toUnits(withdrawal.amount) + toUnits(withdrawal.fee));
}

/** The total as a debit, or as returned; `total` overrides it (a ledger entry's own figure). */
export function ReturnedOrDebit({ status, total, currency, style }: { status: WithdrawalStatusType; total: string; currency: string; style?: CSSProperties }) {
  const t = useT();
  const unsigned = total.replace(/^-/, '');
  if (isReturned(status)) {
    return (
      <span data-testid="withdrawal-returned">
        <Money value={unsigned} currency={currency} style={style} /> <Tag style={{ marginInlineEnd: 0 }}>{t('withdraw.returned')}</Tag>
      </span>
    );
  }
  return <Money value={`-${unsigned}`} currency={currency} signed style={style} />;
}

interface Props {
  withdrawal: Pick<WithdrawalType, 'amount' | 'fee' | 'currency' | 'status'>;
  showFee?: boolean;
  /** the figure's style (the detail view shows it large) */
  style?: CSSProperties;
}

export default function WithdrawalAmount({ withdrawal, showFee = true, style }: Props) {
  const t = useT();
  return (
    <>
      <ReturnedOrDebit status={withdrawal.status} total={withdrawalTotal(withdrawal)} currency={withdrawal.currency} style={style} />
      {showFee && <RecordNote>{t('withdraw.feeIncluded', { fee: withdrawal.fee })}</RecordNote>}
    </>
  );
}
