/** A mall order in a list: number, status, item, total, a link to its details and its actions. */
import { Card, Flex, Typography } from 'antd';
import { Link } from '@umijs/max';
import type { MallOrderType } from '../../../../../contract/mall';
import Money from '@/components/Money';
import StatusTag from '@/components/StatusTag';
import { useT } from '@/hooks/useT';
import MallOrderActions from '../MallOrderActions';
import { ellipsisStyle } from '@/utils/ellipsis';

interface Props {
  order: MallOrderType;
  /** the list tab the card is in; the details page goes back to it */
  listType: string;
  onChange: (order: MallOrderType) => void;
}

export default function MallOrderCard({ order, listType, onChange }: Props) {
  const t = useT();
  const detailsPath = `/shopping/order_details/${listType}/${order.id}`;
  return (
    <Card
      size="small"
      style={{ width: '100%' }}
      data-testid={`mall-order-${order.id}`}
      title={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${t('mall.orderNo')} ${order.orderNo}`}</Typography.Text>}
      extra={<StatusTag prefix="mall.status" status={order.status} />}
    >
      <Link to={detailsPath} style={{ color: 'inherit' }}>
        <Flex gap={12}>
          <img src={order.cover} alt={order.title} style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 6 }} />
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text style={ellipsisStyle()}>{order.title}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${order.skuName} × ${order.quantity}`}</Typography.Text>
            <Typography.Text style={{ marginTop: 'auto' }}>
              {t('mall.total')} <Money value={order.total} currency="USDT" strong />
            </Typography.Text>
          </Flex>
        </Flex>
      </Link>
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
        <Link to={detailsPath}>{t('mall.details')}</Link>
        <MallOrderActions order={order} onChange={onChange} />
      </Flex>
    </Card>
  );
}
