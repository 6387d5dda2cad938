/** /my/deposit: the user's deposit address per network (QR code and copy), limits, and deposit records. */
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import AsyncContent from '@/components/AsyncContent';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import ScanCode from '@/components/ScanCode';
import RecordRow, { RecordNote } from '../components/RecordRow';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';

/** `0xabababab…abababab`: a transaction hash shortened for a row (the copy button copies all of it). */
function shortHash(hash: string): string {
  return hash.length > 22 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

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
            {/* whole labels, wrapping onto a second row rather than cut ("USDT · ER…") */}
            <Flex wrap gap={8} role="group" aria-label={t('deposit.network')} data-testid="deposit-networks">
              {networks.map((item, index) => (
                <Button
                  key={`${item.currency}-${item.network}`}
                  type={index === selected ? 'primary' : 'default'}
                  aria-pressed={index === selected}
                  style={{ flex: '1 1 auto', height: 44 }}
                  onClick={() => setSelected(index)}
                >
                  {`${item.currency} · ${item.network}`}
                </Button>
              ))}
            </Flex>
            <Flex vertical align="center" gap={12} style={{ marginTop: 16 }}>
              <ScanCode value={network.address} label={t('deposit.qrLabel', { network: network.network })} size={180} data-testid="deposit-qr" />
              <Flex align="center" gap={4} style={{ width: '100%' }}>
                <Typography.Text
                  code
                  data-testid="deposit-address"
                  style={{ flex: 1, minWidth: 0, wordBreak: 'break-all', textAlign: 'center', whiteSpace: 'normal' }}
                >
                  {network.address}
                </Typography.Text>
                <Typography.Text copyable={{ text: network.address }} />
              </Flex>
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
                <RecordNote copyable={{ text: record.txHash }} data-testid="deposit-tx">
                  {shortHash(record.txHash)}
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
