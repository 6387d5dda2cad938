/** The power orders tab: the user's power orders, filtered by status. */
import Money from '@/components/Money';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import StatusOrderList from './StatusOrderList';

export default function PowerOrders() {
  const t = useT();
  return (
    <StatusOrderList
      fetchPage={(query) => productApi.powerOrders(query)}
      fields={(order) => [
        [t('history.units'), `${order.units} ${order.unit}`],
        [t('history.paid'), <Money value={order.amountUsdt} currency="USDT" />],
        [t('history.output'), <Money value={order.outputTotal} currency={order.coin} />],
        [t('history.period'), `${order.startDate} ~ ${order.endDate}`],
      ]}
    />
  );
}
