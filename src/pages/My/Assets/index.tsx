/**
 * /my/assets: balances per currency (available, frozen, USDT value), each priced coin's market
 * price with its age and 24-hour change (asked again every 10 s while the page is visible), the
 * way in to deposit and withdraw (when those features are on), the hide-small switch, the
 * conversion sheet and the conversion records. A balance without a usable price has no value
 * (暂无行情), and the total says when it leaves such balances out.
 */
import { BankOutlined, ExportOutlined, SwapOutlined } from '@ant-design/icons';
import { Link, useAccess, useLocation } from '@umijs/max';
import { Button, Card, Flex, List, Statistic, Switch, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useEffect, useRef, useState } from 'react';
import type { AccountBalanceType } from '../../../../contract/account';
import type { MarketPriceType } from '../../../../contract/market';
import AsyncContent from '@/components/AsyncContent';
import lazySheet from '@/components/lazySheet';
import InfiniteList from '@/components/InfiniteList';
import { CoinTitle } from '@/components/CoinIcon';
import DemoTag from '@/components/Market/DemoTag';
import PriceAge from '@/components/Market/PriceAge';
import PriceChange from '@/components/Market/PriceChange';
import { pricePlaces, reasonMessage } from '@/components/Market/format';
import Money from '@/components/Money';
import RecordRow, { RecordNote } from '../components/RecordRow';
import { toUnits } from '../../../../contract/rules/money';
import { BASIC_PRODUCT, findCurrency } from '@/constants/currency';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useMarketPrices, type MarketPrices } from '@/hooks/useMarketPrices';
import { useT } from '@/hooks/useT';
import { isPathAccessible } from '@/layouts/navigation';
import { accountApi } from '@/services';

const ConvertSheet = lazySheet(() => import(/* webpackChunkName: "sheet-convert" */ '../components/ConvertSheet'), ({ open }) => open);

/** Balances worth less than 1 USDT count as small. */
const SMALL_BALANCE_UNITS = toUnits('1');

/** Small: worth less than 1 USDT, or nothing held; a balance without a price cannot be told small. */
function isSmall(balance: AccountBalanceType): boolean {
  if (balance.valueUsdt !== null) return toUnits(balance.valueUsdt) < SMALL_BALANCE_UNITS;
  return toUnits(balance.available) + toUnits(balance.frozen) === 0n;
}

/** A coin's market price: price · 24h change · 更新于 N 秒前, or why there is none. */
function MarketLine({ price, receivedAt }: { price: MarketPriceType; receivedAt: number }) {
  const t = useT();
  return (
    <Flex wrap align="center" gap="0 8px" style={{ fontSize: 12 }} data-testid={`price-${price.currency}`}>
      {price.usable && price.price !== null ? (
        <>
          <Money value={price.price} currency="USDT" places={pricePlaces(price.price)} style={{ fontSize: 12 }} />
          <PriceChange change={price.change24h} />
          {price.ageSeconds !== null && <PriceAge ageSeconds={price.ageSeconds} receivedAt={receivedAt} />}
        </>
      ) : (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {t(reasonMessage(price.reason))}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The balances' values follow the prices: asked again when a currency's price becomes usable or
 * stops being so (not at every price poll: a value that moves with each tick is not worth a request).
 */
function useRevalueOnUsability(market: MarketPrices, refresh: () => void): void {
  const usability = market.list.map((price) => `${price.currency}:${price.usable}`).join(',');
  const seen = useRef(usability);
  useEffect(() => {
    if (!usability || seen.current === usability) return;
    const first = !seen.current;
    seen.current = usability;
    if (!first) refresh();
  }, [usability, refresh]);
}

export default function MyAssetsPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const access = useAccess();
  const [hideSmall, setHideSmall] = useState(false);
  // /my/assets?convert=1 (the link from 产出兑换) opens 币币兑换 at once
  const { search } = useLocation();
  const [converting, setConverting] = useState(() => new URLSearchParams(search).has('convert'));
  const [conversions, setConversions] = useState(0);
  const overview = useRequest(() => accountApi.account(), { ready });
  const market = useMarketPrices({ ready });
  useRevalueOnUsability(market, overview.refresh);
  const basic = useRequest(() => accountApi.productTitle(BASIC_PRODUCT.id));
  const unit = basic.data?.title ?? BASIC_PRODUCT.label;
  const all = overview.data?.balances ?? [];
  const balances = all.filter((balance) => !hideSmall || !isSmall(balance));
  // The balances are drawn once the prices have answered too (or failed): a priced balance drawn
  // before them gained its market line later, and everything below moved down (CLS 0.03)
  const waiting = (overview.loading && !overview.data) || market.loading;
  const settled = !waiting && !!(overview.data || overview.error);

  return (
    <>
      <AsyncContent loading={waiting} error={overview.error} onRetry={overview.refresh}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Flex justify="space-between" align="center">
            <div>
              <Statistic title={t('assets.total', { currency: unit })} value={overview.data?.totalUsdt ?? '0'} precision={2} suffix={unit} />
              {overview.data?.totalPartial && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="assets-total-partial">
                  {t('assets.totalPartial')}
                </Typography.Text>
              )}
            </div>
            <Button type="primary" icon={<SwapOutlined />} onClick={() => setConverting(true)}>
              {t('convert.assetTitle')}
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
            renderItem={(balance) => {
              const price = market.byCurrency.get(balance.currency);
              return (
                <List.Item data-testid={`balance-${balance.currency}`}>
                  <List.Item.Meta
                    title={
                      <Flex wrap align="center" gap={6}>
                        <CoinTitle code={balance.currency} />
                        <DemoTag demo={price?.demo} />
                      </Flex>
                    }
                    description={
                      <>
                        {findCurrency(balance.currency) ? t(`currency.name.${balance.currency}`) : balance.currency} · {t('assets.frozen')}{' '}
                        <Money value={balance.frozen} style={{ fontSize: 12 }} />
                        {price && <MarketLine price={price} receivedAt={market.receivedAt} />}
                      </>
                    }
                  />
                  <Flex vertical align="end">
                    <Money value={balance.available} strong />
                    <RecordNote data-testid={`value-${balance.currency}`}>
                      {balance.valueUsdt === null ? (
                        t('market.unavailable')
                      ) : (
                        <>
                          ≈ <Money value={balance.valueUsdt} currency="USDT" places={2} style={{ fontSize: 12 }} />
                        </>
                      )}
                    </RecordNote>
                  </Flex>
                </List.Item>
              );
            }}
          />
        </AsyncContent>
      </AsyncContent>
      {/* The history is fetched at once but shown only once the balances above are drawn:
          drawn under their skeleton, it moved down when they came (CLS 0.15) */}
      <div hidden={!settled}>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('convert.assetRecords')}
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
        market={market}
        onClose={() => setConverting(false)}
        onConverted={() => {
          overview.refresh();
          setConversions((count) => count + 1);
        }}
      />
    </>
  );
}
