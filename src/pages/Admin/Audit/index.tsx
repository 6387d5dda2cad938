/**
 * `/admin/audit`: the append-only audit log, newest first — who (and in which role, from the
 * console or the command line), what, on what, before and after, why, when and in which request —
 * filtered by the server by operator, action (or its area: `withdraw`), target and time.
 */
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { useIntl } from '@umijs/max';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { AuditEntryViewType } from '../../../../contract/admin/core';
import { isOperatorRole } from '../../../../contract/rules/operators';
import { Address } from '@/admin/components/parts';
import { useTableRequest } from '@/admin/hooks';
import { coreApi } from '@/admin/services';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(value, null, 2)}</pre>;
}

export default function AuditPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const request = useTableRequest(coreApi.audit);

  const columns: ProColumns<AuditEntryViewType>[] = [
    { title: t('admin.field.time'), dataIndex: 'createdAt', search: false, width: 170 },
    {
      title: t('admin.field.time'),
      dataIndex: 'period',
      valueType: 'dateTimeRange',
      hideInTable: true,
      search: {
        transform: (value: [string, string]) => ({
          from: value?.[0] ? dayjs(value[0]).toISOString() : undefined,
          to: value?.[1] ? dayjs(value[1]).toISOString() : undefined,
        }),
      },
    },
    {
      title: t('admin.audit.actor'),
      dataIndex: 'actor',
      render: (_, row) => (
        <span>
          <Tag color={row.source === 'cli' ? 'orange' : 'blue'}>{t(`admin.audit.source.${row.source}`)}</Tag>
          <Address value={row.actor} />
        </span>
      ),
    },
    { title: t('admin.operators.role'), dataIndex: 'role', search: false, render: (_, row) => (isOperatorRole(row.role) ? t(`admin.role.${row.role}`) : row.role || '—') },
    { title: t('admin.audit.action'), dataIndex: 'action', render: (_, row) => <Typography.Text code>{row.action}</Typography.Text> },
    { title: t('admin.audit.target'), dataIndex: 'target' },
    { title: t('admin.field.reason'), dataIndex: 'reason', search: false, ellipsis: true, width: 200 },
    { title: t('admin.audit.requestId'), dataIndex: 'requestId', search: false, copyable: true, ellipsis: true, width: 140 },
  ];

  return (
    <PageContainer title={t('admin.menu.audit')}>
      <ConsoleTable<AuditEntryViewType>
        testId="admin-audit-table"
        rowKey="id"
        columns={columns}
        request={request}
        expandable={{
          expandedRowRender: (row) => (
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: 16 }}>
              <div>
                <Typography.Text strong>{t('admin.audit.before')}</Typography.Text>
                <Json value={row.before} />
              </div>
              <div>
                <Typography.Text strong>{t('admin.audit.after')}</Typography.Text>
                <Json value={row.after} />
              </div>
            </div>
          ),
        }}
      />
    </PageContainer>
  );
}
