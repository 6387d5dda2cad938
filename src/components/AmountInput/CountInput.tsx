/**
 * A whole count (hashrate units, days, quantity) typed as text and kept as typed (full-width
 * digits read as ASCII ones, ./halfWidthDigits): "1.5" or "-1" is refused by `countRule` with a
 * message, never rounded or clamped silently.
 */
import { Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { halfWidthDigits } from './halfWidthDigits';

interface Props {
  value?: string | number;
  onChange?: (value: string) => void;
  unit?: string;
  id?: string;
  'aria-label'?: string;
}

export default function CountInput({ value, onChange, unit, id, ...rest }: Props) {
  const input = (
    <Input
      id={id}
      aria-label={rest['aria-label']}
      value={value === undefined ? undefined : String(value)}
      inputMode="numeric"
      autoComplete="off"
      onChange={(event) => onChange?.(halfWidthDigits(event.target.value))}
    />
  );
  if (!unit) return input;
  // the unit beside the field (antd 5.29 retires Input's addonAfter for this)
  return (
    <Space.Compact block>
      {input}
      <Space.Addon>{unit}</Space.Addon>
    </Space.Compact>
  );
}

type Translate = (id: string, values?: Record<string, string | number>) => string;

/** The whole number a count field holds, or undefined when it is not one. */
export function parseCount(value: string | number | undefined): number | undefined {
  const text = String(value ?? '').trim();
  return /^[0-9]{1,9}$/.test(text) ? Number(text) : undefined;
}

/** Required, a whole number, within [min, max] (read when validating). */
export function countRule(t: Translate, limits: () => { min?: number; max?: number }, unit: () => string = () => ''): Rule {
  return {
    validator: async (_, value: string | number | undefined) => {
      if (value === undefined || String(value).trim() === '') throw new Error(t('money.amountRequired'));
      const count = parseCount(value);
      if (count === undefined) throw new Error(t('money.problem.wholeNumber'));
      const { min, max } = limits();
      if (min !== undefined && count < min) throw new Error(t('money.problem.belowMinimum', { min, currency: unit() }));
      if (max !== undefined && count > max) throw new Error(t('money.problem.aboveMaximum', { max, currency: unit() }));
    },
  };
}
