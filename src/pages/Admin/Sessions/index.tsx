/**
 * `/admin/sessions`: live operator sessions (an admin sees everyone's, others their own), each
 * revocable; ending this browser's own session signs out.
 */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { useIntl } from '@umijs/max';
import { Tag } from 'antd';
import { useRef } from 'react';
import type { OperatorSessionViewType } from '../../../../contract/admin/core';
import ActionForm from '@/admin/components/ActionForm';
import { Address } from '@/admin/components/parts';
import { useAdmin } from '@/admin/context';
import { useShowError } from '@/admin/hooks';
import { coreApi } from '@/admin/services';
import { wholeListRequest } from '@/admin/components/tables';

export default function SessionsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { signOut } = useAdmin();
  const showError = useShowError();
  const actionRef = useRef<ActionType>();

  const columns: ProColumns<OperatorSessionViewType>[] = [
    {
      title: t('admin.field.address'),
      dataIndex: 'address',
      render: (_, row) => (
        <span>
          <Address value={row.address} /> {row.current && <Tag color="green">{t('admin.sessions.current')}</Tag>}
        </span>
      ),
    },
    { title: t('admin.operators.role'), dataIndex: 'role', render: (_, row) => t(`admin.role.${row.role}`) },
    { title: t('admin.sessions.userAgent'), dataIndex: 'userAgent', ellipsis: true, width: 260 },
    { title: 'IP', dataIndex: 'ip' },
    { title: t('admin.sessions.createdAt'), dataIndex: 'createdAt' },
    { title: t('admin.sessions.lastUsedAt'), dataIndex: 'lastUsedAt' },
    {
      title: t('admin.field.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <ActionForm
          testId={`admin-session-revoke-${row.id}`}
          label={t('admin.sessions.revoke')}
          title={t('admin.sessions.revoke')}
          description={t(row.current ? 'admin.sessions.revokeCurrentHint' : 'admin.sessions.revokeHint')}
          reason={false}
          buttonProps={{ danger: true }}
          onSubmit={() => coreApi.revokeSession({ id: row.id })}
          onDone={() => (row.current ? void signOut() : actionRef.current?.reload())}
        />
      ),
    },
  ];

  return (
    <PageContainer title={t('admin.menu.sessions')} content={t('admin.sessions.intro')}>
      <ConsoleTable<OperatorSessionViewType>
        testId="admin-sessions-table"
        filtered={false}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={wholeListRequest(() => coreApi.sessions(), showError)}
      />
    </PageContainer>
  );
}
