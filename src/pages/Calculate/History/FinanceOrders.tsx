/** The finance orders tab: the user's finance orders, filtered by status. */
import { useState } from 'react';
import FieldList from '@/components/FieldList';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import TitleWithStatus from '@/components/TitleWithStatus';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import OrderStatusSelect, { type OrderStatus } from './OrderStatusSelect';

export default function FinanceOrders() {
  const t = useT();
  const [status, setStatus] = useState<OrderStatus>();
  return (
    <>
      <OrderStatusSelect value={status} onChange={setStatus} />
      <InfiniteList
        fetchPage={(query) => productApi.financeOrders({ ...query, status })}
        reloadDeps={[status]}
        rowKey={(order) => order.id}
        renderItem={(order) => (
          <FieldList
            title={<TitleWithStatus title={order.title} prefix="order.status" status={order.status} />}
            fields={[
              [t('history.principal'), <Money value={order.principal} currency={order.currency} />],
              [t('product.finance.annualRate'), `${order.annualRate}%`],
              [t('history.interest'), <Money value={order.interestEarned} currency={order.currency} />],
              [t('history.period'), `${order.startDate} ~ ${order.maturityDate}`],
              [t('common.createdAt'), order.createdAt],
            ]}
          />
        )}
      />
    </>
  );
}
