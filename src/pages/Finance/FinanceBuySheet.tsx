/** Subscribing to a finance product: amount within its limits, the estimated interest, then PaySheet. */
import { Descriptions, Form, Input, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import type { FinanceProductType } from '../../../contract/product';
import { interestOverLock } from '../../../contract/rules/financeInterest';
import Money from '@/components/Money';
import { fromUnits, toUnits } from '../../../contract/rules/money';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import PaySheet from '@/components/products/PaySheet';

const AMOUNT = /^(0|[1-9]\d{0,11})(\.\d{1,8})?$/;

interface Values {
  amount: string;
}

function withinLimits(amount: string | undefined, product: FinanceProductType): boolean {
  if (!amount || !AMOUNT.test(amount)) return false;
  const units = toUnits(amount);
  return units >= toUnits(product.minAmount) && units <= toUnits(product.maxAmount);
}

export default function FinanceBuySheet({ product, onClose, onBought }: { product: FinanceProductType | null; onClose: () => void; onBought: () => void }) {
  const t = useT();
  if (!product) return null;
  const pay = async ({ amount, payPassword }: Values & { payPassword: string }, key: string) => {
    const order = await productApi.financeOrderCreate({ productId: product.id, amount, payPassword }, { headers: { 'Idempotency-Key': key } });
    message.success(t('buy.financeDone', { date: order.startDate }));
    onBought();
  };
  const limits = { min: product.minAmount, max: product.maxAmount };
  return (
    <PaySheet<Values> open title={`${t('buy.financeTitle')} · ${product.title}`} currency={product.currency} initialValues={{ amount: product.minAmount }} onClose={onClose} onPay={pay}>
      {({ amount }) => {
        const principal = withinLimits(amount, product) ? toUnits(amount!) : 0n;
        return (
          <>
            <Form.Item
              name="amount"
              label={t('buy.amount', { currency: product.currency })}
              rules={[{ validator: (_, value) => (withinLimits(value, product) ? Promise.resolve() : Promise.reject(new Error(t('buy.amountInvalid', limits)))) }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('buy.total')}>
                <Money strong value={fromUnits(principal)} currency={product.currency} />
              </Descriptions.Item>
              <Descriptions.Item label={t('buy.estimatedInterest')}>
                <Money value={fromUnits(interestOverLock(principal, toUnits(product.annualRate), product.lockDays))} currency={product.currency} />
              </Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary">{t('buy.startsTomorrow')}</Typography.Paragraph>
          </>
        );
      }}
    </PaySheet>
  );
}
