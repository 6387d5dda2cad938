/**
 * The bottom sheet every purchase on /calculate goes through: the caller's fields and summary,
 * the available balance of the currency paid with, the agreement (AgreementField), the pay
 * password and its Idempotency-Key by the attempt rule of usePayAttempt
 * (the request: the values of the caller's fields); without a pay password, PayPasswordRequired
 * instead of the agreement, the password and the button. Errors are shown by the request layer.
 */
import { Button, Form, Typography } from 'antd';
import { useRequest } from 'ahooks';
import ConfirmSheet from '@/components/ConfirmSheet';
import Money from '@/components/Money';
import PayPasswordField from '@/components/PayPasswordField';
import PayPasswordRequired, { useNeedsPayPassword } from '@/components/PayPasswordRequired';
import type { ReactNode } from 'react';
import { usePayAttempt } from '@/hooks/usePayAttempt';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';
import AgreementField from './AgreementField';

export interface PayValues {
  payPassword: string;
  agreed: boolean;
}

interface Props<V extends object> {
  open: boolean;
  title: string;
  initialValues: Partial<V>;
  /** the currency the purchase is paid with: its available balance is shown */
  currency?: string;
  onClose: () => void;
  /** resolves when paid (the sheet then closes), rejects to stay open */
  onPay: (values: V & PayValues, idempotencyKey: string) => Promise<void>;
  /** the fields and the summary; gets the current values */
  children: (values: Partial<V>) => ReactNode;
}

const PAY_FIELDS = new Set(['payPassword', 'agreed']);

export default function PaySheet<V extends object>({ open, title, initialValues, currency, onClose, onPay, children }: Props<V>) {
  const t = useT();
  const [form] = Form.useForm<V & PayValues>();
  const values = (Form.useWatch([], form) ?? initialValues) as Partial<V>;
  const { busy, run, reset } = usePayAttempt<Partial<V>>();
  const needsPayPassword = useNeedsPayPassword();
  const balance = useRequest(() => accountApi.account({ currency }), { ready: open && !!currency, refreshDeps: [currency] });
  const available = balance.data?.balances.find((item) => item.currency === currency)?.available;

  const submit = async (submitted: V & PayValues) => {
    const request = Object.fromEntries(Object.entries(submitted).filter(([name]) => !PAY_FIELDS.has(name))) as Partial<V>;
    // a refusal was shown by the request layer; the sheet stays open for a retry
    if (await run((keyFor) => onPay(submitted, keyFor(submitted.payPassword, request)))) onClose();
  };

  return (
    <ConfirmSheet open={open} title={title} onClose={onClose} onClosed={reset}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues as never}
        onFinish={submit}
      >
        {children(values)}
        {currency && (
          <Typography.Paragraph data-testid="pay-available">
            {t('buy.available')} {available === undefined ? '…' : <Money value={available} currency={currency} strong />}
          </Typography.Paragraph>
        )}
        {needsPayPassword ? (
          <PayPasswordRequired />
        ) : (
          <>
            <AgreementField name="agreed" />
            <PayPasswordField />
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              {t('buy.confirm')}
            </Button>
          </>
        )}
      </Form>
    </ConfirmSheet>
  );
}
