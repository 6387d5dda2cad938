/**
 * Home: banners and notices, the signed-in user's asset summary, quick entries, the market's
 * prices with their last 24 hours, and featured power and finance products (not while the
 * calculate feature is switched off).
 */
import {
  BankOutlined, CalculatorOutlined, FundOutlined, ShoppingOutlined, ThunderboltOutlined, UsergroupAddOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, List, Statistic, theme, Typography } from 'antd';
import { Link, useAccess, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import React, { memo, useMemo } from 'react';
import type { PageOf } from '../../../contract/common';
import type { ContentLinkType } from '../../../contract/content';
import type { FinanceProductType, PowerProductType } from '../../../contract/product';
import { FEATURED_PAGE_SIZE } from '../../../contract/rules/pageData';
import AsyncContent from '@/components/AsyncContent';
import ContentLinkAnchor from './components/ContentLinkAnchor';
import MarketOverview from './components/MarketOverview';
import EntryGrid, { type GridEntry } from '@/components/EntryGrid';
import FinanceProductCard from '@/components/FinanceProductCard';
import PowerProductCard from '@/components/PowerProductCard';
import RouteTitleBar from '@/components/RouteTitleBar';
import SnapCarousel from '@/components/SnapCarousel';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { isPathAccessible } from '@/layouts/navigation';
import { useRenderedRequest } from '@/prerender/useRenderedRequest';
import { accountApi, contentApi, productApi } from '@/services';
import { buildLoginPath } from '@/utils/loginRedirect';
import { ellipsisStyle } from '@/utils/ellipsis';
import styles from './index.less';

const QUICK_ENTRIES: GridEntry[] = [
  { path: '/calculate', titleId: 'menu.calculate.power', icon: <ThunderboltOutlined /> },
  { path: '/calculate/coin', titleId: 'menu.calculate.coin', icon: <FundOutlined /> },
  { path: '/calculate/unknown', titleId: 'menu.calculate.unknown', icon: <CalculatorOutlined /> },
  { path: '/my/deposit', titleId: 'menu.my.deposit', icon: <BankOutlined /> },
  { path: '/my/invite', titleId: 'menu.my.invite', icon: <UsergroupAddOutlined /> },
  { path: '/shopping', titleId: 'menu.shopping', icon: <ShoppingOutlined /> },
];

/** The banners' frame: 3:1, at most 240 px high, the same while they load, so nothing below moves. */
const BANNER_FRAME: React.CSSProperties = { aspectRatio: '3 / 1', maxHeight: 240, width: '100%', borderRadius: 8, overflow: 'hidden' };
/** Notices kept space for while they load (the seeded catalogue has 3), one small list row each. */
const NOTICE_ROWS_LOADING = 3;
const NOTICE_ROW_HEIGHT = 39;

function BannersLoading() {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={12} data-testid="loading-skeleton" aria-busy="true">
      <div style={{ ...BANNER_FRAME, background: token.colorFillSecondary }} />
      <div style={{ height: NOTICE_ROWS_LOADING * NOTICE_ROW_HEIGHT, borderRadius: 8, border: `1px solid ${token.colorBorder}`, boxSizing: 'border-box' }} />
    </Flex>
  );
}

function Banners() {
  const { data, loading, error, refresh } = useRenderedRequest('homeLinks', () => contentApi.link());
  if (loading) return <BannersLoading />;
  return <BannersView links={data} error={error} onRetry={refresh} />;
}

