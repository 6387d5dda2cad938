/**
 * `/admin/orders`: mall orders, filtered by the server (status, buyer UID, order number). Paid
 * orders are shipped with a carrier and tracking number, shipped ones get logistics traces, and a
 * paid, shipped or completed order may be refunded once (the wallet signs the refund).
 */
import { PageContainer, ProDescriptions, ProFormCheckbox, ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { useIntl } from '@umijs/max';
import { Button, Drawer, Space, Table, Tag } from 'antd';
import { useRef, useState } from 'react';
import { MALL_ORDER_STATUSES } from '../../../../contract/mall';
import type { AdminMallOrderDetailType, AdminMallOrderType } from '../../../../contract/admin/mall';
import ActionForm from '@/admin/components/ActionForm';
import LoadFailure from '@/admin/components/LoadFailure';
import { Address, UserLink } from '@/admin/components/parts';
import { useCan } from '@/admin/context';
import { useAdminErrorText, useTableRequest } from '@/admin/hooks';
import { mallApi } from '@/admin/services';
import { useRequest } from 'ahooks';

const STATUS_COLORS: Record<string, string> = { unpaid: 'default', paid: 'gold', shipped: 'processing', completed: 'success', cancelled: 'default' };

function OrderActions({ order, onDone }: { order: AdminMallOrderType; onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const canFulfil = useCan('mall.fulfil');
  if (!canFulfil) return null;
  const required = (label: string) => [{ required: true, whitespace: true, message: `${t('admin.field.required')}${label}` }];
  return (
    <Space size={4} wrap>
      {order.shippable && (
        <ActionForm<{ carrier: string; trackingNo: string }, unknown>
          testId={`admin-order-ship-${order.id}`}
          label={t('admin.orders.ship')}
          title={`${t('admin.orders.ship')} ${order.orderNo}`}
          reason={false}
          buttonProps={{ type: 'primary' }}
          fields={
            <>
              <ProFormText name="carrier" label={t('admin.orders.carrier')} fieldProps={{ maxLength: 64 }} rules={required(t('admin.orders.carrier'))} />
              <ProFormText name="trackingNo" label={t('admin.orders.trackingNo')} fieldProps={{ maxLength: 64 }} rules={required(t('admin.orders.trackingNo'))} />
            </>
          }
          onSubmit={(values) => mallApi.shipMallOrder(order.id, { carrier: values.carrier.trim(), trackingNo: values.trackingNo.trim() })}
          onDone={onDone}
        />
      )}
      {order.status === 'shipped' && (
        <ActionForm<{ text: string; location: string; delivered?: boolean }, unknown>
          testId={`admin-order-trace-${order.id}`}
          label={t('admin.orders.trace')}
          title={`${t('admin.orders.trace')} ${order.orderNo}`}
          reason={false}
          fields={
            <>
              <ProFormText name="text" label={t('admin.orders.traceText')} fieldProps={{ maxLength: 200 }} rules={required(t('admin.orders.traceText'))} />
              <ProFormText name="location" label={t('admin.orders.traceLocation')} fieldProps={{ maxLength: 100 }} rules={required(t('admin.orders.traceLocation'))} />
              <ProFormCheckbox name="delivered">{t('admin.orders.delivered')}</ProFormCheckbox>
            </>
          }
          onSubmit={(values) => mallApi.traceMallOrder(order.id, { text: values.text.trim(), location: values.location.trim(), delivered: !!values.delivered })}
          onDone={onDone}
        />
      )}
      {order.refundable && (
        <ActionForm
          testId={`admin-order-refund-${order.id}`}
          label={t('admin.orders.refund')}
          title={`${t('admin.orders.refund')} ${order.orderNo}`}
          description={t('admin.orders.refundHint')}
          buttonProps={{ danger: true }}
          stepUp={{ action: 'mall.refund', target: order.id }}
          onSubmit={(values, proof) => mallApi.refundMallOrder(order.id, { proof: proof!, reason: values.reason })}
          onDone={onDone}
        />
      )}
    </Space>
  );
}

function OrderDetail({ id, onDone }: { id: string; onDone: () => void }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const { data, error, refresh } = useRequest(() => mallApi.mallOrderDetail(id), { refreshDeps: [id] });
  const errorText = useAdminErrorText(error);
  if (error) return <LoadFailure error={errorText ?? ''} onRetry={refresh} />;
  if (!data) return null;
  const { order, traces }: AdminMallOrderDetailType = data;
  const { receiver } = order;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <OrderActions
        order={order}
        onDone={() => {
          refresh();
          onDone();
        }}
      />
      <ProDescriptions column={1} data-testid="admin-order-detail">
        <ProDescriptions.Item label={t('admin.orders.orderNo')}>{order.orderNo}</ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.field.status')}>
          <Tag color={STATUS_COLORS[order.status]}>{t(`mall.status.${order.status}`)}</Tag>
          {order.cancelReason && <Tag>{t(`admin.orders.cancelReason.${order.cancelReason}`)}</Tag>}
        </ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.field.user')}>
          <UserLink user={order.user} />
        </ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.goods')}>{`${order.title} · ${order.skuName} × ${order.quantity}`}</ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.total')}>{`${order.total} USDT`}</ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.receiver')}>
          {`${receiver.name} ${receiver.phone} · ${receiver.province}${receiver.city}${receiver.district} ${receiver.detail}`}
        </ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.carrier')}>{order.carrier ?? '—'}</ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.trackingNo')}>{order.trackingNo ?? '—'}</ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.shippedBy')}>
          <Address value={order.shippedBy} />
        </ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.field.createdAt')}>{order.createdAt}</ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.paidAt')}>{order.paidAt ?? '—'}</ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.shippedAt')}>{order.shippedAt ?? '—'}</ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.completedAt')}>{order.completedAt ?? '—'}</ProDescriptions.Item>
        <ProDescriptions.Item label={t('admin.orders.cancelledAt')}>{order.cancelledAt ?? '—'}</ProDescriptions.Item>
      </ProDescriptions>
      <Table
        rowKey={(row) => `${row.time}-${row.text}`}
        size="small"
        title={() => t('admin.orders.traces')}
        columns={[
          { title: t('admin.field.time'), dataIndex: 'time' },
          { title: t('admin.orders.traceText'), dataIndex: 'text' },
          { title: t('admin.orders.traceLocation'), dataIndex: 'location' },
        ]}
        dataSource={traces}
      />
    </Space>
  );
}

