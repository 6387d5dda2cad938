/**
 * /my/assets: balances per currency (available, frozen, USDT value), the way in to deposit and
 * withdraw (when those features are on), the hide-small switch, the conversion sheet and the
 * conversion records.
 */
import { BankOutlined, ExportOutlined, SwapOutlined } from '@ant-design/icons';
import { Link, useAccess } from '@umijs/max';
import { Button, Card, Flex, List, Statistic, Switch, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import AsyncContent from '@/components/AsyncContent';
import lazySheet from '@/components/lazySheet';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import RecordRow, { RecordNote } from '../components/RecordRow';
import { toUnits } from '../../../../contract/rules/money';
import { BASIC_PRODUCT, currencyTitle, findCurrency } from '@/constants/currency';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { isPathAccessible } from '@/layouts/navigation';
import { accountApi } from '@/services';

const ConvertSheet = lazySheet(() => import(/* webpackChunkName: "sheet-convert" */ '../components/ConvertSheet'), ({ open }) => open);

/** Balances worth less than 1 USDT count as small. */
const SMALL_BALANCE_UNITS = toUnits('1');

export default function MyAssetsPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const access = useAccess();
  const [hideSmall, setHideSmall] = useState(false);
  const [converting, setConverting] = useState(false);
  const [conversions, setConversions] = useState(0);
  const overview = useRequest(() => accountApi.account(), { ready });
  const basic = useRequest(() => accountApi.productTitle(BASIC_PRODUCT.id));
  const unit = basic.data?.title ?? BASIC_PRODUCT.label;
  const all = overview.data?.balances ?? [];
  const balances = all.filter((balance) => !hideSmall || toUnits(balance.valueUsdt) >= SMALL_BALANCE_UNITS);

  return (
    <>
      <AsyncContent loading={overview.loading && !overview.data} error={overview.error} onRetry={overview.refresh}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Flex justify="space-between" align="center">
            <Statistic title={t('assets.total', { currency: unit })} value={overview.data?.totalUsdt ?? '0'} precision={2} suffix={unit} />
            <Button type="primary" icon={<SwapOutlined />} onClick={() => setConverting(true)}>
              {t('convert.title')}
            </Button>
          </Flex>
          <Flex gap={8} style={{ marginTop: 12 }} data-testid="assets-money-entries">
            {isPathAccessible('/my/deposit', access) && (
              <Link to="/my/deposit" style={{ flex: 1 }}>
                <Button block icon={<BankOutlined />} style={{ height: 44 }}>
                  {t('menu.my.deposit')}
                </Button>
              </Link>
            )}
            {isPathAccessible('/my/withdraw', access) && (
              <Link to="/my/withdraw" style={{ flex: 1 }}>
                <Button block icon={<ExportOutlined />} style={{ height: 44 }}>
                  {t('menu.my.withdraw')}
                </Button>
              </Link>
            )}
          </Flex>
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
              <List.Item data-testid={`balance-${balance.currency}`}>
                <List.Item.Meta
                  title={currencyTitle(balance.currency)}
                  description={
                    <>
                      {findCurrency(balance.currency)?.text ?? balance.currency} · {t('assets.frozen')}{' '}
                      <Money value={balance.frozen} style={{ fontSize: 12 }} />
                    </>
                  }
                />
                <Flex vertical align="end">
                  <Money value={balance.available} strong />
                  <RecordNote>
                    ≈ <Money value={balance.valueUsdt} currency="USDT" places={2} style={{ fontSize: 12 }} />
                  </RecordNote>
                </Flex>
              </List.Item>
            )}
          />
        </AsyncContent>
      </AsyncContent>
      {/* The history is fetched at once but shown only once the balances above have answered:
          drawn under their skeleton, it moved down when they came (CLS 0.15) */}
      <div hidden={!overview.data && !overview.error}>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('convert.records')}
        </Typography.Title>
        {ready && (
          <InfiniteList
            fetchPage={async (query) => (await accountApi.convert(query)).records}
            reloadDeps={[conversions]}
            emptyText={t('convert.noRecords')}
            rowKey={(record) => record.id}
            renderItem={(record) => (
              <RecordRow
                data-testid="convert-record"
                title={<Typography.Text strong>{`${record.from} → ${record.to}`}</Typography.Text>}
                detail={<RecordNote>{record.createdAt}</RecordNote>}
                amounts={
                  <>
                    <Money value={`-${record.amount}`} currency={record.from} signed />
                    <Money value={record.received} currency={record.to} signed />
                  </>
                }
              />
            )}
          />
        )}
      </div>
      <ConvertSheet
        open={converting}
        balances={all}
        onClose={() => setConverting(false)}
        onConverted={() => {
          overview.refresh();
          setConversions((count) => count + 1);
        }}
      />
    </>
  );
}
