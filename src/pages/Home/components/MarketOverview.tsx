/**
 * The home page's market: each priced coin's price, 24-hour change, 演示行情 when it comes from the
 * demo feed, and its last 24 hours as a sparkline. A skeleton of the same height while loading (so
 * nothing below moves); nothing at all when the prices could not be had (the page is not about them).
 */
import { Card, Flex, Typography, theme } from 'antd';
import { useDeferredValue } from 'react';
import type { MarketPriceType } from '../../../../contract/market';
import { CoinTitle } from '@/components/CoinIcon';
import DemoTag from '@/components/Market/DemoTag';
import PriceChange from '@/components/Market/PriceChange';
import { changeDirection, pricePlaces, reasonMessage } from '@/components/Market/format';
import Money from '@/components/Money';
import { useMarketPrices } from '@/hooks/useMarketPrices';
import { useT } from '@/hooks/useT';
import Sparkline from './Sparkline';

/** one row per coin, the same height loading or loaded */
const ROW_HEIGHT = 48;
/** the coins the market prices (contract/rules/prices.ts MARKET_CURRENCIES), for the skeleton */
const ROWS_LOADING = 3;

function MarketRow({ price }: { price: MarketPriceType }) {
  const t = useT();
  const { token } = theme.useToken();
  const direction = price.change24h === null ? 'flat' : changeDirection(price.change24h);
  const stroke = direction === 'up' ? token.colorSuccess : direction === 'down' ? token.colorError : token.colorTextSecondary;
  return (
    <Flex align="center" gap={12} style={{ height: ROW_HEIGHT }} data-testid={`market-${price.currency}`}>
      <Flex vertical style={{ width: 84, flex: 'none' }}>
        <Typography.Text strong>
          <CoinTitle code={price.currency} />
        </Typography.Text>
        <span>
          <DemoTag demo={price.demo} />
        </span>
      </Flex>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Sparkline points={price.sparkline} label={t('market.chart', { currency: price.currency })} color={stroke} />
      </div>
      <Flex vertical align="end" style={{ flex: 'none', minWidth: 96 }}>
        {price.usable && price.price !== null ? (
          <Money value={price.price} currency="USDT" places={pricePlaces(price.price)} strong />
        ) : (
          <Typography.Text type="secondary">{t(reasonMessage(price.reason))}</Typography.Text>
        )}
        <PriceChange change={price.change24h} />
      </Flex>
    </Flex>
  );
}

/**
 * The prices are drawn from a deferred copy: React first renders the card as it was, then the new
 * rows in a transition, in slices of about 5 ms. Drawn at once, the three rows' first mount (the
 * sparklines, the coins' titles) made one task of about 60 ms at 4× CPU, as the page was starting.
 */
export default function MarketOverview() {
  const t = useT();
  const { token } = theme.useToken();
  const market = useDeferredValue(useMarketPrices());
  if (!market.loading && !market.list.length) return null;
  return (
    <Card size="small" title={t('market.title')} data-testid="market-overview">
      {market.loading ? (
        <Flex vertical gap={4} aria-busy="true" data-testid="market-loading">
          {Array.from({ length: ROWS_LOADING }, (_, i) => (
            <div key={i} style={{ height: ROW_HEIGHT, borderRadius: 6, background: token.colorFillTertiary }} />
          ))}
        </Flex>
      ) : (
        <Flex vertical gap={4}>
          {market.list.map((price) => (
            <MarketRow key={price.currency} price={price} />
          ))}
        </Flex>
      )}
    </Card>
  );
}
