/**
 * The bottom sheet every purchase on /calculate goes through: the caller's fields and summary,
 * the agreement, the pay password and its Idempotency-Key by the attempt rule of usePayAttempt
 * (the request: the values of the caller's fields); without a pay password, PayPasswordRequired
 * instead of the agreement, the password and the button. Errors are shown by the request layer.
 */
import { Button, Checkbox, Form, Typography } from 'antd';
import ConfirmSheet from '@/components/ConfirmSheet';
import PayPasswordField from '@/components/PayPasswordField';
import PayPasswordRequired, { useNeedsPayPassword } from '@/components/PayPasswordRequired';
import type { ReactNode } from 'react';
import { usePayAttempt } from '@/hooks/usePayAttempt';
import { useT } from '@/hooks/useT';

export interface PayValues {
  payPassword: string;
  agreed: boolean;
}

interface Props<V extends object> {
  open: boolean;
  title: string;
  initialValues: Partial<V>;
  onClose: () => void;
  /** resolves when paid (the sheet then closes), rejects to stay open */
  onPay: (values: V & PayValues, idempotencyKey: string) => Promise<void>;
  /** the fields and the summary; gets the current values */
  children: (values: Partial<V>) => ReactNode;
}

const PAY_FIELDS = new Set(['payPassword', 'agreed']);

export default function PaySheet<V extends object>({ open, title, initialValues, onClose, onPay, children }: Props<V>) {
  const t = useT();
  const [form] = Form.useForm<V & PayValues>();
  const values = (Form.useWatch([], form) ?? initialValues) as Partial<V>;
  const { busy, run, reset } = usePayAttempt<Partial<V>>();
  const needsPayPassword = useNeedsPayPassword();

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
        {needsPayPassword ? (
          <PayPasswordRequired />
        ) : (
          <>
            <Form.Item
              name="agreed"
              valuePropName="checked"
              rules={[{ validator: (_, agreed) => (agreed ? Promise.resolve() : Promise.reject(new Error(t('buy.agreementRequired')))) }]}
            >
              <Checkbox>
                <Typography.Text type="secondary">{t('buy.agreement')}</Typography.Text>
              </Checkbox>
            </Form.Item>
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
