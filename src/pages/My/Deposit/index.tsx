/**
 * /my/deposit: the user's deposit address per network (QR code and copy), limits, the available
 * balance, and deposit records: a deposit seen on chain shows as 确认中 n/12 and moves on by itself
 * (liveDeposits.tsx polls), the list and the balance reload when a record changes.
 */
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import AsyncContent from '@/components/AsyncContent';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import ScanCode from '@/components/ScanCode';
import RecordRow, { RecordNote } from '../components/RecordRow';
import { shortHash } from '@/components/shortAddress';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';
import { DepositStatusTag, useLiveDeposits } from './liveDeposits';

/**
 * An address in two halves that break only between them: a narrow screen shows two even lines,
 * never one character alone on the last.
 */
function AddressHalves({ address }: { address: string }) {
  const middle = Math.ceil(address.length / 2);
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{address.slice(0, middle)}</span>
      <wbr />
      <span style={{ whiteSpace: 'nowrap' }}>{address.slice(middle)}</span>
    </>
  );
}

export default function MyDepositPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const { data, loading, error, refresh, changes } = useLiveDeposits(ready, { whileIdle: true });
  const networks = data?.networks ?? [];
  const [selected, setSelected] = useState(0);
  const network = networks[selected] ?? networks[0];
  const currency = network?.currency;
  const balance = useRequest(() => accountApi.account({ currency }), { ready: ready && !!currency, refreshDeps: [currency, changes] });
  const available = balance.data?.balances.find((b) => b.currency === currency)?.available;

  return (
    <>
      <AsyncContent loading={loading && !data} error={!data && error} onRetry={refresh} empty={networks.length === 0} rows={6}>
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
                  style={{ flex: 1, minWidth: 0, textAlign: 'center', whiteSpace: 'normal' }}
                >
                  <AddressHalves address={network.address} />
                </Typography.Text>
                <Typography.Text copyable={{ text: network.address }} />
              </Flex>
            </Flex>
            <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
              <Descriptions.Item label={t('deposit.minDeposit')}>
                <Money value={network.minDeposit} currency={network.currency} />
              </Descriptions.Item>
              <Descriptions.Item label={t('deposit.confirmations')}>{network.confirmations}</Descriptions.Item>
              <Descriptions.Item label={t('deposit.available')}>
                <span data-testid="deposit-balance">{available !== undefined && <Money value={available} currency={network.currency} />}</span>
              </Descriptions.Item>
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
          reloadDeps={[changes]}
          // a credited record and a seen one may share an id (two tables)
          rowKey={(record) => `${record.status}-${record.id}`}
          renderItem={(record) => (
            <RecordRow
              data-testid="deposit-record"
              title={
                <Flex wrap align="center" gap={4}>
                  <Typography.Text strong>{`${record.currency} · ${record.network}`}</Typography.Text>
                  <DepositStatusTag record={record} />
                </Flex>
              }
              detail={
                <RecordNote copyable={{ text: record.txHash }} data-testid="deposit-tx">
                  {shortHash(record.txHash)}
                </RecordNote>
              }
              amounts={
                <>
                  {/* signed (+) once it is in the balance */}
                  <Money value={record.amount} currency={record.currency} signed={record.status === 'credited'} />
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
