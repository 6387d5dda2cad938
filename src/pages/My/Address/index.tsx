/**
 * /my/address: the address book, the default first, with set-default, edit and delete (after a
 * confirmation). In selection mode (`?select=1&return=<path>`, opened by the mall checkout) a tap
 * on an address goes back to the return path with `addressId=<id>`.
 */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, List, Popconfirm, Tag, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import { useLocation, useNavigate } from '@umijs/max';
import { useRequest } from 'ahooks';
import type { AddressType } from '../../../../contract/address';
import { MAX_ADDRESSES_PER_USER } from '../../../../contract/rules/address';
import AsyncContent from '@/components/AsyncContent';
import PullToRefresh from '@/components/PullToRefresh';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { addressApi } from '@/services';
import { pathWithAddress, selectionReturnPath } from './selection';

/** the buttons of an address are a finger's 44 px to hit */
const TOUCH_TARGET = { minHeight: 44, minWidth: 44 };

function AddressText({ address }: { address: AddressType }) {
  const t = useT();
  const { province, city, district } = address.region;
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Text strong>{address.receiver}</Typography.Text> <Typography.Text type="secondary">{address.phone}</Typography.Text>{' '}
      {address.isDefault && <Tag color="blue">{t('address.default')}</Tag>}
      <br />
      <Typography.Text style={{ wordBreak: 'break-all' }}>{[province, city === province ? '' : city, district, address.detail].filter(Boolean).join(' ')}</Typography.Text>
    </div>
  );
}

export default function MyAddressPage() {
  const t = useT();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const returnTo = selectionReturnPath(search);
  const ready = !!useCurrentUser();
  const { data, loading, error, refresh, refreshAsync } = useRequest(() => addressApi.list({ page: 1, pageSize: MAX_ADDRESSES_PER_USER }), { ready });
  const addresses = data?.list ?? [];
  const full = addresses.length >= MAX_ADDRESSES_PER_USER;
  // in selection mode the book stands in the checkout's history entry: choosing (or adding) replaces
  // it, so the checkout stays one entry and back after paying never returns here
  const choose = (address: AddressType) => navigate(pathWithAddress(returnTo!, address.id), { replace: true, state });

  const makeDefault = useRequest(
    async ({ id, receiver, phone, region, detail }: AddressType) => addressApi.update({ id, receiver, phone, region, detail, isDefault: true }),
    { manual: true, onSuccess: () => { message.success(t('address.defaultChanged')); refresh(); } },
  );
  const remove = useRequest(async (id: string) => addressApi.remove({ id }), {
    manual: true,
    onSuccess: () => { message.success(t('address.deleted')); refresh(); },
  });

  const renderActions = (address: AddressType) =>
    returnTo ? (
      <Button type="primary" style={TOUCH_TARGET} onClick={() => choose(address)}>
        {t('address.use')}
      </Button>
    ) : (
      <Flex gap={4} wrap justify="end">
        {!address.isDefault && (
          <Button type="link" style={TOUCH_TARGET} loading={makeDefault.loading && makeDefault.params[0]?.id === address.id} onClick={() => makeDefault.run(address)}>
            {t('address.makeDefault')}
          </Button>
        )}
        <Button type="link" style={TOUCH_TARGET} icon={<EditOutlined />} onClick={() => navigate(`/my/address/edit/${address.id}`)}>
          {t('common.edit')}
        </Button>
        <Popconfirm title={t('address.deleteConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => remove.runAsync(address.id)}>
          <Button type="link" style={TOUCH_TARGET} danger icon={<DeleteOutlined />}>{t('address.delete')}</Button>
        </Popconfirm>
      </Flex>
    );

  return (
    <>
      {returnTo && <Typography.Title level={5}>{t('address.selectTitle')}</Typography.Title>}
      {/* a refresh keeps the addresses shown: the skeleton is for the first load only */}
      <PullToRefresh onRefresh={refreshAsync}>
        <AsyncContent loading={loading && !data} error={error} onRetry={refresh} empty={addresses.length === 0} emptyText={t('address.empty')}>
          <List
            dataSource={addresses}
            rowKey={(address) => address.id}
            renderItem={(address) => (
              <List.Item data-testid="address-item">
                <Card size="small" style={{ width: '100%' }} hoverable={!!returnTo} onClick={returnTo ? () => choose(address) : undefined}>
                  <Flex vertical gap={8}>
                    <AddressText address={address} />
                    <div onClick={(event) => event.stopPropagation()}>{renderActions(address)}</div>
                  </Flex>
                </Card>
              </List.Item>
            )}
          />
        </AsyncContent>
      </PullToRefresh>
      <Button type="primary" block icon={<PlusOutlined />} disabled={full} style={{ marginTop: 16 }} onClick={() => navigate(`/my/address/add${search}`, { replace: !!returnTo, state })}>
        {t('address.add')}
      </Button>
      {full && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('address.limit', { max: MAX_ADDRESSES_PER_USER })}
        </Typography.Paragraph>
      )}
    </>
  );
}
