/**
 * `/admin/withdrawals/:id`: one withdrawal — why it waits for review, its approvals — beside the
 * user's balances and recent activity (ledger entries, withdrawals, deposits), with approve / reject.
 */
import { ProCard, ProDescriptions } from '@ant-design/pro-components';
import { Link, useIntl, useParams } from '@umijs/max';
import { Space, Table, Tag } from 'antd';
import { useRequest } from 'ahooks';
import type { AdminWithdrawalType } from '../../../../contract/admin/money';
import DetailPage from '@/admin/components/DetailPage';
import { Address, UserLink, WithdrawalStatusTag } from '@/admin/components/parts';
import { approvalColumns, balanceColumns, depositColumns, ledgerColumns } from '@/admin/components/columns';
import WithdrawalActions, { awaitingSecond } from '@/admin/components/WithdrawalActions';
import { useAdminErrorText } from '@/admin/hooks';
import { moneyApi } from '@/admin/services';

export default function WithdrawalDetailPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { id = '' } = useParams<{ id: string }>();
  const { data, error, loading, refresh } = useRequest(() => moneyApi.withdrawalDetail(id), { refreshDeps: [id] });
  const errorText = useAdminErrorText(error);
  const withdrawal = data?.withdrawal;

  const withdrawalColumns = [
    { title: 'ID', dataIndex: 'id', render: (value: string) => <Link to={`/admin/withdrawals/${value}`}>#{value}</Link> },
    { title: t('admin.field.status'), render: (_: unknown, row: AdminWithdrawalType) => <WithdrawalStatusTag status={row.status} awaitingSecond={awaitingSecond(row)} /> },
    { title: t('admin.field.amount'), render: (_: unknown, row: AdminWithdrawalType) => `${row.amount} ${row.currency}` },
    { title: t('admin.field.network'), dataIndex: 'network' },
    { title: t('admin.field.createdAt'), dataIndex: 'createdAt' },
  ];

  return (
    <DetailPage
      title={`${t('admin.withdrawals.detailTitle')} #${id}`}
      actions={withdrawal && <WithdrawalActions withdrawal={withdrawal} onDone={refresh} />}
      loading={loading}
      error={error}
      errorText={errorText}
      refresh={refresh}
    >
      <ProCard bordered loading={!withdrawal}>
        {withdrawal && (
          <ProDescriptions<AdminWithdrawalType> column={{ xs: 1, md: 2 }} dataSource={withdrawal} data-testid="admin-withdrawal-detail">
            <ProDescriptions.Item label={t('admin.field.status')}>
              <WithdrawalStatusTag status={withdrawal.status} awaitingSecond={awaitingSecond(withdrawal)} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.user')}>
              <UserLink user={withdrawal.user} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.amount')}>{`${withdrawal.amount} ${withdrawal.currency}`}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.fee')}>{`${withdrawal.fee} ${withdrawal.currency}`}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.network')}>{withdrawal.network}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.withdrawals.toAddress')}>
              <Address value={withdrawal.toAddress} /> {withdrawal.toLabel}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.withdrawals.reviewReasons')} span={2}>
              <Space size={[0, 4]} wrap>
                {withdrawal.reviewReasons.length === 0 && '—'}
                {withdrawal.reviewReasons.map((reason) => (
                  <Tag key={reason}>{t(`withdraw.reviewReason.${reason}`)}</Tag>
                ))}
                {withdrawal.needsSecondApproval && <Tag color="purple">{t('admin.withdrawals.fourEyes')}</Tag>}
              </Space>
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.withdrawals.firstApprover')}>
              <Address value={withdrawal.firstApprover} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.operator')}>
              <Address value={withdrawal.operator} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.reason')}>{withdrawal.reason ?? '—'}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.txHash')}>
              <Address value={withdrawal.txHash} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.createdAt')}>{withdrawal.createdAt}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.withdrawals.reviewedAt')}>{withdrawal.reviewedAt ?? '—'}</ProDescriptions.Item>
          </ProDescriptions>
        )}
      </ProCard>

      {data && (
        <>
          <ProCard title={t('admin.approvals.title')} bordered>
            <Table rowKey="id" size="small" scroll={{ x: true }} columns={approvalColumns(intl)} dataSource={data.approvals} />
          </ProCard>
          <ProCard title={t('admin.users.balances')} bordered>
            <Table rowKey="currency" size="small" scroll={{ x: true }} columns={balanceColumns(intl)} dataSource={data.balances} />
          </ProCard>
          <ProCard title={t('admin.withdrawals.recentEntries')} bordered>
            <Table rowKey="id" size="small" scroll={{ x: true }} columns={ledgerColumns(intl)} dataSource={data.recentEntries} />
          </ProCard>
          <ProCard title={t('admin.withdrawals.recentWithdrawals')} bordered>
            <Table rowKey="id" size="small" scroll={{ x: true }} columns={withdrawalColumns} dataSource={data.recentWithdrawals} />
          </ProCard>
          <ProCard title={t('admin.withdrawals.recentDeposits')} bordered>
            <Table rowKey="id" size="small" scroll={{ x: true }} columns={depositColumns(intl)} dataSource={data.recentDeposits} />
          </ProCard>
        </>
      )}
    </DetailPage>
  );
}
