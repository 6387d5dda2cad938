/** The finance orders tab: the user's finance orders, filtered by status. */
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import { financeOrderFields } from '@/components/products/financeOrderFields';
import StatusOrderList from './StatusOrderList';

export default function FinanceOrders() {
  const t = useT();
  return (
    <StatusOrderList
      fetchPage={(query) => productApi.financeOrders(query)}
      fields={(order) => [...financeOrderFields(t, order), [t('history.period'), `${order.startDate} ~ ${order.maturityDate}`]]}
    />
  );
}