export default function OrdersPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actionRef = useRef<ActionType>();
  const request = useTableRequest(mallApi.mallOrders);
  const [open, setOpen] = useState<string>();
  const reload = () => actionRef.current?.reload();

  const columns: ProColumns<AdminMallOrderType>[] = [
    { title: t('admin.orders.orderNo'), dataIndex: 'orderNo', copyable: true },
    {
      title: t('admin.field.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(MALL_ORDER_STATUSES.map((status) => [status, { text: t(`mall.status.${status}`) }])),
      render: (_, row) => (
        <span>
          <Tag color={STATUS_COLORS[row.status]}>{t(`mall.status.${row.status}`)}</Tag>
          {row.cancelReason === 'refund' && <Tag color="purple">{t('admin.orders.cancelReason.refund')}</Tag>}
        </span>
      ),
    },
    { title: 'UID', dataIndex: 'uid', hideInTable: true },
    { title: t('admin.field.user'), dataIndex: 'user', search: false, render: (_, row) => <UserLink user={row.user} /> },
    { title: t('admin.orders.goods'), dataIndex: 'title', search: false, render: (_, row) => `${row.title} · ${row.skuName} × ${row.quantity}` },
    { title: t('admin.orders.total'), dataIndex: 'total', search: false, align: 'right' },
    { title: t('admin.orders.tracking'), dataIndex: 'trackingNo', search: false, render: (_, row) => (row.trackingNo ? `${row.carrier ?? ''} ${row.trackingNo}` : '—') },
    { title: t('admin.field.createdAt'), dataIndex: 'createdAt', search: false },
    {
      title: t('admin.field.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => [
        <Button key="detail" type="link" size="small" data-testid={`admin-order-detail-${row.id}`} onClick={() => setOpen(row.id)}>
          {t('admin.action.detail')}
        </Button>,
        <OrderActions key="actions" order={row} onDone={reload} />,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.menu.orders')}>
      <ConsoleTable<AdminMallOrderType>
        testId="admin-orders-table"
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
      />
      <Drawer open={!!open} width={Math.min(560, window.innerWidth)} title={t('admin.orders.detailTitle')} onClose={() => setOpen(undefined)} destroyOnHidden>
        {open && <OrderDetail id={open} onDone={reload} />}
      </Drawer>
    </PageContainer>
  );
}
