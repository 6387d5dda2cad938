/**
 * `/admin/approvals`: four-eyes actions waiting for a second operator (and those decided). A
 * different operator holding the same permission confirms one with a fresh wallet signature, and
 * it is carried out; the asker or a possible confirmer may cancel it with a reason.
 */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { useIntl } from '@umijs/max';
import { Space, Typography } from 'antd';
import { useRef } from 'react';
import type { ApprovalViewType } from '../../../../contract/admin/core';
import { APPROVAL_STATUSES, FOUR_EYES_ACTIONS, FOUR_EYES_PERMISSION } from '../../../../contract/rules/operators';
import ActionForm from '@/admin/components/ActionForm';
import { ApprovalStatusTag, approvalSummary } from '@/admin/components/columns';
import { Address } from '@/admin/components/parts';
import { useAdmin } from '@/admin/context';
import { useTableRequest } from '@/admin/hooks';
import { coreApi } from '@/admin/services';

export default function ApprovalsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { me } = useAdmin();
  const actionRef = useRef<ActionType>();
  const request = useTableRequest(coreApi.approvals);
  const reload = () => actionRef.current?.reload();
  const mine = (approval: ApprovalViewType) => approval.requestedBy.toLowerCase() === me.operator.address.toLowerCase();
  const mayConfirm = (approval: ApprovalViewType) => me.permissions.includes(FOUR_EYES_PERMISSION[approval.action]);

  const columns: ProColumns<ApprovalViewType>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 64 },
    {
      title: t('admin.field.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: 'pending',
      valueEnum: Object.fromEntries(APPROVAL_STATUSES.map((status) => [status, { text: t(`admin.approvalStatus.${status}`) }])),
      render: (_, row) => <ApprovalStatusTag status={row.status} intl={intl} />,
    },
    {
      title: t('admin.approvals.action'),
      dataIndex: 'action',
      valueType: 'select',
      valueEnum: Object.fromEntries(FOUR_EYES_ACTIONS.map((action) => [action, { text: t(`admin.approvalAction.${action}`) }])),
      render: (_, row) => approvalSummary(row, intl),
    },
    { title: t('admin.approvals.requestedBy'), dataIndex: 'requestedBy', search: false, render: (_, row) => <Address value={row.requestedBy} /> },
    { title: t('admin.field.reason'), dataIndex: 'reason', search: false, ellipsis: true },
    { title: t('admin.approvals.requestedAt'), dataIndex: 'requestedAt', search: false },
    { title: t('admin.approvals.decidedBy'), dataIndex: 'decidedBy', search: false, render: (_, row) => <Address value={row.decidedBy} /> },
    {
      title: t('admin.field.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => {
        if (row.status !== 'pending') return '—';
        const summary = approvalSummary(row, intl);
        return (
          <Space size={4} wrap>
            {mayConfirm(row) && (
              <ActionForm
                testId={`admin-approval-confirm-${row.id}`}
                label={t('admin.approvals.confirm')}
                title={`${t('admin.approvals.confirmTitle')} #${row.id}`}
                description={
                  <Typography.Paragraph>
                    {summary}
                    <br />
                    {t('admin.approvals.confirmHint')}
                  </Typography.Paragraph>
                }
                reason={false}
                disabled={mine(row)}
                buttonProps={{ type: 'primary', title: mine(row) ? t('admin.approvals.ownHint') : undefined }}
                stepUp={{ action: 'approval.confirm', target: row.id }}
                onSubmit={(_values, proof) => coreApi.confirmApproval(row.id, { proof: proof! })}
                successText={() => t('admin.approvals.confirmed')}
                onDone={reload}
              />
            )}
            {(mine(row) || mayConfirm(row)) && (
              <ActionForm
                testId={`admin-approval-cancel-${row.id}`}
                label={t('admin.approvals.cancel')}
                title={`${t('admin.approvals.cancelTitle')} #${row.id}`}
                description={summary}
                buttonProps={{ danger: true }}
                onSubmit={(values) => coreApi.cancelApproval(row.id, { reason: values.reason })}
                onDone={reload}
              />
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <PageContainer title={t('admin.menu.approvals')} content={t('admin.approvals.intro')}>
      <ConsoleTable<ApprovalViewType>
        testId="admin-approvals-table"
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
      />
    </PageContainer>
  );
}
