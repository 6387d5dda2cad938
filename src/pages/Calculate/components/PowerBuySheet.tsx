/** Buying a power product: hashrate amount, total to pay, the daily fees it will carry, then PaySheet. */
import { Descriptions, Form, InputNumber, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import type { PowerProductType } from '../../../../contract/product';
import { powerDay } from '../../../../contract/rules/powerOutput';
import Money from '@/components/Money';
import { fromUnits, toUnits } from '../../../../contract/rules/money';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import PaySheet from './PaySheet';

interface Values {
  units: number;
}

export default function PowerBuySheet({ product, onClose, onBought }: { product: PowerProductType | null; onClose: () => void; onBought: () => void }) {
  const t = useT();
  if (!product) return null;
  const pay = async ({ units, payPassword }: Values & { payPassword: string }, key: string) => {
    const order = await productApi.powerOrderCreate({ productId: product.id, units, payPassword }, { headers: { 'Idempotency-Key': key } });
    message.success(t('buy.powerDone', { date: order.startDate }));
    onBought();
  };
  return (
    <PaySheet<Values> open title={`${t('buy.powerTitle')} · ${product.title}`} initialValues={{ units: product.minUnits }} onClose={onClose} onPay={pay}>
      {({ units }) => {
        const count = units && units >= 1 ? Math.floor(units) : 0;
        const day = powerDay(
          { dailyOutputPerUnit: toUnits(product.dailyOutputPerUnit), electricityFeePerUnit: toUnits(product.electricityFeePerUnit), managementFeeRate: toUnits(product.managementFeeRate) },
          count,
        );
        return (
          <>
            <Form.Item name="units" label={t('calc.units')} rules={[{ required: true }]}>
              <InputNumber min={product.minUnits} max={product.stock} precision={0} addonAfter={product.unit} style={{ width: '100%' }} inputMode="numeric" />
            </Form.Item>
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('buy.total')}>
                <Money strong value={fromUnits(BigInt(count) * toUnits(product.pricePerUnit))} currency="USDT" />
              </Descriptions.Item>
              <Descriptions.Item label={t('buy.dailyFees')}>
                <Money value={fromUnits(day.fee)} currency={product.coin} />
              </Descriptions.Item>
              <Descriptions.Item label={t('calc.dailyNet')}>
                <Money value={fromUnits(day.net)} currency={product.coin} />
              </Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary">{t('buy.startsTomorrow')}</Typography.Paragraph>
          </>
        );
      }}
    </PaySheet>
  );
}
