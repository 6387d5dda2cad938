/** /my/transfer/history: transfers sent and received, with status, counterparty, amount, fee and time. */
import { Flex, Tag, Typography } from 'antd';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
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
        <Flex justify="space-between" align="center" style={{ width: '100%' }} gap={8}>
          <div style={{ minWidth: 0 }}>
            <Tag color={record.direction === 'in' ? 'green' : 'orange'}>{t(`transfer.direction.${record.direction}`)}</Tag>
            <StatusTag prefix="transfer.status" status={record.status} />
            <Typography.Text>UID {record.counterpartyUid}</Typography.Text>{' '}
            <Typography.Text type="secondary" copyable={{ text: record.counterpartyAddress }} style={{ fontSize: 12 }}>
              {shortAddress(record.counterpartyAddress)}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {record.createdAt}
            </Typography.Text>
          </div>
          <Flex vertical align="end">
            <Money value={record.direction === 'in' ? record.amount : `-${record.amount}`} currency={record.currency} signed />
            {record.direction === 'out' && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('common.fee')} <Money value={record.fee} currency={record.currency} style={{ fontSize: 12 }} />
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      )}
    />
  );
}
