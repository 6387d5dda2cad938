/** A coloured tag for an order or product state, its text from `<prefix>.<status>` in the locales. */
import { Tag } from 'antd';
import { useT } from '@/hooks/useT';

const COLORS: Record<string, string> = {
  upcoming: 'blue', on_sale: 'green', sold_out: 'default',
  pending: 'blue', active: 'green', ended: 'default',
  unpaid: 'orange', paid: 'blue', shipped: 'cyan', completed: 'green', cancelled: 'default',
  waiting: 'orange', in_transit: 'blue', delivered: 'green',
  success: 'green',
  review: 'orange', processing: 'blue', broadcast: 'blue', confirming: 'blue', rejected: 'red', failed: 'red',
};

export default function StatusTag({ prefix, status }: { prefix: string; status: string }) {
  const t = useT();
  return <Tag color={COLORS[status] ?? 'default'}>{t(`${prefix}.${status}`)}</Tag>;
}
