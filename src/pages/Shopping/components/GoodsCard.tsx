/**
 * A goods item in the mall grid: cover, title, price and sales. The covers of the first screenful
 * load with the page (`eager`): a lazy image waits for layout, and one of them is usually the
 * page's largest paint; the rest wait until they scroll near.
 */
import { Card, Flex, Typography } from 'antd';
import { Link } from '@umijs/max';
import type { GoodsSummaryType } from '../../../../contract/mall';
import { useT } from '@/hooks/useT';
import Money from '@/components/Money';
import { ellipsisStyle } from '@/utils/ellipsis';

export default function GoodsCard({ goods, eager = false }: { goods: GoodsSummaryType; eager?: boolean }) {
  const t = useT();
  return (
    <Link to={`/shopping/goods/${goods.id}`}>
      <Card
        hoverable
        size="small"
        cover={<img src={goods.cover} alt={goods.title} loading={eager ? 'eager' : 'lazy'} style={{ aspectRatio: '1 / 1', objectFit: 'cover' }} />}
      >
        <Typography.Paragraph style={{ ...ellipsisStyle(2), minHeight: 44, marginBottom: 4 }}>
          {goods.title}
        </Typography.Paragraph>
        <Flex justify="space-between" align="baseline" wrap>
          <Money value={goods.price} currency="USDT" strong />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('mall.sales', { count: goods.sales })}
          </Typography.Text>
        </Flex>
      </Card>
    </Link>
  );
}
