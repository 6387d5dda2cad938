/** The power orders tab: the user's power orders, filtered by status. */
import { useState } from 'react';
import FieldList from '@/components/FieldList';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import TitleWithStatus from '@/components/TitleWithStatus';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import OrderStatusSelect, { type OrderStatus } from './OrderStatusSelect';

export default function PowerOrders() {
  const t = useT();
  const [status, setStatus] = useState<OrderStatus>();
  return (
    <>
      <OrderStatusSelect value={status} onChange={setStatus} />
      <InfiniteList
        fetchPage={(query) => productApi.powerOrders({ ...query, status })}
        reloadDeps={[status]}
        rowKey={(order) => order.id}
        renderItem={(order) => (
          <FieldList
            title={<TitleWithStatus title={order.title} prefix="order.status" status={order.status} />}
            fields={[
              [t('history.units'), `${order.units} ${order.unit}`],
              [t('history.paid'), <Money value={order.amountUsdt} currency="USDT" />],
              [t('history.output'), <Money value={order.outputTotal} currency={order.coin} />],
              [t('history.period'), `${order.startDate} ~ ${order.endDate}`],
              [t('common.createdAt'), order.createdAt],
            ]}
          />
        )}
      />
    </>
  );
}
