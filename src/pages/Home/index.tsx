/**
 * Home: banners and notices, the signed-in user's asset summary, quick entries, and featured
 * power and finance products.
 */
import {
  BankOutlined, CalculatorOutlined, FundOutlined, ShoppingOutlined, ThunderboltOutlined, UsergroupAddOutlined,
} from '@ant-design/icons';
import { Button, Card, Carousel, Col, Flex, List, Row, Statistic, Typography } from 'antd';
import { Link, useAccess, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { useMemo } from 'react';
import AsyncContent from '@/components/AsyncContent';
import ContentLinkAnchor from '@/components/ContentLinkAnchor';
import EntryGrid, { type GridEntry } from '@/components/EntryGrid';
import FinanceProductCard from '@/components/FinanceProductCard';
import PowerProductCard from '@/components/PowerProductCard';
import RouteTitleBar from '@/components/RouteTitleBar';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { isPathAccessible } from '@/layouts/navigation';
import { accountApi, contentApi, productApi } from '@/services';
import { buildLoginPath } from '@/utils/loginRedirect';

const QUICK_ENTRIES: GridEntry[] = [
  { path: '/calculate', titleId: 'menu.calculate.power', icon: <ThunderboltOutlined /> },
  { path: '/calculate/coin', titleId: 'menu.calculate.coin', icon: <FundOutlined /> },
  { path: '/calculate/unknown', titleId: 'menu.calculate.unknown', icon: <CalculatorOutlined /> },
  { path: '/my/deposit', titleId: 'menu.my.deposit', icon: <BankOutlined /> },
  { path: '/my/invite', titleId: 'menu.my.invite', icon: <UsergroupAddOutlined /> },
  { path: '/shopping', titleId: 'menu.shopping', icon: <ShoppingOutlined /> },
];

function Banners() {
  const { data, loading, error, refresh } = useRequest(() => contentApi.link());
  const banners = data?.filter((item) => item.type === 'banner') ?? [];
  const notices = data?.filter((item) => item.type === 'notice') ?? [];
  return (
    <AsyncContent loading={loading} error={error} onRetry={refresh} rows={4}>
      {banners.length > 0 && (
        <Carousel autoplay style={{ borderRadius: 8, overflow: 'hidden' }}>
          {banners.map((banner) => (
            <ContentLinkAnchor key={banner.id} url={banner.url}>
              <div style={{ position: 'relative', aspectRatio: '3 / 1', maxHeight: 240, width: '100%', background: '#0066f5' }}>
                {banner.image && (
                  <img src={banner.image} alt={banner.title} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                )}
                <Typography.Title level={4} style={{ position: 'absolute', left: 16, bottom: 8, color: '#fff', margin: 0 }}>
                  {banner.title}
                </Typography.Title>
              </div>
            </ContentLinkAnchor>
          ))}
        </Carousel>
      )}
      {notices.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 12 }}
          bordered
          dataSource={notices}
          renderItem={(notice) => (
            <List.Item>
              <ContentLinkAnchor url={notice.url}>
                <Typography.Text strong>{notice.title}</Typography.Text>
              </ContentLinkAnchor>
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: '60%' }}>
                {notice.content}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </AsyncContent>
  );
}

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
      </AsyncContent>
    </Card>
  );
}

function FeaturedProducts() {
  const t = useT();
  const power = useRequest(() => productApi.power({ page: 1, pageSize: 2 }));
  const finance = useRequest(() => productApi.finance({ page: 1, pageSize: 2 }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Typography.Title level={5}>
          {t('home.featuredPower')} <Link to="/calculate">{t('common.more')}</Link>
        </Typography.Title>
        <AsyncContent loading={power.loading} error={power.error} onRetry={power.refresh} empty={!power.data?.list.length}>
          <Flex vertical gap={12}>
            {power.data?.list.map((product) => <PowerProductCard key={product.id} product={product} />)}
          </Flex>
        </AsyncContent>
      </Col>
      <Col xs={24} md={12}>
        <Typography.Title level={5}>
          {t('home.featuredFinance')} <Link to="/calculate/coin">{t('common.more')}</Link>
        </Typography.Title>
        <AsyncContent loading={finance.loading} error={finance.error} onRetry={finance.refresh} empty={!finance.data?.list.length}>
          <Flex vertical gap={12}>
            {finance.data?.list.map((product) => <FinanceProductCard key={product.id} product={product} />)}
          </Flex>
        </AsyncContent>
      </Col>
    </Row>
  );
}

export default function HomePage() {
  const access = useAccess();
  const quickEntries = useMemo(() => QUICK_ENTRIES.filter((entry) => isPathAccessible(entry.path, access)), [access]);
  return (
    <Flex vertical gap={16}>
      <RouteTitleBar />
      <Banners />
      <AssetSummary />
      <EntryGrid entries={quickEntries} />
      <FeaturedProducts />
    </Flex>
  );
}
