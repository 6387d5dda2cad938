/** The SKU options of a goods item with their price and stock (sold-out ones disabled), and the quantity stepper. */
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, InputNumber, Radio, Space, Typography } from 'antd';
import type { SkuType } from '../../../../../contract/mall';
import { useT } from '@/hooks/useT';

/** the server accepts 1–99 per order */
const MAX_QUANTITY = 99;

interface Props {
  skus: SkuType[];
  skuId: string | undefined;
  quantity: number;
  onChange: (skuId: string, quantity: number) => void;
}

export default function MallSkuPicker({ skus, skuId, quantity, onChange }: Props) {
  const t = useT();
  const sku = skus.find((s) => s.id === skuId);
  const max = Math.max(1, Math.min(MAX_QUANTITY, sku?.stock ?? 1));
  const setQuantity = (value: number) => skuId && onChange(skuId, Math.min(max, Math.max(1, value)));
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
            <Radio.Button key={option.id} value={option.id} disabled={option.stock === 0}>
              {option.name}
              {option.stock === 0 ? ` · ${t('mall.soldOut')}` : ''}
            </Radio.Button>
          ))}
        </Flex>
      </Radio.Group>
      <Flex align="center" gap={12}>
        <Typography.Text type="secondary">{t('mall.quantity')}</Typography.Text>
        <Space.Compact>
          <Button icon={<MinusOutlined />} disabled={!sku || quantity <= 1} onClick={() => setQuantity(quantity - 1)} aria-label="-" />
          <InputNumber
            min={1}
            max={max}
            precision={0}
            controls={false}
            value={quantity}
            disabled={!sku || sku.stock === 0}
            onChange={(value) => setQuantity(Number(value) || 1)}
            aria-label={t('mall.quantity')}
            style={{ width: 56, textAlign: 'center' }}
          />
          <Button icon={<PlusOutlined />} disabled={!sku || quantity >= max} onClick={() => setQuantity(quantity + 1)} aria-label="+" />
        </Space.Compact>
        {sku && <Typography.Text type="secondary">{t('mall.stock', { stock: sku.stock })}</Typography.Text>}
      </Flex>
    </Flex>
  );
}
