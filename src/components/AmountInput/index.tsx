/**
 * A money amount typed as a decimal string (never a float): digits and one point only, the
 * currency as suffix and a Max button that fills in the largest allowed amount.
 */
import { Button, Input, Space } from 'antd';
import { useT } from '@/hooks/useT';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  currency?: string;
  /** what Max fills in; no Max button without it */
  max?: string;
  placeholder?: string;
  id?: string;
}

/** Keeps what can become a decimal: digits and the first point ("1,5" becomes "1.5"). */
export function cleanAmountText(text: string): string {
  const [whole, ...rest] = text.replace(/,/g, '.').replace(/[^\d.]/g, '').split('.');
  return rest.length ? `${whole}.${rest.join('')}` : whole;
}

export default function AmountInput({ value, onChange, currency, max, placeholder, id }: Props) {
  const t = useT();
  return (
    <Input
      id={id}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder ?? t('money.amountPlaceholder')}
      onChange={(event) => onChange?.(cleanAmountText(event.target.value))}
      suffix={
        <Space size={4}>
          {currency}
          {max !== undefined && (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onChange?.(max)}>
              {t('money.max')}
            </Button>
          )}
        </Space>
      }
    />
  );
}
