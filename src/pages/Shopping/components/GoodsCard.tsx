/** A goods item in the mall grid: cover, title, price and sales. */
import { Card, Flex, Typography } from 'antd';
import { Link } from '@umijs/max';
import type { GoodsSummaryType } from '../../../../contract/mall';
import { useT } from '@/hooks/useT';
import Money from '@/components/Money';

export default function GoodsCard({ goods }: { goods: GoodsSummaryType }) {
  const t = useT();
  return (
    <Link to={`/shopping/goods/${goods.id}`}>
      <Card
        hoverable
        size="small"
        cover={<img src={goods.cover} alt={goods.title} loading="lazy" style={{ aspectRatio: '1 / 1', objectFit: 'cover' }} />}
      >
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ minHeight: 44, marginBottom: 4 }}>
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
