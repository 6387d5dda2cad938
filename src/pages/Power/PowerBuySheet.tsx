/** Buying a power product: hashrate amount, total to pay, the daily fees it will carry, then PaySheet. */
import { Descriptions, Form, Typography } from 'antd';
import CountInput, { countRule, parseCount } from '@/components/AmountInput/CountInput';
import { message } from '@/components/Feedback/notifier';
import type { PowerProductType } from '../../../contract/product';
import { powerDay } from '../../../contract/rules/powerOutput';
import Money from '@/components/Money';
import { fromUnits, toUnits } from '../../../contract/rules/money';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import PaySheet from '@/components/products/PaySheet';

interface Values {
  /** as typed: a whole number of units, refused with a message otherwise (never rounded) */
  units: string;
}

export default function PowerBuySheet({ product, onClose, onBought }: { product: PowerProductType | null; onClose: () => void; onBought: () => void }) {
  const t = useT();
  if (!product) return null;
  const pay = async ({ units, payPassword }: Values & { payPassword: string }, key: string) => {
    const order = await productApi.powerOrderCreate({ productId: product.id, units: parseCount(units)!, payPassword }, { headers: { 'Idempotency-Key': key } });
    message.success(t('buy.powerDone', { date: order.startDate }));
    onBought();
  };
  return (
    <PaySheet<Values> open title={`${t('buy.powerTitle')} · ${product.title}`} currency="USDT" initialValues={{ units: String(product.minUnits) }} onClose={onClose} onPay={pay}>
      {({ units }) => {
        // the total follows what is typed; a text that is not a whole number counts as nothing
        const count = parseCount(units) ?? 0;
        const day = powerDay(
          { dailyOutputPerUnit: toUnits(product.dailyOutputPerUnit), electricityFeePerUnit: toUnits(product.electricityFeePerUnit), managementFeeRate: toUnits(product.managementFeeRate) },
          count,
        );
        return (
          <>
            <Form.Item name="units" label={t('calc.units')} rules={[countRule(t, () => ({ min: product.minUnits, max: product.stock }), () => product.unit)]}>
              <CountInput unit={product.unit} />
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
