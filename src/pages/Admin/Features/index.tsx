/**
 * `/admin/features` (admins): every feature flag with its layers — the build default, the value
 * set here, the server owner's FEATURE_FLAGS and flag file (which win over this console) and the
 * value in force — and switching one on or off with a reason; every server process follows within
 * the propagation time.
 */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { useIntl } from '@umijs/max';
import { Alert, Tag } from 'antd';
import { useRef, useState } from 'react';
import type { FeatureFlagViewType } from '../../../../contract/admin/operations';
import ActionForm from '@/admin/components/ActionForm';
import { useShowError } from '@/admin/hooks';
import { operationsApi } from '@/admin/services';

function OnOff({ value }: { value: boolean | null }) {
  const intl = useIntl();
  if (value === null) return <span>—</span>;
  return <Tag color={value ? 'success' : 'default'}>{intl.formatMessage({ id: value ? 'admin.features.on' : 'admin.features.off' })}</Tag>;
}

export default function FeaturesPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const showError = useShowError();
  const actionRef = useRef<ActionType>();
  const [info, setInfo] = useState<{ fileConfigured: boolean; propagationMs: number }>();

  const columns: ProColumns<FeatureFlagViewType>[] = [
    { title: t('admin.features.name'), dataIndex: 'name', render: (_, row) => `${t(`admin.feature.${row.name}`)} (${row.name})` },
    { title: t('admin.features.effective'), dataIndex: 'effective', render: (_, row) => <OnOff value={row.effective} /> },
    { title: t('admin.features.default'), dataIndex: 'default', render: (_, row) => <OnOff value={row.default} /> },
    {
      title: t('admin.features.stored'),
      dataIndex: 'stored',
      render: (_, row) => (row.stored ? <span><OnOff value={row.stored.enabled} /> {row.stored.updatedBy} · {row.stored.updatedAt}</span> : '—'),
    },
    { title: 'FEATURE_FLAGS', dataIndex: 'env', render: (_, row) => <OnOff value={row.env} /> },
    { title: t('admin.features.file'), dataIndex: 'file', render: (_, row) => <OnOff value={row.file} /> },
    {
      title: t('admin.field.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => {
        const next = !row.effective;
        const overridden = row.env !== null || row.file !== null;
        return (
          <ActionForm
            testId={`admin-feature-${row.name}`}
            label={t(next ? 'admin.features.turnOn' : 'admin.features.turnOff')}
            title={`${t(next ? 'admin.features.turnOn' : 'admin.features.turnOff')} ${t(`admin.feature.${row.name}`)}`}
            description={overridden ? <Alert type="warning" showIcon message={t('admin.features.overriddenHint')} /> : undefined}
            buttonProps={{ danger: !next }}
            onSubmit={(values) => operationsApi.setFeature(row.name, { enabled: next, reason: values.reason })}
            onDone={() => actionRef.current?.reload()}
          />
        );
      },
    },
  ];

  return (
    <PageContainer
      title={t('admin.menu.features')}
      content={info && t('admin.features.intro', { seconds: Math.ceil(info.propagationMs / 1000) })}
    >
      <ConsoleTable<FeatureFlagViewType>
        testId="admin-features-table"
        filtered={false}
        rowKey="name"
        actionRef={actionRef}
        columns={columns}
        request={async () => {
          try {
            const view = await operationsApi.features();
            setInfo({ fileConfigured: view.fileConfigured, propagationMs: view.propagationMs });
            return { data: view.list, total: view.list.length, success: true };
          } catch (error) {
            showError(error);
            return { data: [], total: 0, success: false };
          }
        }}
      />
    </PageContainer>
  );
}
