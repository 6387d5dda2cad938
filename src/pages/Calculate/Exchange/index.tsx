/** /calculate/exchange: mined coin available to exchange into USDT, and past exchanges. */
import { Descriptions, Typography } from 'antd';
import { useRequest } from 'ahooks';
import AsyncContent from '@/components/AsyncContent';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import PowerCoinList from '@/components/PowerCoinList';
import SectionTabs from '@/components/SectionTabs';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';

export default function CalculateExchangePage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const power = useRequest(() => accountApi.powerDetail(), { ready });
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <AsyncContent
        loading={power.loading}
        error={power.error}
        onRetry={power.refresh}
        empty={!power.data?.coins.length}
        emptyText={t('calculate.assets.noPower')}
      >
        <PowerCoinList coins={power.data?.coins ?? []} />
      </AsyncContent>
      <Typography.Title level={5}>{t('calculate.exchange.records')}</Typography.Title>
      {ready && (
        <InfiniteList
          fetchPage={accountApi.exchange}
          rowKey={(record) => record.id}
          renderItem={(record) => (
            <Descriptions size="small" column={{ xs: 1, sm: 3 }} title={record.createdAt} style={{ width: '100%' }}>
              <Descriptions.Item label={t('calculate.exchange.amount')}>
                <Money value={record.amount} currency={record.coin} />
              </Descriptions.Item>
              <Descriptions.Item label={t('calculate.exchange.rate')}>{record.rate}</Descriptions.Item>
              <Descriptions.Item label={t('common.fee')}>
                <Money value={record.fee} />
              </Descriptions.Item>
              <Descriptions.Item label={t('calculate.exchange.received')}>
                <Money value={record.received} currency="USDT" strong />
              </Descriptions.Item>
            </Descriptions>
          )}
        />
      )}
    </>
  );
}
