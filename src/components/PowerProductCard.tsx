/** A mining-power product: price, term, estimated output, fees and how much is sold. */
import { Card, Descriptions, Progress, Typography } from 'antd';
import { Link } from '@umijs/max';
import type { PowerProductType } from '../../contract/product';
import { groupDigits } from '../../contract/rules/moneyDisplay';
import { SM_UP_MEDIA_QUERY } from '@/constants/app';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { useT } from '@/hooks/useT';
import Money from './Money';
import TitleWithStatus from './TitleWithStatus';

export default function PowerProductCard({ product }: { product: PowerProductType }) {
  const t = useT();
  const columns = useMediaQuery(SM_UP_MEDIA_QUERY) ? 2 : 1;
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
      <Descriptions size="small" column={columns}>
        <Descriptions.Item label={t('product.power.coin')}>{product.coin}</Descriptions.Item>
        <Descriptions.Item label={t('product.power.term')}>{t('common.days', { days: product.termDays })}</Descriptions.Item>
        {/* one span: a Descriptions item lays its children out as flex items, dropping the space before "/" */}
        <Descriptions.Item label={t('product.power.dailyOutput')}>
          <span>
            <Money value={product.dailyOutputPerUnit} currency={product.coin} /> / {product.unit}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('product.power.electricityFee')}>
          <span>
            <Money value={product.electricityFeePerUnit} currency={product.coin} /> / {product.unit}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('product.power.managementFee')}>{product.managementFeeRate}%</Descriptions.Item>
        <Descriptions.Item label={t('product.power.minUnits')}>{`${product.minUnits} ${product.unit}`}</Descriptions.Item>
        <Descriptions.Item label={t('product.power.saleWindow')}>{`${product.saleStart} ~ ${product.saleEnd}`}</Descriptions.Item>
      </Descriptions>
      <Progress
        aria-label={t('product.power.soldShare')}
        percent={total > 0 ? Math.floor((product.sold * 100) / total) : 0}
        format={() => t('product.power.stock', { stock: groupDigits(String(product.stock)), unit: product.unit })}
      />
    </Card>
  );
}
