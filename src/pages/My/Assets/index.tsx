/** /my/assets: balances per currency (available, frozen, USDT value) and the total in USDT. */
import { Card, Flex, List, Statistic, Switch, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import AsyncContent from '@/components/AsyncContent';
import Money from '@/components/Money';
import { toUnits } from '@/components/Money/decimal';
import { BASIC_PRODUCT, currencySymbol, findCurrency } from '@/constants/currency';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';

/** Balances worth less than 1 USDT count as small. */
const SMALL_BALANCE_UNITS = toUnits('1');

export default function MyAssetsPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const [hideSmall, setHideSmall] = useState(false);
  const overview = useRequest(() => accountApi.account(), { ready });
  const basic = useRequest(() => accountApi.productTitle(BASIC_PRODUCT.id));
  const unit = basic.data?.title ?? BASIC_PRODUCT.label;
  const balances = (overview.data?.balances ?? []).filter(
    (balance) => !hideSmall || toUnits(balance.valueUsdt) >= SMALL_BALANCE_UNITS,
  );

  return (
    <AsyncContent loading={overview.loading} error={overview.error} onRetry={overview.refresh}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Statistic title={t('assets.total', { currency: unit })} value={overview.data?.totalUsdt ?? '0'} suffix={unit} />
      </Card>
      <Flex justify="flex-end" align="center" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('assets.hideSmall')}</Typography.Text>
        <Switch size="small" checked={hideSmall} onChange={setHideSmall} aria-label={t('assets.hideSmall')} />
      </Flex>
      <AsyncContent loading={false} empty={balances.length === 0}>
        <List
          dataSource={balances}
          rowKey={(balance) => balance.currency}
          renderItem={(balance) => (
            <List.Item>
              <List.Item.Meta
                title={`${currencySymbol(balance.currency)} ${balance.currency}`}
                description={
                  <>
                    {findCurrency(balance.currency)?.text ?? balance.currency} · {t('assets.frozen')}{' '}
                    <Money value={balance.frozen} style={{ fontSize: 12 }} />
                  </>
                }
              />
              <Flex vertical align="end">
                <Money value={balance.available} strong />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  ≈ <Money value={balance.valueUsdt} currency="USDT" style={{ fontSize: 12 }} />
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </AsyncContent>
    </AsyncContent>
  );
}
