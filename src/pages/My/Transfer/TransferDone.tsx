/** The result of a transfer that went through: amount, recipient, then 查看记录 or 继续转账. */
import { Button, Result } from 'antd';
import { Link } from '@umijs/max';
import type { TransferRecordType } from '../../../../contract/account';
import { displayAmount } from '../../../../contract/rules/moneyDisplay';
import { shortAddress } from '@/components/shortAddress';
import { useT } from '@/hooks/useT';

interface Props {
  record: TransferRecordType;
  /** whether /my/transfer/history may be opened */
  showRecords: boolean;
  onAgain: () => void;
}

export default function TransferDone({ record, showRecords, onAgain }: Props) {
  const t = useT();
  return (
    <div role="status" data-testid="transfer-done">
      <Result
        status="success"
        title={t('transfer.doneTitle')}
        subTitle={
          <>
            <div>{t('transfer.success', { amount: displayAmount(record.amount), currency: record.currency, uid: record.counterpartyUid })}</div>
            <div>{`${t('transfer.recipientAddress')} ${shortAddress(record.counterpartyAddress)}`}</div>
          </>
        }
        extra={[
          showRecords && (
            <Link key="records" to="/my/transfer/history">
              <Button size="large">{t('transfer.viewRecords')}</Button>
            </Link>
          ),
          <Button key="again" type="primary" size="large" onClick={onAgain}>
            {t('transfer.again')}
          </Button>,
        ]}
        style={{ padding: '24px 0' }}
      />
    </div>
  );
}
