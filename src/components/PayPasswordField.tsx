/** The 6-digit pay password field of every form that asks for it (money moves and /my/setting/pay-pass), validated with the shared rule. */
import { Form, Input } from 'antd';
import { isPayPassword } from '../../contract/rules/money';
import { halfWidthDigits } from '@/components/AmountInput/halfWidthDigits';
import { useT } from '@/hooks/useT';

interface Props {
  name?: string;
  label?: string;
  /** for "enter it again": the field whose value this one must equal */
  sameAs?: string;
}

export default function PayPasswordField({ name = 'payPassword', label, sameAs }: Props) {
  const t = useT();
  const text = label ?? t('payPass.field');
  return (
    <Form.Item
      name={name}
      label={text}
      dependencies={sameAs ? [sameAs] : undefined}
      // a Chinese keyboard in full-width mode types １２３４５６
      normalize={(value: string | undefined) => (value === undefined ? value : halfWidthDigits(value))}
      rules={[
        ({ getFieldValue }) => ({
          validator: async (_, value: string | undefined) => {
            if (!value || !isPayPassword(value)) throw new Error(t('payPass.invalid'));
            if (sameAs && value !== getFieldValue(sameAs)) throw new Error(t('payPass.mismatch'));
          },
        }),
      ]}
    >
      <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" aria-label={text} />
    </Form.Item>
  );
}
