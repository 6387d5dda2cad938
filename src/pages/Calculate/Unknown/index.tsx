/**
 * /calculate/unknown, the output calculator (DESIGN §5): pick a power product and see the
 * figures the estimate is built from. Every figure is an estimate.
 */
import { Alert, Card, Descriptions, Select } from 'antd';
import { useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import AsyncContent from '@/components/AsyncContent';
import Money from '@/components/Money';
import SectionTabs from '@/components/SectionTabs';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';

export default function CalculateUnknownPage() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, loading, error, refresh } = useRequest(() => productApi.power({ page: 1, pageSize: 100 }));
  const products = data?.list ?? [];
  const product = products.find((item) => item.id === searchParams.get('productId')) ?? products[0];

  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      <Alert type="info" showIcon message={t('calculator.estimateNotice')} style={{ marginBottom: 16 }} />
      <AsyncContent loading={loading} error={error} onRetry={refresh} empty={products.length === 0}>
        {product && (
          <Card size="small">
            <Select
              style={{ width: '100%', marginBottom: 16 }}
              aria-label={t('calculator.product')}
              value={product.id}
              options={products.map((item) => ({ value: item.id, label: `${item.title} (${item.coin})` }))}
              onChange={(productId) => setSearchParams({ productId }, { replace: true })}
            />
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
              <Descriptions.Item label={t('product.power.price')}>
                <Money value={product.pricePerUnit} currency="USDT" /> / {product.unit}
              </Descriptions.Item>
              <Descriptions.Item label={t('product.power.term')}>{t('common.days', { days: product.termDays })}</Descriptions.Item>
              <Descriptions.Item label={t('calculator.dailyOutput')}>
                <Money value={product.dailyOutputPerUnit} currency={product.coin} /> / {product.unit}
              </Descriptions.Item>
              <Descriptions.Item label={t('product.power.electricityFee')}>
                <Money value={product.electricityFeePerUnit} currency={product.coin} /> / {product.unit}
              </Descriptions.Item>
              <Descriptions.Item label={t('product.power.managementFee')}>{product.managementFeeRate}%</Descriptions.Item>
              <Descriptions.Item label={t('product.power.minUnits')}>{`${product.minUnits} ${product.unit}`}</Descriptions.Item>
            </Descriptions>
          </Card>
        )}
      </AsyncContent>
    </>
  );
}
