/**
 * `/admin/operators` (admins): every operator; adding one, changing a role, enabling or disabling
 * — each only asks: it is carried out when a second admin confirms it under 待复核.
 */
import { PageContainer, ProFormRadio, ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { Link, useIntl } from '@umijs/max';
import { Alert, Space, Tag } from 'antd';
import { useRef } from 'react';
import type { OperatorViewType } from '../../../../contract/admin/core';
import { OPERATOR_ROLES, type OperatorRole } from '../../../../contract/rules/operators';
import ActionForm from '@/admin/components/ActionForm';
import { Address } from '@/admin/components/parts';
import { useAdmin } from '@/admin/context';
import { useShowError } from '@/admin/hooks';
import { coreApi } from '@/admin/services';
import { wholeListRequest } from '@/admin/components/tables';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export default function OperatorsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { me } = useAdmin();
  const showError = useShowError();
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();
  const roleOptions = OPERATOR_ROLES.map((role) => ({ value: role, label: t(`admin.role.${role}`) }));
  const pendingNote = <Alert type="info" showIcon message={t('admin.operators.fourEyesHint')} />;
  const asked = () => t('admin.operators.asked');
  const approvalsLink = (
    <Link to="/admin/approvals" data-testid="admin-operators-approvals">
      {t('admin.menu.approvals')}
    </Link>
  );

  const columns: ProColumns<OperatorViewType>[] = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: t('admin.field.address'), dataIndex: 'address', render: (_, row) => <Address value={row.address} /> },
    { title: t('admin.operators.role'), dataIndex: 'role', render: (_, row) => <Tag color="blue">{t(`admin.role.${row.role}`)}</Tag> },
    {
      title: t('admin.field.status'),
      dataIndex: 'enabled',
      render: (_, row) => <Tag color={row.enabled ? 'success' : 'default'}>{t(row.enabled ? 'admin.operators.enabled' : 'admin.operators.disabled')}</Tag>,
    },
    { title: t('admin.operators.addedBy'), dataIndex: 'addedBy', render: (_, row) => <Address value={row.addedBy} /> },
    { title: t('admin.field.createdAt'), dataIndex: 'createdAt' },
    {
      title: t('admin.field.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => {
        if (row.id === me.operator.id) return <Tag>{t('admin.operators.you')}</Tag>;
        return (
          <Space size={4} wrap>
            <ActionForm<{ role: OperatorRole }, unknown>
              testId={`admin-operator-role-${row.id}`}
              label={t('admin.operators.changeRole')}
              title={`${t('admin.operators.changeRole')} ${row.address}`}
              description={pendingNote}
              initialValues={{ role: row.role }}
              fields={<ProFormRadio.Group name="role" label={t('admin.operators.role')} radioType="button" options={roleOptions} rules={[{ required: true }]} />}
              onSubmit={(values) => coreApi.updateOperator(row.id, { role: values.role, reason: values.reason })}
              successText={asked}
              onDone={reload}
            />
            <ActionForm
              testId={`admin-operator-toggle-${row.id}`}
              label={t(row.enabled ? 'admin.operators.disable' : 'admin.operators.enable')}
              title={`${t(row.enabled ? 'admin.operators.disable' : 'admin.operators.enable')} ${row.address}`}
              description={pendingNote}
              buttonProps={{ danger: row.enabled }}
              onSubmit={(values) => coreApi.updateOperator(row.id, { enabled: !row.enabled, reason: values.reason })}
              successText={asked}
              onDone={reload}
            />
          </Space>
        );
      },
    },
  ];

  return (
    <PageContainer
      title={t('admin.menu.operators')}
      content={
        <span>
          {t('admin.operators.intro')} {approvalsLink}
        </span>
      }
      extra={
        <ActionForm<{ address: string; role: OperatorRole }, unknown>
          testId="admin-operator-add"
          label={t('admin.operators.add')}
          title={t('admin.operators.add')}
          description={pendingNote}
          buttonProps={{ type: 'primary', size: 'middle' }}
          initialValues={{ role: 'support' }}
          fields={
            <>
              <ProFormText
                name="address"
                label={t('admin.field.address')}
                placeholder="0x…"
                fieldProps={{ 'data-testid': 'admin-operator-add-address' } as never}
                rules={[
                  { required: true, message: t('admin.operators.addressRequired') },
                  { pattern: ADDRESS, message: t('admin.operators.addressInvalid') },
                ]}
              />
              <ProFormRadio.Group name="role" label={t('admin.operators.role')} radioType="button" options={roleOptions} rules={[{ required: true }]} />
            </>
          }
          onSubmit={(values) => coreApi.addOperator({ address: values.address.trim(), role: values.role, reason: values.reason })}
          successText={asked}
          onDone={reload}
        />
      }
    >
      <ConsoleTable<OperatorViewType>
        testId="admin-operators-table"
        filtered={false}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={wholeListRequest(() => coreApi.operators(), showError)}
      />
    </PageContainer>
  );
}
