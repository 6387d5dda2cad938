/** /shopping/goods/:id: images, title, price, SKUs with their stock, and the description. */
import { Card, Carousel, Col, Flex, Row, Tag, Typography } from 'antd';
import { useParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import AsyncContent from '@/components/AsyncContent';
import Money from '@/components/Money';
import RouteTitleBar from '@/components/RouteTitleBar';
import { useT } from '@/hooks/useT';
import { mallApi } from '@/services';

export default function GoodsPage() {
  const t = useT();
  const { id = '' } = useParams<{ id: string }>();
  const { data: goods, loading, error, refresh } = useRequest(() => mallApi.goodsDetail(id), { refreshDeps: [id] });

  return (
    <>
      <RouteTitleBar />
      <AsyncContent loading={loading} error={error} onRetry={refresh} rows={8}>
        {goods && (
          <Row gutter={[24, 16]}>
            <Col xs={24} md={10}>
              <Carousel dots={goods.images.length > 1}>
                {(goods.images.length ? goods.images : [goods.cover]).map((image) => (
                  <div key={image}>
                    <img src={image} alt={goods.title} style={{ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: 8 }} />
                  </div>
                ))}
              </Carousel>
            </Col>
            <Col xs={24} md={14}>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                {goods.title}
              </Typography.Title>
              <Flex align="baseline" gap={12}>
                <Money value={goods.price} currency="USDT" strong style={{ fontSize: 24 }} />
                <Typography.Text type="secondary">{t('mall.sales', { count: goods.sales })}</Typography.Text>
              </Flex>
              <Card size="small" title={t('mall.skus')} style={{ marginTop: 16 }}>
                <Flex vertical gap={8}>
                  {goods.skus.map((sku) => (
                    <Flex key={sku.id} justify="space-between" align="center">
                      <span>
                        {sku.name} {sku.stock === 0 && <Tag>{t('mall.soldOut')}</Tag>}
                      </span>
                      <span>
                        <Money value={sku.price} currency="USDT" />{' '}
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('mall.stock', { stock: sku.stock })}
                        </Typography.Text>
                      </span>
                    </Flex>
                  ))}
                </Flex>
              </Card>
            </Col>
            <Col span={24}>
              <Card size="small" title={t('mall.description')}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{goods.description}</Typography.Paragraph>
              </Card>
            </Col>
          </Row>
        )}
      </AsyncContent>
    </>
  );
}
