/**
 * /calculate/unknown, the output calculator: pick a power product, an amount and a
 * number of days; see estimated output, fees, net return and the break-even day, computed with
 * the same formulas the daily settlement uses (contract/rules/powerOutput). Every figure is an estimate.
 * The coin's price starts at the market's (GET /market/prices, asked once with the products, when
 * it has a usable one), saying when it was taken; the user may type another.
 */
import { Alert, Button, Card, Flex, Form, Input, Select, Space, Typography } from 'antd';
import { Link, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { useEffect } from 'react';
import type { MarketPriceType } from '../../../contract/market';
import { estimatePower } from '../../../contract/rules/powerOutput';
import AsyncContent from '@/components/AsyncContent';
import CountInput, { countRule } from '@/components/AmountInput/CountInput';
import DemoTag from '@/components/Market/DemoTag';
import SectionTabs from '@/components/products/SectionTabs';
import { useT } from '@/hooks/useT';
import { marketApi, productApi } from '@/services';
import EstimateResult from './EstimateResult';
import { PRICE_PATTERN, estimateInput, type CalculatorValues } from './estimateInput';

/** "2026-01-05 08:00:03" → "08:00:03" */
const timeOfDay = (timestamp: string) => timestamp.slice(11);

/** A usable market price: one with a price, and the time it was taken. */
type LivePrice = MarketPriceType & { price: string; takenAt: string };

/** Under the price: the market's price and when it was taken, the user's own, or that there is none. */
function PriceNote({ live, value, onUseLive }: { live: LivePrice | undefined; value: string | undefined; onUseLive: () => void }) {
  const t = useT();
  if (live === undefined) return <span data-testid="calc-price-note">{t('calc.noLivePrice')}</span>;
  // (undefined: the form has not been filled in yet)
  if (value !== undefined && value !== live.price) {
    return (
      <Flex wrap align="center" gap={8} data-testid="calc-price-note">
        {t('calc.customPrice')}
        <Typography.Link onClick={onUseLive}>{t('calc.useLivePrice')}</Typography.Link>
      </Flex>
    );
  }
  return (
    <Flex wrap align="center" gap={8} data-testid="calc-price-note">
      {t('calc.livePrice', { time: timeOfDay(live.takenAt) })}
      <DemoTag demo={live.demo} />
    </Flex>
  );
}

export default function OutputCalculatorPage() {
  const t = useT();
  const [form] = Form.useForm<CalculatorValues>();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, loading, error, refresh } = useRequest(() => productApi.power({ page: 1, pageSize: 100 }));
  // without the market's prices the calculator still works, from a price the user types
  const market = useRequest(() => marketApi.prices({ skipErrorHandler: true }), { onError: () => undefined });
  const products = data?.list ?? [];
  const product = products.find((item) => item.id === searchParams.get('productId')) ?? products[0];
  const live = market.data?.prices.find((price): price is LivePrice => price.currency === product?.coin && price.usable && price.price !== null && price.takenAt !== null);
  const values = Form.useWatch([], form);

  useEffect(() => {
    if (product) form.setFieldsValue({ units: String(product.minUnits), days: String(product.termDays), coinPrice: live?.price ?? '' });
  }, [product, live, form]);

  const input = product && values ? estimateInput(product, values) : null;
  const takeLivePrice = () => {
    form.setFieldValue('coinPrice', live?.price);
    // clears an error the typed price left (the market's price is always valid)
    form.validateFields(['coinPrice']).catch(() => undefined);
  };
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <Alert type="info" showIcon message={t('calculator.estimateNotice')} style={{ marginBottom: 16 }} />
      <AsyncContent loading={loading || market.loading} error={error} onRetry={refresh} empty={products.length === 0}>
        {product && (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small">
              <Select
                style={{ width: '100%', marginBottom: 16 }}
                aria-label={t('calculator.product')}
                value={product.id}
                options={products.map((item) => ({ value: item.id, label: `${item.title} (${item.coin})` }))}
                onChange={(productId) => setSearchParams({ productId }, { replace: true })}
              />
              <Form form={form} layout="vertical" requiredMark={false}>
                <Form.Item name="units" label={t('calc.units')} rules={[countRule(t, () => ({ min: 1, max: 100000 }), () => product.unit)]}>
                  <CountInput unit={product.unit} />
                </Form.Item>
                <Form.Item name="days" label={t('calc.days')} rules={[countRule(t, () => ({ min: 1, max: product.termDays }))]} extra={`${t('product.power.term')} ${t('common.days', { days: product.termDays })}`}>
                  <CountInput />
                </Form.Item>
                <Form.Item
                  name="coinPrice"
                  label={t('calc.coinPrice', { coin: product.coin })}
                  rules={[{ required: true, pattern: PRICE_PATTERN, message: t('calc.coinPriceInvalid') }]}
                  extra={<PriceNote live={live} value={values?.coinPrice} onUseLive={takeLivePrice} />}
                >
                  <Input inputMode="decimal" />
                </Form.Item>
              </Form>
            </Card>
            {input && (
              <Card size="small">
                <EstimateResult estimate={estimatePower(input)} coin={product.coin} />
                <Link to={`/calculate?buy=${product.id}`}>
                  <Button type="primary" block style={{ marginTop: 16 }} disabled={product.status !== 'on_sale'}>
                    {t('calc.buy')}
                  </Button>
                </Link>
              </Card>
            )}
          </Space>
        )}
      </AsyncContent>
    </>
  );
}
