/** A mall order in a list: number, status, item, total, and links to its details and logistics. */
import { Card, Flex, Typography } from 'antd';
import { Link } from '@umijs/max';
import type { MallOrderType } from '../../contract/mall';
import { useT } from '@/hooks/useT';
import Money from './Money';
import StatusTag from './StatusTag';

export default function OrderCard({ order, listType }: { order: MallOrderType; listType: string }) {
  const t = useT();
  return (
    <Card
      size="small"
      style={{ width: '100%' }}
      title={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${t('mall.orderNo')} ${order.orderNo}`}</Typography.Text>}
      extra={<StatusTag prefix="mall.status" status={order.status} />}
      actions={[
        <Link key="details" to={`/shopping/order_details/${listType}/${order.id}`}>
          {t('mall.details')}
        </Link>,
        ...(order.actions.includes('logistics')
          ? [
              <Link key="logistics" to={`/shopping/order_logistics/${order.id}`}>
                {t('menu.shopping.orderLogistics')}
              </Link>,
            ]
          : []),
      ]}
    >
      <Flex gap={12}>
        <img src={order.cover} alt={order.title} style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 6 }} />
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text ellipsis>{order.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${order.skuName} × ${order.quantity}`}</Typography.Text>
          <Typography.Text style={{ marginTop: 'auto' }}>
            {t('mall.total')} <Money value={order.total} currency="USDT" strong />
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
