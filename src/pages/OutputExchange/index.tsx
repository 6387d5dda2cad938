/**
 * /calculate/exchange (产出兑换): mined coin per coin, exchanging it to USDT (ExchangeSheet), and past
 * exchanges. Only mining output is spent here; held coin (deposited, received) is converted on
 * /my/assets (币币兑换), which the notice on top links to.
 */
import { SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import AsyncContent from '@/components/AsyncContent';
import FieldList from '@/components/FieldList';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import PowerCoinList from '@/components/products/PowerCoinList';
import SectionTabs from '@/components/products/SectionTabs';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';
import ExchangeSheet from './ExchangeSheet';

export default function OutputExchangePage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const power = useRequest(() => accountApi.powerDetail(), { ready });
  const [sheetOpen, setSheetOpen] = useState(false);
  const [exchanges, setExchanges] = useState(0);
  const coins = power.data?.coins ?? [];
  const exchangeable = coins.filter((coin) => coin.exchangeRate !== undefined);
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="exchange-only-output"
        message={t('exchange.onlyOutput')}
        action={
          <Link to="/my/assets?convert=1">
            <Button size="small" type="link" style={{ height: 44 }}>{t('exchange.goConvert')}</Button>
          </Link>
        }
      />
      <Button type="primary" block size="large" icon={<SwapOutlined />} disabled={exchangeable.length === 0} onClick={() => setSheetOpen(true)}>
        {t('exchange.open')}
      </Button>
      <AsyncContent loading={power.loading} error={power.error} onRetry={power.refresh} empty={coins.length === 0} emptyText={t('calculate.assets.noPower')}>
        <PowerCoinList coins={coins} />
      </AsyncContent>
      <ExchangeSheet
        open={sheetOpen}
        coins={exchangeable}
        onClose={() => setSheetOpen(false)}
        onExchanged={() => {
          power.refresh();
          setExchanges((count) => count + 1);
        }}
      />
      <Typography.Title level={5}>{t('calculate.exchange.records')}</Typography.Title>
      {ready && (
        <InfiniteList
          fetchPage={accountApi.exchange}
          reloadDeps={[exchanges]}
          rowKey={(record) => record.id}
          renderItem={(record) => (
            <FieldList
              title={record.createdAt}
              fields={[
                [t('calculate.exchange.amount'), <Money value={record.amount} currency={record.coin} />],
                [t('calculate.exchange.rate'), record.rate],
                [t('common.fee'), <Money value={record.fee} currency="USDT" />],
                [t('calculate.exchange.received'), <Money value={record.received} currency="USDT" strong />],
              ]}
            />
          )}
        />
      )}
    </>
  );
}