/** Memoized: a refreshed answer equal to the one the page was rendered with renders nothing again. */
const BannersView = memo(function BannersView({ links, error, onRetry }: { links?: ContentLinkType[]; error?: Error; onRetry: () => void }) {
  const t = useT();
  const banners = links?.filter((item) => item.type === 'banner') ?? [];
  const notices = links?.filter((item) => item.type === 'notice') ?? [];
  return (
    <AsyncContent loading={false} error={error} onRetry={onRetry}>
      {banners.length > 0 && (
        <SnapCarousel
          label={t('home.banners')}
          autoplay
          style={BANNER_FRAME}
          slides={banners.map((banner) => (
            <ContentLinkAnchor key={banner.id} url={banner.url}>
              <div style={{ position: 'relative', width: '100%', height: '100%', background: '#0066f5' }}>
                {banner.image && (
                  <img src={banner.image} alt={banner.title} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                )}
                {/* above the carousel's dots (12 px from the bottom, 3 px high) */}
                <Typography.Title level={4} style={{ position: 'absolute', left: 16, right: 16, bottom: 24, color: '#fff', margin: 0 }} data-testid="banner-caption">
                  {banner.title}
                </Typography.Title>
              </div>
            </ContentLinkAnchor>
          ))}
        />
      )}
      {notices.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 12 }}
          bordered
          dataSource={notices}
          renderItem={(notice) => (
            // one line whatever the language: the title and the summary share it, each cut short with "…"
            <List.Item style={{ height: NOTICE_ROW_HEIGHT, boxSizing: 'border-box', gap: 12, flexWrap: 'nowrap' }} data-testid="notice-row">
              <div style={{ minWidth: 0, flex: '1 1 auto' }}>
                <ContentLinkAnchor url={notice.url}>
                  <Typography.Text strong style={{ ...ellipsisStyle(), display: 'block' }}>
                    {notice.title}
                  </Typography.Text>
                </ContentLinkAnchor>
              </div>
              <Typography.Text type="secondary" style={{ ...ellipsisStyle(), maxWidth: '60%', minWidth: 0 }}>
                {notice.content}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </AsyncContent>
  );
});

function AssetSummary() {
  const t = useT();
  const user = useCurrentUser();
  const location = useLocation();
  const { data, loading, error, refresh } = useRequest(() => accountApi.account(), { ready: !!user });
  if (!user) {
    return (
      <Card size="small">
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text>{t('home.signInForAssets')}</Typography.Text>
          <Link to={buildLoginPath(location)}>
            <Button type="primary">{t('shell.signIn')}</Button>
          </Link>
        </Flex>
      </Card>
    );
  }
  return (
    <Card size="small" title={t('home.assets')} extra={<Link to="/my/assets">{t('common.more')}</Link>}>
      <AsyncContent loading={loading} error={error} onRetry={refresh} rows={1}>
        <Statistic title={t('assets.total', { currency: 'USDT' })} value={data?.totalUsdt ?? '0'} />
        {data?.totalPartial && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="assets-total-partial">
            {t('assets.totalPartial')}
          </Typography.Text>
        )}
      </AsyncContent>
    </Card>
  );
}

interface FeaturedProps<T> {
  titleId: string;
  morePath: string;
  data?: PageOf<T>;
  error?: Error;
  onRetry: () => void;
  render: (item: T) => React.ReactNode;
}

/**
 * A column of featured products: a title linking to all of them, and the first few. Memoized (with
 * `render` made once, below): a refreshed list equal to the one the page was rendered with renders
 * nothing again.
 */
const Featured = memo(function Featured<T extends { id: string }>({ titleId, morePath, data, error, onRetry, render }: FeaturedProps<T>) {
  const t = useT();
  return (
    <div>
      {/* the link beside the heading, not inside its text: a link in a line of text must be told apart by more than its colour (axe link-in-text-block) */}
      <Flex justify="space-between" align="baseline" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(titleId)}
        </Typography.Title>
        <Link to={morePath}>{t('common.more')}</Link>
      </Flex>
      <AsyncContent loading={false} error={error} onRetry={onRetry} empty={!data?.list.length}>
        <Flex vertical gap={12}>
          {data?.list.map((item) => <React.Fragment key={item.id}>{render(item)}</React.Fragment>)}
        </Flex>
      </AsyncContent>
    </div>
  );
}) as <T extends { id: string }>(props: FeaturedProps<T>) => React.ReactElement;

const renderPowerProduct = (product: PowerProductType) => <PowerProductCard product={product} />;
const renderFinanceProduct = (product: FinanceProductType) => <FinanceProductCard product={product} />;

const FEATURED_QUERY = { page: 1, pageSize: FEATURED_PAGE_SIZE };

/**
 * Both columns appear together, once both lists are here: on phones they are stacked, and the
 * finance column would otherwise jump down when the power cards replace their skeleton (CLS).
 * Side by side from 768 px (antd's md), in CSS: antd's Row renders again as it mounts, to learn
 * the screen's breakpoints (see EntryGrid).
 */
function FeaturedProducts() {
  const power = useRenderedRequest('homePower', () => productApi.power(FEATURED_QUERY));
  const finance = useRenderedRequest('homeFinance', () => productApi.finance(FEATURED_QUERY));
  if (power.loading || finance.loading) return <AsyncContent loading rows={6} />;
  return (
    <div className={styles.featured} data-testid="home-featured">
      <Featured titleId="home.featuredPower" morePath="/calculate" data={power.data} error={power.error} onRetry={power.refresh} render={renderPowerProduct} />
      <Featured titleId="home.featuredFinance" morePath="/calculate/coin" data={finance.data} error={finance.error} onRetry={finance.refresh} render={renderFinanceProduct} />
    </div>
  );
}

export default function HomePage() {
  const access = useAccess();
  // the same entries, the same array: the access map is made anew when the visitor's state arrives, after hydration
  const accessiblePaths = QUICK_ENTRIES.filter((entry) => isPathAccessible(entry.path, access)).map((entry) => entry.path).join(' ');
  const quickEntries = useMemo(() => QUICK_ENTRIES.filter((entry) => accessiblePaths.split(' ').includes(entry.path)), [accessiblePaths]);
  return (
    <Flex vertical gap={16}>
      <RouteTitleBar />
      <Banners />
      <AssetSummary />
      <EntryGrid entries={quickEntries} />
      <MarketOverview />
      {access.calculate && <FeaturedProducts />}
    </Flex>
  );
}
