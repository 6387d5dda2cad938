/**
 * A money amount from a decimal string: digits grouped, shown as given (never through a float),
 * with its currency code. `signed` colours gains and losses and prefixes gains with "+".
 */
import { Typography } from 'antd';
import React from 'react';
import { toSignedUnits } from '../../../contract/rules/money';
import { groupDigits, roundDownForDisplay } from '../../../contract/rules/moneyDisplay';

interface Props {
  value: string;
  currency?: string;
  signed?: boolean;
  strong?: boolean;
  style?: React.CSSProperties;
  /** decimals to show, always that many, rounded down, for fiat-like figures (USDT totals, estimates); exact when omitted */
  places?: number;
}

export default function Money({ value: exact, currency, signed = false, strong = false, style, places }: Props) {
  const value = places === undefined ? exact : roundDownForDisplay(exact, places);
  const units = signed ? toSignedUnits(value) : 0n;
  const negative = units < 0n;
  const text = `${units > 0n ? '+' : ''}${groupDigits(value)}`;
  return (
    <Typography.Text
      strong={strong}
      type={signed ? (negative ? 'danger' : 'success') : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', ...style }}
    >
      {text}
      {currency ? ` ${currency}` : null}
    </Typography.Text>
  );
}
