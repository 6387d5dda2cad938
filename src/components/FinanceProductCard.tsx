/** A finance product: annual rate, lock period, amount limits and quota used. */
import { Card, Descriptions, Flex, Progress, Statistic, Tag } from 'antd';
import type { FinanceProductType } from '../../contract/product';
import { useT } from '@/hooks/useT';
import Money from './Money';
import { percentOf } from './Money/decimal';

const STATUS_COLOR: Record<FinanceProductType['status'], string> = { on_sale: 'green', sold_out: 'default', ended: 'default' };

export default function FinanceProductCard({ product }: { product: FinanceProductType }) {
  const t = useT();
  return (
    <Card
      size="small"
      style={{ width: '100%' }}
      title={
        <Flex gap={8} align="center">
          <span>{product.title}</span>
          <Tag color={STATUS_COLOR[product.status]}>{t(`product.status.${product.status}`)}</Tag>
        </Flex>
      }
    >
      <Flex gap={24} wrap>
        <Statistic title={t('product.finance.annualRate')} value={product.annualRate} suffix="%" valueStyle={{ color: '#cf1322' }} />
        <Statistic title={t('product.finance.lockDays')} value={t('common.days', { days: product.lockDays })} />
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('product.finance.minAmount')}>
          <Money value={product.minAmount} currency={product.currency} />
        </Descriptions.Item>
        <Descriptions.Item label={t('product.finance.maxAmount')}>
          <Money value={product.maxAmount} currency={product.currency} />
        </Descriptions.Item>
        <Descriptions.Item label={t('product.finance.quota')}>
          <Money value={product.quota} currency={product.currency} />
        </Descriptions.Item>
      </Descriptions>
      <Progress percent={percentOf(product.sold, product.quota)} />
    </Card>
  );
}
