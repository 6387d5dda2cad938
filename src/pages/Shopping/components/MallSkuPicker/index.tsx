/** The SKU options of a goods item with their price and stock (sold-out ones disabled), and the quantity stepper. */
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Radio, Space, Typography } from 'antd';
import type React from 'react';
import { useEffect, useState } from 'react';
import { parseCount } from '@/components/AmountInput/CountInput';
import type { SkuType } from '../../../../../contract/mall';
import { useIsPhone } from '@/hooks/useIsPhone';
import { useT } from '@/hooks/useT';

/** the server accepts 1–99 per order */
const MAX_QUANTITY = 99;

interface Props {
  skus: SkuType[];
  skuId: string | undefined;
  quantity: number;
  onChange: (skuId: string, quantity: number) => void;
  /** false while the typed quantity is refused (the page then does not let the user buy) */
  onValidChange?: (valid: boolean) => void;
}

/** a SKU is a finger's 44 px to choose */
const SKU_CHOICE: React.CSSProperties = { height: 44, lineHeight: '42px' };

export default function MallSkuPicker({ skus, skuId, quantity, onChange, onValidChange }: Props) {
  const t = useT();
  // on phones the quantity box is a finger's 44 px tall (src/constants/theme.ts): the − and + beside it match
  const stepStyle = useIsPhone() ? { width: 44, height: 44 } : undefined;
  const sku = skus.find((s) => s.id === skuId);
  const max = Math.max(1, Math.min(MAX_QUANTITY, sku?.stock ?? 1));
  const setQuantity = (value: number) => skuId && onChange(skuId, Math.min(max, Math.max(1, value)));
  // the quantity as typed: a text that is not a whole number within 1–max is refused with a
  // message, never rounded or clamped
  const [text, setText] = useState(String(quantity));
  useEffect(() => setText(String(quantity)), [quantity]);
  const typed = parseCount(text);
  const problem =
    typed === undefined ? t('money.problem.wholeNumber') : typed < 1 ? t('money.problem.belowMinimum', { min: 1, currency: '' }) : typed > max ? t('money.problem.aboveMaximum', { max, currency: '' }) : undefined;
  useEffect(() => onValidChange?.(!problem), [problem, onValidChange]);
  const type = (value: string) => {
    setText(value);
    const count = parseCount(value);
    if (skuId && count !== undefined && count >= 1 && count <= max && count !== quantity) onChange(skuId, count);
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('mall.skus')}</Typography.Text>
      <Radio.Group
        value={skuId}
        onChange={(event) => {
          const next = skus.find((s) => s.id === event.target.value)!;
          onChange(next.id, Math.min(quantity, Math.max(1, next.stock)));
        }}
      >
        <Flex gap={8} wrap>
          {skus.map((option) => (
            <Radio.Button key={option.id} value={option.id} disabled={option.stock === 0} style={SKU_CHOICE}>
              {option.name}
              {option.stock === 0 ? ` · ${t('mall.soldOut')}` : ''}
            </Radio.Button>
          ))}
        </Flex>
      </Radio.Group>
      <Flex align="center" gap={12}>
        <Typography.Text type="secondary">{t('mall.quantity')}</Typography.Text>
        <Space.Compact>
          <Button icon={<MinusOutlined />} disabled={!sku || quantity <= 1} onClick={() => setQuantity(quantity - 1)} aria-label="-" style={stepStyle} />
          <Input
            value={text}
            inputMode="numeric"
            autoComplete="off"
            disabled={!sku || sku.stock === 0}
            status={problem ? 'error' : undefined}
            onChange={(event) => type(event.target.value)}
            aria-label={t('mall.quantity')}
            aria-invalid={!!problem}
            style={{ width: 56, textAlign: 'center' }}
          />
          <Button icon={<PlusOutlined />} disabled={!sku || quantity >= max} onClick={() => setQuantity(quantity + 1)} aria-label="+" style={stepStyle} />
        </Space.Compact>
        {sku && <Typography.Text type="secondary">{t('mall.stock', { stock: sku.stock })}</Typography.Text>}
      </Flex>
      {problem && (
        <Typography.Text type="danger" role="alert" data-testid="mall-quantity-error">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
