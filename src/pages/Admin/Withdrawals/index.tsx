/**
 * `/admin/withdrawals`: every withdrawal, filtered by the server (status, currency, network, UID);
 * with status 审核中 it is the review queue, oldest first. Approve / reject in the row.
 */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { Link, useIntl, useLocation } from '@umijs/max';
import { Space, Tag } from 'antd';
import { useRef } from 'react';
import { WITHDRAWAL_STATUSES } from '../../../../contract/withdraw';
import type { AdminWithdrawalType } from '../../../../contract/admin/money';
import { Address, UserLink, WithdrawalStatusTag } from '@/admin/components/parts';
import WithdrawalActions, { awaitingSecond } from '@/admin/components/WithdrawalActions';
import { useTableRequest } from '@/admin/hooks';
import { moneyApi } from '@/admin/services';

export default function WithdrawalsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const location = useLocation();
  const statusFromUrl = new URLSearchParams(location.search).get('status') ?? undefined;
  const actionRef = useRef<ActionType>();
  const request = useTableRequest(moneyApi.withdrawals);
  const reload = () => actionRef.current?.reload();

  const columns: ProColumns<AdminWithdrawalType>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 72, render: (_, row) => <Link to={`/admin/withdrawals/${row.id}`}>#{row.id}</Link> },
    {
      title: t('admin.field.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: statusFromUrl,
      valueEnum: Object.fromEntries(WITHDRAWAL_STATUSES.map((status) => [status, { text: t(`withdraw.status.${status}`) }])),
      render: (_, row) => <WithdrawalStatusTag status={row.status} awaitingSecond={awaitingSecond(row)} />,
    },
    { title: 'UID', dataIndex: 'uid', hideInTable: true },
    { title: t('admin.field.user'), dataIndex: 'user', search: false, render: (_, row) => <UserLink user={row.user} /> },
    { title: t('admin.field.currency'), dataIndex: 'currency', render: (_, row) => row.currency },
    { title: t('admin.field.network'), dataIndex: 'network' },
    { title: t('admin.field.amount'), dataIndex: 'amount', search: false, align: 'right' },
    { title: t('admin.field.fee'), dataIndex: 'fee', search: false, align: 'right' },
    { title: t('admin.withdrawals.toAddress'), dataIndex: 'toAddress', search: false, render: (_, row) => <Address value={row.toAddress} /> },
    {
      title: t('admin.withdrawals.reviewReasons'),
      dataIndex: 'reviewReasons',
      search: false,
      render: (_, row) =>
        row.reviewReasons.length ? (
          <Space size={[0, 4]} wrap>
            {row.reviewReasons.map((reason) => (
              <Tag key={reason}>{t(`withdraw.reviewReason.${reason}`)}</Tag>
            ))}
            {row.needsSecondApproval && <Tag color="purple">{t('admin.withdrawals.fourEyes')}</Tag>}
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t('admin.field.createdAt'), dataIndex: 'createdAt', search: false },
    {
      title: t('admin.field.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => [
        <Link key="detail" to={`/admin/withdrawals/${row.id}`} data-testid={`admin-withdrawal-detail-${row.id}`}>
          {t('admin.action.detail')}
        </Link>,
        <WithdrawalActions key="actions" withdrawal={row} onDone={reload} />,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.menu.withdrawals')}>
      <ConsoleTable<AdminWithdrawalType>
        testId="admin-withdrawals-table"
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
      />
    </PageContainer>
  );
}
