/**
 * A money amount typed as a decimal string (never a float), the currency as suffix and a Max
 * button that fills in the largest allowed amount.
 *
 * What the user types stays as typed, but for full-width digits and points (１２．５ → 12.5,
 * ./halfWidthDigits): a text that is not an amount ("1e5", "-1", "1,5") is refused by the field's
 * rule (amountRule) with a message, never rewritten silently.
 * When the largest amount is not allowed (e.g. the balance is below the minimum), `maxBlocked`
 * disables Max and says why (the caller shows the same text beside the field).
 */
import { Button, Input, Space } from 'antd';
import { useT } from '@/hooks/useT';
import { halfWidthDigits } from './halfWidthDigits';

/**
 * Max looks like a small link but is a finger's 44×44 px target: the negative block margins keep
 * the field at its height (a 22 px line inside), the inline ones keep the text beside the currency.
 */
const MAX_BUTTON_STYLE = { minWidth: 44, height: 44, padding: 0, marginBlock: -11, marginInline: '-4px -8px' } as const;

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  currency?: string;
  /** what Max fills in; no Max button without it */
  max?: string;
  /** why Max cannot be used (the button is disabled) */
  maxBlocked?: string;
  placeholder?: string;
  id?: string;
}

export default function AmountInput({ value, onChange, currency, max, maxBlocked, placeholder, id }: Props) {
  const t = useT();
  return (
    <Input
      id={id}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder ?? t('money.amountPlaceholder')}
      onChange={(event) => onChange?.(halfWidthDigits(event.target.value))}
      suffix={
        <Space size={4}>
          {currency}
          {max !== undefined && (
            <Button
              type="link"
              size="small"
              style={MAX_BUTTON_STYLE}
              disabled={!!maxBlocked}
              title={maxBlocked}
              onClick={() => onChange?.(max)}
            >
              {t('money.max')}
            </Button>
          )}
        </Space>
      }
    />
  );
}
