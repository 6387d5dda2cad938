/**
 * /shopping/goods/:id: images, title, price, the SKU picker with stock, the quantity stepper and
 * the checkout sheet. The choice lives in the query (`sku`, `qty`, `checkout=1`, `addressId`), so
 * coming back from the address book reopens the sheet as it was, with the chosen address.
 */
import { Button, Card, Col, Flex, Result, Row, Typography, theme } from 'antd';
import { useLocation, useNavigate, useParams, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import AsyncContent from '@/components/AsyncContent';
import MallCheckoutSheet from '../components/MallCheckoutSheet';
import MallSkuPicker from '../components/MallSkuPicker';
import Money from '@/components/Money';
import RouteTitleBar from '@/components/RouteTitleBar';
import SnapCarousel from '@/components/SnapCarousel';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useIsPhone } from '@/hooks/useIsPhone';
import { useT } from '@/hooks/useT';
import { mallApi } from '@/services';
import { BizError } from '@/requestErrorConfig';
import { ID_SEGMENT } from '../../../../contract/rules/sitePaths';

/** The phone tab bar's height, 56 px tabs and a 1 px top border (src/layouts/BasicLayout.less, NavBar): the buy bar sits right above it. */
const TAB_BAR_HEIGHT = 57;
/** The buy bar's height: a 44 px button with 10 px above and below (the page keeps this much room at its end). */
const BUY_BAR_HEIGHT = 64;

/** The server's answer for an item that does not exist (or is no longer listed). */
function isNotFound(error: unknown): boolean {
  return error instanceof BizError && (error.info.errCode === 'NOT_FOUND' || error.info.httpStatusCode === 404);
}

export default function GoodsPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const user = useCurrentUser();
  const phone = useIsPhone();
  const { token } = theme.useToken();
  const { id = '' } = useParams<{ id: string }>();
  const [quantityValid, setQuantityValid] = useState(true);
  const [search, setSearch] = useSearchParams();
  // the prerendered document (plugins/prerender) is sent for exactly these ids
  const validId = ID_SEGMENT.test(id);
  // not-found is this page's own state, not an error toast; other failures show the retry
  const { data: goods, loading, error, refresh } = useRequest(() => mallApi.goodsDetail(id, { skipErrorHandler: true }), {
    refreshDeps: [id],
    ready: validId,
  });
  const notFound = !validId || isNotFound(error);

  const sku = goods?.skus.find((s) => s.id === search.get('sku')) ?? goods?.skus.find((s) => s.stock > 0);
  const quantity = Math.max(1, Number(search.get('qty')) || 1);
  const checkingOut = !!user && !!sku && search.get('checkout') === '1';
  const choose = (changes: Record<string, string | null>, push = false) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setSearch(next, push ? { state: { checkoutEntry: true } } : { replace: true });
  };
  // the checkout sheet opened here has an entry of its own: the phone's back button closes it,
  // and closing it otherwise takes that entry off again
  const closeCheckout = () => {
    if ((location.state as { checkoutEntry?: boolean } | null)?.checkoutEntry) navigate(-1);
    else choose({ checkout: null, addressId: null });
  };
  const checkoutPath = sku ? `${pathname}?${new URLSearchParams({ sku: sku.id, qty: String(quantity), checkout: '1' }).toString()}` : pathname;

  const buy = () => {
    if (!user) navigate(`/login?redirect=${encodeURIComponent(checkoutPath)}`);
    else choose({ sku: sku!.id, qty: String(quantity), checkout: '1' }, true);
  };

  // on phones a bar fixed above the tab bar, always in reach; on wider screens under the options
  const buyButton = (
    <Button type="primary" size="large" block style={phone ? { height: 44 } : { marginTop: 16 }} disabled={!sku || !quantityValid} onClick={buy}>
      {sku ? t('mall.buyNow') : t('mall.soldOut')}
    </Button>
  );

  return (
    <>
      <RouteTitleBar />
      {notFound ? (
        <Result
          status="404"
          title={t('notFound.goods')}
          subTitle={t('notFound.goodsDetail')}
          data-testid="not-found"
          extra={
            <Button type="primary" onClick={() => navigate('/shopping')}>
              {t('notFound.backToShop')}
            </Button>
          }
        />
      ) : (
      <AsyncContent loading={loading} error={error} onRetry={refresh} rows={8}>
        {goods && (
          <Row gutter={[24, 16]}>
            <Col xs={24} md={10}>
              <SnapCarousel
                label={t('mall.images')}
                autoplay
                style={{ aspectRatio: '1 / 1', width: '100%', borderRadius: 8, overflow: 'hidden' }}
                slides={(goods.images.length ? goods.images : [goods.cover]).map((image) => (
                  <img key={image} src={image} alt={goods.title} style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
                ))}
              />
            </Col>
            <Col xs={24} md={14}>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                {goods.title}
              </Typography.Title>
              <Flex align="baseline" gap={12}>
                <Money value={sku?.price ?? goods.price} currency="USDT" strong style={{ fontSize: 24 }} />
                <Typography.Text type="secondary">{t('mall.sales', { count: goods.sales })}</Typography.Text>
              </Flex>
              <Card size="small" style={{ marginTop: 16 }}>
                <MallSkuPicker
                  skus={goods.skus}
                  skuId={sku?.id}
                  quantity={quantity}
                  onChange={(skuId, qty) => choose({ sku: skuId, qty: String(qty) })}
                  onValidChange={setQuantityValid}
                />
              </Card>
              {!phone && buyButton}
            </Col>
            <Col span={24}>
              <Card size="small" title={t('mall.description')}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{goods.description}</Typography.Paragraph>
              </Card>
            </Col>
          </Row>
        )}
        {goods && phone && (
          <>
            {/* room at the page's end, so the description is not left under the bar */}
            <div style={{ height: BUY_BAR_HEIGHT }} />
            <Flex
              data-testid="mall-buy-bar"
              align="center"
              gap={12}
              style={{
                position: 'fixed',
                left: 0,
                right: 0,
                bottom: `calc(${TAB_BAR_HEIGHT}px + env(safe-area-inset-bottom))`,
                zIndex: 99,
                height: BUY_BAR_HEIGHT,
                padding: '0 calc(12px + env(safe-area-inset-right)) 0 calc(12px + env(safe-area-inset-left))',
                background: token.colorBgContainer,
                borderTop: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <Money value={sku?.price ?? goods.price} currency="USDT" strong style={{ fontSize: 18, whiteSpace: 'nowrap' }} />
              <div style={{ flex: 1 }}>{buyButton}</div>
            </Flex>
          </>
        )}
      </AsyncContent>
      )}
      {goods && sku && (
        <MallCheckoutSheet
          open={checkingOut}
          goods={goods}
          sku={sku}
          quantity={quantity}
          addressId={search.get('addressId') ?? undefined}
          returnTo={checkoutPath}
          onClose={closeCheckout}
          onPaid={(order) => navigate(`/shopping/order_details/2/${order.id}`, { replace: true })}
        />
      )}
    </>
  );
}
