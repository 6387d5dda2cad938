/** /shopping/order/:type: the user's orders in six tabs (all, unpaid, to ship, to receive, completed, cancelled) with their actions. */
import { Button, Result } from 'antd';
import Tabs from '@/components/AppTabs';
import { useNavigate, useParams } from '@umijs/max';
import { useState } from 'react';
import { MALL_ORDER_TYPES } from '../../../../contract/mall';
import InfiniteList from '@/components/InfiniteList';
import MallOrderCard from '../components/MallOrderCard';
import RouteTitleBar from '@/components/RouteTitleBar';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { mallApi } from '@/services';

export default function OrderListPage() {
  const t = useT();
  const navigate = useNavigate();
  const params = useParams<{ type: string }>();
  const type = MALL_ORDER_TYPES.find((value) => String(value) === params.type);
  const ready = !!useCurrentUser();
  // an action moves an order to another tab: reload the list
  const [version, setVersion] = useState(0);

  // /shopping/order/9 names no list (nor an order: those are /shopping/order_details/…)
  if (type === undefined) {
    return (
      <>
        <RouteTitleBar backTo="/shopping" />
        <Result
          status="404"
          title={t('notFound.orders')}
          data-testid="not-found"
          extra={
            <Button type="primary" onClick={() => navigate('/shopping/order/0', { replace: true })}>
              {t('notFound.toOrders')}
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      <RouteTitleBar backTo="/shopping" />
      <Tabs
        activeKey={String(type)}
        onChange={(key) => navigate(`/shopping/order/${key}`, { replace: true })}
        items={MALL_ORDER_TYPES.map((value) => ({ key: String(value), label: t(`mall.type.${value}`) }))}
      />
      {ready && (
        <InfiniteList
          fetchPage={(query) => mallApi.orders({ ...query, type })}
          reloadDeps={[type, version]}
          rowKey={(order) => order.id}
          renderItem={(order) => <MallOrderCard order={order} listType={String(type)} onChange={() => setVersion((v) => v + 1)} />}
          emptyText={t('mall.noOrders')}
        />
      )}
    </>
  );
}
