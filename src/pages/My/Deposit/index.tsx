/** /my/deposit: the user's deposit address per network (QR code and copy), limits, and deposit records. */
import { Card, Descriptions, Flex, QRCode, Segmented, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import AsyncContent from '@/components/AsyncContent';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import RecordRow, { RecordNote } from '../components/RecordRow';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';

export default function MyDepositPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const { data, loading, error, refresh } = useRequest(() => accountApi.recharge({ page: 1, pageSize: 1 }), { ready });
  const networks = data?.networks ?? [];
  const [selected, setSelected] = useState(0);
  const network = networks[selected] ?? networks[0];

  return (
    <>
      <AsyncContent loading={loading} error={error} onRetry={refresh} empty={networks.length === 0} rows={6}>
        {network && (
          <Card size="small" style={{ marginBottom: 16 }}>
            <Segmented
              block
              value={selected}
              onChange={(value) => setSelected(Number(value))}
              options={networks.map((item, index) => ({ value: index, label: `${item.currency} · ${item.network}` }))}
            />
            <Flex vertical align="center" gap={12} style={{ marginTop: 16 }}>
              <QRCode value={network.address} size={180} />
              <Typography.Paragraph copyable code style={{ wordBreak: 'break-all', textAlign: 'center', marginBottom: 0 }}>
                {network.address}
              </Typography.Paragraph>
            </Flex>
            <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
              <Descriptions.Item label={t('deposit.minDeposit')}>
                <Money value={network.minDeposit} currency={network.currency} />
              </Descriptions.Item>
              <Descriptions.Item label={t('deposit.confirmations')}>{network.confirmations}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="warning" style={{ marginBottom: 0 }}>
              {t('deposit.warning', { currency: network.currency, network: network.network })}
            </Typography.Paragraph>
          </Card>
        )}
      </AsyncContent>
      <Typography.Title level={5}>{t('deposit.records')}</Typography.Title>
      {ready && (
        <InfiniteList
          fetchPage={async (query) => (await accountApi.recharge(query)).records}
          rowKey={(record) => record.id}
          renderItem={(record) => (
            <RecordRow
              title={<Typography.Text strong>{`${record.currency} · ${record.network}`}</Typography.Text>}
              detail={
                <RecordNote copyable={{ text: record.txHash }} ellipsis style={{ maxWidth: 220 }}>
                  {record.txHash}
                </RecordNote>
              }
              amounts={
                <>
                  <Money value={record.amount} currency={record.currency} signed />
                  <RecordNote>{record.createdAt}</RecordNote>
                </>
              }
            />
          )}
        />
      )}
    </>
  );
}
