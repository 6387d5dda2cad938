/** A finance product: annual rate, lock period, amount limits and quota used. */
import { Card, Descriptions, Flex, Progress, Statistic, theme } from 'antd';
import type { FinanceProductType } from '../../contract/product';
import { toUnits } from '../../contract/rules/money';
import { wholePercent } from '../../contract/rules/moneyDisplay';
import { SM_UP_MEDIA_QUERY } from '@/constants/app';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { useT } from '@/hooks/useT';
import Money from './Money';
import TitleWithStatus from './TitleWithStatus';

export default function FinanceProductCard({ product }: { product: FinanceProductType }) {
  const t = useT();
  const columns = useMediaQuery(SM_UP_MEDIA_QUERY) ? 2 : 1;
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      style={{ width: '100%' }}
      title={<TitleWithStatus title={product.title} prefix="product.status" status={product.status} />}
    >
      <Flex gap={24} wrap>
        <Statistic title={t('product.finance.annualRate')} value={product.annualRate} suffix="%" valueStyle={{ color: token.colorError }} />
        <Statistic title={t('product.finance.lockDays')} value={t('common.days', { days: product.lockDays })} />
      </Flex>
      <Descriptions size="small" column={columns} style={{ marginTop: 8 }}>
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
      <Progress aria-label={t('product.finance.quotaUsed')} percent={wholePercent(toUnits(product.sold), toUnits(product.quota))} />
    </Card>
  );
}
