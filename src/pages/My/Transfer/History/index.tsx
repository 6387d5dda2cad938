/** /my/transfer/history: transfers sent and received, with status, counterparty, amount, fee and time. */
import { Tag, Typography } from 'antd';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import RecordRow, { RecordNote } from '../../components/RecordRow';
import StatusTag from '@/components/StatusTag';
import { shortAddress } from '@/components/shortAddress';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';

export default function MyTransferHistoryPage() {
  const t = useT();
  if (!useCurrentUser()) return null;
  return (
    <InfiniteList
      fetchPage={accountApi.transfers}
      rowKey={(record) => record.id}
      renderItem={(record) => (
        <RecordRow
          title={
            <>
              <Tag color={record.direction === 'in' ? 'green' : 'orange'}>{t(`transfer.direction.${record.direction}`)}</Tag>
              <StatusTag prefix="transfer.status" status={record.status} />
              <Typography.Text>UID {record.counterpartyUid}</Typography.Text>{' '}
              <RecordNote copyable={{ text: record.counterpartyAddress }}>{shortAddress(record.counterpartyAddress)}</RecordNote>
            </>
          }
          detail={<RecordNote>{record.createdAt}</RecordNote>}
          amounts={
            <>
              <Money value={record.direction === 'in' ? record.amount : `-${record.amount}`} currency={record.currency} signed />
              {record.direction === 'out' && (
                <RecordNote>
                  {t('common.fee')} <Money value={record.fee} currency={record.currency} style={{ fontSize: 12 }} />
                </RecordNote>
              )}
            </>
          }
        />
      )}
    />
  );
}
