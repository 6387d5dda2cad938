/** A mining-power product: price, term, estimated output, fees and how much is sold. */
import { Card, Progress, Typography } from 'antd';
import { Link } from '@umijs/max';
import type { PowerProductType } from '../../contract/product';
import { groupDigits } from '../../contract/rules/moneyDisplay';
import FieldList from '@/components/FieldList';
import { useT } from '@/hooks/useT';
import Money from './Money';
import TitleWithStatus from './TitleWithStatus';

const TERMS_COLUMNS = { xs: 1, sm: 2 };

export default function PowerProductCard({ product }: { product: PowerProductType }) {
  const t = useT();
  const total = product.stock + product.sold;
  return (
    <Card
      data-testid="power-product-card"
      size="small"
      style={{ width: '100%' }}
      title={<TitleWithStatus title={product.title} prefix="product.status" status={product.status} />}
      extra={<Link to={`/calculate/unknown?productId=${product.id}`}>{t('product.power.estimate')}</Link>}
    >
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        <Money value={product.pricePerUnit} currency="USDT" /> <Typography.Text type="secondary">/ {product.unit}</Typography.Text>
      </Typography.Title>
      <FieldList
        columns={TERMS_COLUMNS}
        fields={[
          [t('product.power.coin'), product.coin],
          [t('product.power.term'), t('common.days', { days: product.termDays })],
          [t('product.power.dailyOutput'), <><Money value={product.dailyOutputPerUnit} currency={product.coin} /> / {product.unit}</>],
          [t('product.power.electricityFee'), <><Money value={product.electricityFeePerUnit} currency={product.coin} /> / {product.unit}</>],
          [t('product.power.managementFee'), `${product.managementFeeRate}%`],
          [t('product.power.minUnits'), `${product.minUnits} ${product.unit}`],
          [t('product.power.saleWindow'), `${product.saleStart} ~ ${product.saleEnd}`],
        ]}
      />
      <Progress
        aria-label={t('product.power.soldShare')}
        percent={total > 0 ? Math.floor((product.sold * 100) / total) : 0}
        format={() => t('product.power.stock', { stock: groupDigits(String(product.stock)), unit: product.unit })}
      />
    </Card>
  );
}
