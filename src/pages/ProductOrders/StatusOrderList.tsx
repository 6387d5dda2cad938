/**
 * The shell of the power and finance order tabs: the status filter over a paged list of orders,
 * each titled with its status and ending with its creation time.
 */
import { useState } from 'react';
import type { PageOf } from '../../../contract/common';
import FieldList, { type Field } from '@/components/FieldList';
import InfiniteList from '@/components/InfiniteList';
import TitleWithStatus from '@/components/TitleWithStatus';
import { useT } from '@/hooks/useT';
import OrderStatusSelect, { type OrderStatus } from './OrderStatusSelect';

interface Order {
  id: string;
  title: string;
  status: OrderStatus;
  createdAt: string;
}

interface Props<T extends Order> {
  fetchPage: (query: { page: number; pageSize: number; status?: OrderStatus }) => Promise<PageOf<T>>;
  /** the order's own [label, value] fields, before the creation time */
  fields: (order: T) => Field[];
}

export default function StatusOrderList<T extends Order>({ fetchPage, fields }: Props<T>) {
  const t = useT();
  const [status, setStatus] = useState<OrderStatus>();
  return (
    <>
      <OrderStatusSelect value={status} onChange={setStatus} />
      <InfiniteList
        fetchPage={(query) => fetchPage({ ...query, status })}
        reloadDeps={[status]}
        rowKey={(order) => order.id}
        renderItem={(order) => (
          <FieldList
            title={<TitleWithStatus title={order.title} prefix="order.status" status={order.status} />}
            fields={[...fields(order), [t('common.createdAt'), order.createdAt]]}
          />
        )}
      />
    </>
  );
}
