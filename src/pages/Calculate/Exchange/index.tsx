/** /calculate/exchange: mined coin available to exchange into USDT, and past exchanges. */
import { Typography } from 'antd';
import FieldList from '@/components/FieldList';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import PowerHoldings from '@/components/PowerHoldings';
import SectionTabs from '@/components/SectionTabs';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';

export default function CalculateExchangePage() {
  const t = useT();
  const ready = !!useCurrentUser();
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <PowerHoldings />
      <Typography.Title level={5}>{t('calculate.exchange.records')}</Typography.Title>
      {ready && (
        <InfiniteList
          fetchPage={accountApi.exchange}
          rowKey={(record) => record.id}
          renderItem={(record) => (
            <FieldList
              title={record.createdAt}
              fields={[
                [t('calculate.exchange.amount'), <Money value={record.amount} currency={record.coin} />],
                [t('calculate.exchange.rate'), record.rate],
                [t('common.fee'), <Money value={record.fee} />],
                [t('calculate.exchange.received'), <Money value={record.received} currency="USDT" strong />],
              ]}
            />
          )}
        />
      )}
    </>
  );
}
