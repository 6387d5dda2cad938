/** /my/address: the shipping addresses, the default first, with add and edit. */
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, List, Tag, Typography } from 'antd';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { MAX_ADDRESSES_PER_USER } from '../../../../contract/address';
import AsyncContent from '@/components/AsyncContent';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { addressApi } from '@/services';

export default function MyAddressPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const { data, loading, error, refresh } = useRequest(
    () => addressApi.list({ page: 1, pageSize: MAX_ADDRESSES_PER_USER }),
    { ready },
  );
  const addresses = data?.list ?? [];
  const full = addresses.length >= MAX_ADDRESSES_PER_USER;

  return (
    <>
      <AsyncContent loading={loading} error={error} onRetry={refresh} empty={addresses.length === 0} emptyText={t('address.empty')}>
        <List
          dataSource={addresses}
          rowKey={(address) => address.id}
          renderItem={(address) => (
            <List.Item>
              <Card size="small" style={{ width: '100%' }}>
                <Flex justify="space-between" align="start" gap={8}>
                  <div style={{ minWidth: 0 }}>
                    <Typography.Text strong>{address.receiver}</Typography.Text>{' '}
                    <Typography.Text type="secondary">{address.phone}</Typography.Text>{' '}
                    {address.isDefault && <Tag color="blue">{t('address.default')}</Tag>}
                    <br />
                    <Typography.Text>
                      {[address.region.province, address.region.city, address.region.district, address.detail]
                        .filter(Boolean)
                        .join(' ')}
                    </Typography.Text>
                  </div>
                  <Link to={`/my/address/edit/${address.id}`} aria-label={t('common.edit')}>
                    <EditOutlined />
                  </Link>
                </Flex>
              </Card>
            </List.Item>
          )}
        />
      </AsyncContent>
      <Link to="/my/address/add">
        <Button type="primary" block icon={<PlusOutlined />} disabled={full} style={{ marginTop: 16 }}>
          {t('menu.my.addressAdd')}
        </Button>
      </Link>
      {full && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('address.limit', { max: MAX_ADDRESSES_PER_USER })}
        </Typography.Paragraph>
      )}
    </>
  );
}
