/**
 * `/admin/users/:uid`: one user — balances, live sessions (revocable), ledger entries (paged by the
 * server, by currency) — and freezing / unfreezing the account with a reason (a frozen account
 * moves no money out; money still comes in).
 */
import { ProCard, ProDescriptions, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { useIntl, useParams } from '@umijs/max';
import { Alert, Table, Tag } from 'antd';
import { useRequest } from 'ahooks';
import { useCallback } from 'react';
import type { AdminLedgerEntryType, AdminUserDetailType, AdminUserSessionType } from '../../../../contract/admin/users';
import ActionForm from '@/admin/components/ActionForm';
import { balanceColumns, ledgerColumns } from '@/admin/components/columns';
import DetailPage from '@/admin/components/DetailPage';
import { Address } from '@/admin/components/parts';
import { useCan } from '@/admin/context';
import { useAdminErrorText, useTableRequest } from '@/admin/hooks';
import { usersApi } from '@/admin/services';

export default function UserDetailPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { uid = '' } = useParams<{ uid: string }>();
  const canProtect = useCan('users.protect');
  const { data, error, loading, refresh, mutate } = useRequest(() => usersApi.userDetail(uid), { refreshDeps: [uid] });
  const errorText = useAdminErrorText(error);
  const loadLedger = useCallback((query: Parameters<typeof usersApi.userLedger>[1]) => usersApi.userLedger(uid, query), [uid]);
  const ledgerRequest = useTableRequest(loadLedger);
  const user = data?.user;

  const freezeAction = user && canProtect && (
    <ActionForm<object, AdminUserDetailType>
      testId={user.frozen ? 'admin-user-unfreeze' : 'admin-user-freeze'}
      label={t(user.frozen ? 'admin.users.unfreeze' : 'admin.users.freeze')}
      title={`${t(user.frozen ? 'admin.users.unfreeze' : 'admin.users.freeze')} UID ${user.uid}`}
      description={<Alert type={user.frozen ? 'info' : 'warning'} showIcon message={t(user.frozen ? 'admin.users.unfreezeHint' : 'admin.users.freezeHint')} />}
      buttonProps={{ danger: !user.frozen, size: 'middle' }}
      onSubmit={(values) => (user.frozen ? usersApi.unfreezeUser(uid, { reason: values.reason }) : usersApi.freezeUser(uid, { reason: values.reason }))}
      onDone={(detail) => mutate(detail)}
    />
  );

  const sessionColumns = [
    { title: t('admin.sessions.userAgent'), dataIndex: 'userAgent', ellipsis: true },
    { title: 'IP', dataIndex: 'ip' },
    { title: t('admin.sessions.createdAt'), dataIndex: 'createdAt' },
    { title: t('admin.sessions.lastUsedAt'), dataIndex: 'lastUsedAt' },
    ...(canProtect
      ? [
          {
            title: t('admin.field.actions'),
            render: (_: unknown, row: AdminUserSessionType) => (
              <ActionForm
                testId={`admin-user-session-revoke-${row.id}`}
                label={t('admin.sessions.revoke')}
                title={t('admin.sessions.revoke')}
                description={t('admin.users.revokeHint')}
                buttonProps={{ danger: true }}
                onSubmit={(values) => usersApi.revokeUserSession(uid, { id: row.id, reason: values.reason })}
                onDone={refresh}
              />
            ),
          },
        ]
      : []),
  ];

  const ledgerTableColumns: ProColumns<AdminLedgerEntryType>[] = [
    ...ledgerColumns(intl).map((column) => ({ ...column, search: false as const }) as ProColumns<AdminLedgerEntryType>),
    { title: t('admin.field.currency'), dataIndex: 'currency', hideInTable: true },
  ];

  return (
    <DetailPage
      title={`${t('admin.users.detailTitle')} UID ${uid}`}
      actions={freezeAction}
      loading={loading}
      error={error}
      errorText={errorText}
      refresh={refresh}
    >
      <ProCard bordered loading={!data}>
        {data && user && (
          <ProDescriptions column={{ xs: 1, md: 2 }} data-testid="admin-user-detail">
            <ProDescriptions.Item label="UID">{user.uid}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.address')}>
              <Address value={user.address} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.status')}>
              <Tag color={user.frozen ? 'error' : 'success'}>{t(user.frozen ? 'admin.users.frozen' : 'admin.users.active')}</Tag>
              {data.frozenAt && `${data.frozenAt} · ${data.frozenReason ?? ''}`}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.users.inviteCode')}>{data.inviteCode}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.users.inviter')}>{user.inviterUid ?? '—'}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.users.payPassword')}>{t(user.hasPayPassword ? 'admin.yes' : 'admin.no')}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('admin.field.createdAt')}>{user.createdAt}</ProDescriptions.Item>
          </ProDescriptions>
        )}
      </ProCard>
      {data && (
        <>
          <ProCard title={t('admin.users.balances')} bordered>
            <Table rowKey="currency" size="small" scroll={{ x: true }} columns={balanceColumns(intl)} dataSource={data.balances} />
          </ProCard>
          <ProCard title={t('admin.users.sessionsTitle')} bordered>
            <Table rowKey="id" size="small" scroll={{ x: true }} columns={sessionColumns} dataSource={data.sessions} />
          </ProCard>
        </>
      )}
      <ProCard title={t('admin.users.ledger')} bordered>
        <ConsoleTable<AdminLedgerEntryType>
          key={uid}
          testId="admin-user-ledger"
          rowKey="id"
          columns={ledgerTableColumns}
          request={ledgerRequest}
        />
      </ProCard>
    </DetailPage>
  );
}
