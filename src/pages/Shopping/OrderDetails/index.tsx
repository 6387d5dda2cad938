/**
 * /shopping/order_details/:type/:id: status (with the pay countdown of an unpaid order), item,
 * amounts, receiver, order number (copy), times and the actions; back returns to the tab `type`.
 */
import { Card, Descriptions, Flex, Typography } from 'antd';
import { useParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import AsyncContent from '@/components/AsyncContent';
import MallCountdown from '../components/MallCountdown';
import MallOrderActions from '../components/MallOrderActions';
import Money from '@/components/Money';
import RouteTitleBar from '@/components/RouteTitleBar';
import StatusTag from '@/components/StatusTag';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { mallApi } from '@/services';

export default function OrderDetailsPage() {
  const t = useT();
  const { type = '0', id = '' } = useParams<{ type: string; id: string }>();
  const ready = !!useCurrentUser();
  const { data: order, loading, error, refresh, mutate } = useRequest(() => mallApi.orderDetail(id), { ready, refreshDeps: [id] });

  const times = order
    ? ([
        ['mall.createdAt', order.createdAt],
        ['mall.payDeadline', order.payDeadline],
        ['mall.paidAt', order.paidAt],
        ['mall.shippedAt', order.shippedAt],
        ['mall.completedAt', order.completedAt],
        ['mall.cancelledAt', order.cancelledAt],
      ] as const).filter(([, time]) => time)
    : [];

  return (
    <>
      <RouteTitleBar backTo={`/shopping/order/${type}`} />
      <AsyncContent loading={loading && !order} error={!order && error} onRetry={refresh} rows={8}>
        {order && (
          <Flex vertical gap={16}>
            <Card size="small">
              <Flex vertical gap={4}>
                <Flex justify="space-between" align="center">
                  <StatusTag prefix="mall.status" status={order.status} />
                  {order.status === 'unpaid' && order.payRemainingSeconds !== undefined && (
                    <MallCountdown seconds={order.payRemainingSeconds} onExpire={refresh} />
                  )}
                </Flex>
                <Typography.Text type="secondary">{t(`mall.statusHint.${order.status}`)}</Typography.Text>
              </Flex>
            </Card>
            <Card size="small" title={t('mall.item')}>
              <Flex gap={12}>
                <img src={order.cover} alt={order.title} style={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 6 }} />
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('mall.goods')}>{order.title}</Descriptions.Item>
                  <Descriptions.Item label={t('mall.sku')}>{order.skuName}</Descriptions.Item>
                  <Descriptions.Item label={t('mall.price')}>
                    {/* one span: the item lays out its children as flex items, which drops the space before × */}
                    <span>
                      <Money value={order.price} currency="USDT" /> × {order.quantity}
                    </span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('mall.total')}>
                    <Money value={order.total} currency="USDT" strong />
                  </Descriptions.Item>
                </Descriptions>
              </Flex>
            </Card>
            <Card size="small" title={t('mall.receiver')}>
              <Typography.Text strong>{order.address.receiver}</Typography.Text>{' '}
              <Typography.Text type="secondary">{order.address.phone}</Typography.Text>
              <br />
              {[order.address.region.province, order.address.region.city, order.address.region.district, order.address.detail]
                .filter(Boolean)
                .join(' ')}
            </Card>
            <Card size="small" title={t('mall.times')}>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('mall.orderNo')}>
                  <Typography.Text copyable data-testid="mall-details-order-no">{order.orderNo}</Typography.Text>
                </Descriptions.Item>
                {times.map(([label, time]) => (
                  <Descriptions.Item key={label} label={t(label)}>
                    {time}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Card>
            <MallOrderActions order={order} size="middle" onChange={(next) => mutate(next)} />
          </Flex>
        )}
      </AsyncContent>
    </>
  );
}
