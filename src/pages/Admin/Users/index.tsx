/** `/admin/users`: find a user by UID or address (the server filters), newest first; each opens the user's page. */
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { Link, useIntl } from '@umijs/max';
import { Tag } from 'antd';
import type { AdminUserRowType } from '../../../../contract/admin/users';
import { Address } from '@/admin/components/parts';
import { useTableRequest } from '@/admin/hooks';
import { usersApi } from '@/admin/services';

export default function UsersPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const request = useTableRequest(usersApi.users);

  const columns: ProColumns<AdminUserRowType>[] = [
    { title: 'UID', dataIndex: 'uid', render: (_, row) => <Link to={`/admin/users/${row.uid}`} data-testid={`admin-user-${row.uid}`}>{row.uid}</Link> },
    { title: t('admin.field.address'), dataIndex: 'address', render: (_, row) => <Address value={row.address} /> },
    {
      title: t('admin.field.status'),
      dataIndex: 'frozen',
      search: false,
      render: (_, row) => <Tag color={row.frozen ? 'error' : 'success'}>{t(row.frozen ? 'admin.users.frozen' : 'admin.users.active')}</Tag>,
    },
    { title: t('admin.users.inviter'), dataIndex: 'inviterUid', search: false, render: (_, row) => row.inviterUid ?? '—' },
    { title: t('admin.users.payPassword'), dataIndex: 'hasPayPassword', search: false, render: (_, row) => t(row.hasPayPassword ? 'admin.yes' : 'admin.no') },
    { title: t('admin.users.sessions'), dataIndex: 'sessions', search: false },
    { title: t('admin.field.createdAt'), dataIndex: 'createdAt', search: false },
  ];

  return (
    <PageContainer title={t('admin.menu.users')}>
      <ConsoleTable<AdminUserRowType>
        testId="admin-users-table"
        rowKey="uid"
        columns={columns}
        request={request}
      />
    </PageContainer>
  );
}
