/** The figures of one output estimate (contract/rules/powerOutput), every one labelled as an estimate. */
import { Descriptions, Typography } from 'antd';
import type { PowerEstimate } from '../../../contract/rules/powerOutput';
import Money from '@/components/Money';
import { fromUnits } from '../../../contract/rules/money';
import { useT } from '@/hooks/useT';

export default function EstimateResult({ estimate, coin }: { estimate: PowerEstimate; coin: string }) {
  const t = useT();
  const days = estimate.days;
  const coinMoney = (units: bigint) => <Money value={fromUnits(units)} currency={coin} />;
  return (
    <Descriptions size="small" column={1} bordered title={t('calc.result')}>
      <Descriptions.Item label={t('calc.cost')}>
        <Money value={fromUnits(estimate.cost)} currency="USDT" />
      </Descriptions.Item>
      <Descriptions.Item label={t('calc.dailyGross')}>{coinMoney(estimate.perDay.gross)}</Descriptions.Item>
      <Descriptions.Item label={t('calc.dailyFees')}>{coinMoney(estimate.perDay.fee)}</Descriptions.Item>
      <Descriptions.Item label={t('calc.dailyNet')}>{coinMoney(estimate.perDay.net)}</Descriptions.Item>
      <Descriptions.Item label={t('calc.totalGross', { days })}>{coinMoney(estimate.gross)}</Descriptions.Item>
      <Descriptions.Item label={t('calc.totalFees', { days })}>{coinMoney(estimate.electricityFee + estimate.managementFee)}</Descriptions.Item>
      <Descriptions.Item label={t('calc.totalNet', { days })}>
        <Typography.Text strong>{coinMoney(estimate.net)}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('calc.netValue')}>
        <Money value={fromUnits(estimate.netUsdt)} currency="USDT" />
      </Descriptions.Item>
      <Descriptions.Item label={t('calc.profit')}>
        <Money value={fromUnits(estimate.profitUsdt)} currency="USDT" signed />
      </Descriptions.Item>
      <Descriptions.Item label={t('calc.breakEven')}>
        {estimate.breakEvenDay === null ? t('calc.noBreakEven') : t('calc.breakEvenDay', { day: estimate.breakEvenDay })}
      </Descriptions.Item>
    </Descriptions>
  );
}
