/** The order status filter of the power and finance order tabs (empty = every status). */
import { Select } from 'antd';
import type { PowerOrderType } from '../../../contract/product';
import { useT } from '@/hooks/useT';

export type OrderStatus = PowerOrderType['status'];

/** contract/product's ORDER_STATES, typed against it (front-end code only imports contract types) */
const ORDER_STATES: OrderStatus[] = ['pending', 'active', 'ended'];

export default function OrderStatusSelect({ value, onChange }: { value?: OrderStatus; onChange: (status?: OrderStatus) => void }) {
  const t = useT();
  return (
    <Select
      allowClear
      style={{ width: '100%', marginBottom: 8 }}
      placeholder={t('history.allStatuses')}
      aria-label={t('history.status')}
      value={value}
      onChange={onChange}
      options={ORDER_STATES.map((status) => ({ value: status, label: t(`order.status.${status}`) }))}
    />
  );
}
