/**
 * The bottom sheet every purchase on /calculate goes through: the caller's fields and summary,
 * the agreement, the pay password and one Idempotency-Key per distinct request (a retry of the
 * same request reuses it, a changed amount gets a new one). Errors are shown by the request layer.
 */
import { Button, Checkbox, Form, Typography } from 'antd';
import BottomSheet from '@/components/BottomSheet';
import PayPasswordField from '@/components/PayPasswordField';
import { useRef, useState, type ReactNode } from 'react';
import { useT } from '@/hooks/useT';
import { newIdempotencyKey } from '@/services/idempotencyKey';

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
  const [paying, setPaying] = useState(false);
  const key = useRef(newIdempotencyKey());

  const submit = async (submitted: V & PayValues) => {
    setPaying(true);
    try {
      await onPay(submitted, key.current);
      key.current = newIdempotencyKey();
      onClose();
    } catch {
      // the request layer has shown the error; the sheet stays open for a retry with the same key
    } finally {
      setPaying(false);
    }
  };

  return (
    <BottomSheet
      open={open}
      title={title}
      destroyOnClose
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (visible) key.current = newIdempotencyKey();
      }}
      styles={{ body: { paddingBottom: 24 } }}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues as never}
        onFinish={submit}
        onValuesChange={(changed) => {
          if (Object.keys(changed).some((name) => !PAY_FIELDS.has(name))) key.current = newIdempotencyKey();
        }}
      >
        {children(values)}
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
        <Button type="primary" htmlType="submit" block size="large" loading={paying}>
          {t('buy.confirm')}
        </Button>
      </Form>
    </BottomSheet>
  );
}
