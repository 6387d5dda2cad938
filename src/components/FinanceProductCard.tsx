/** A finance product: annual rate, lock period, amount limits and quota used. */
import { Card, Flex, Progress, Statistic, theme } from 'antd';
import type { FinanceProductType } from '../../contract/product';
import { toUnits } from '../../contract/rules/money';
import { wholePercent } from '../../contract/rules/moneyDisplay';
import FieldList from '@/components/FieldList';
import { useT } from '@/hooks/useT';
import Money from './Money';
import TitleWithStatus from './TitleWithStatus';

const LIMITS_COLUMNS = { xs: 1, sm: 2 };

export default function FinanceProductCard({ product }: { product: FinanceProductType }) {
  const t = useT();
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
      <FieldList
        columns={LIMITS_COLUMNS}
        style={{ marginTop: 8 }}
        fields={[
          [t('product.finance.minAmount'), <Money value={product.minAmount} currency={product.currency} />],
          [t('product.finance.maxAmount'), <Money value={product.maxAmount} currency={product.currency} />],
          [t('product.finance.quota'), <Money value={product.quota} currency={product.currency} />],
        ]}
      />
      <Progress aria-label={t('product.finance.quotaUsed')} percent={wholePercent(toUnits(product.sold), toUnits(product.quota))} />
    </Card>
  );
}
