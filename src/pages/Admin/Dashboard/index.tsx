/**
 * `/admin/dashboard`: the day at a glance — reviews and approvals waiting (each a link to its
 * queue), the withdrawal signers and deposit watchers, prices, the last reconciliation (and a new
 * run, for finance) and the ledger check.
 */
import { PageContainer, ProCard, StatisticCard } from '@ant-design/pro-components';
import { Link, useIntl } from '@umijs/max';
import { Button, Empty, List, Space, Table, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import type { PriceStatusViewType, ReconciliationRowViewType, SignerStatusViewType, WatcherStatusViewType } from '../../../../contract/admin/operations';
import ActionForm from '@/admin/components/ActionForm';
import LoadFailure from '@/admin/components/LoadFailure';
import { useCan } from '@/admin/context';
import { useAdminErrorText } from '@/admin/hooks';
import { moneyApi, operationsApi } from '@/admin/services';
import { HaltTag, PriceCell } from '@/admin/components/parts';

function OkTag({ ok, okText, badText }: { ok: boolean; okText: string; badText: string }) {
  return <Tag color={ok ? 'success' : 'error'}>{ok ? okText : badText}</Tag>;
}

export default function DashboardPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const canReconcile = useCan('reconcile.run');
  const canHaltSigner = useCan('withdrawals.review');
  const { data, error, loading, refresh } = useRequest(() => operationsApi.dashboard());
  const errorText = useAdminErrorText(error);

  if (error) {
    return (
      <PageContainer title={t('admin.menu.dashboard')}>
        <LoadFailure error={errorText ?? ''} onRetry={refresh} />
      </PageContainer>
    );
  }

  const signerColumns = [
    { title: t('admin.field.network'), dataIndex: 'network' },
    {
      title: t('admin.field.status'),
      render: (_: unknown, row: SignerStatusViewType) =>
        row.halted ? <HaltTag halt={row.halted} /> : <OkTag ok={!row.failing} okText={t('admin.status.running')} badText={t('admin.status.failing')} />,
    },
    { title: t('admin.dashboard.failuresInARow'), dataIndex: 'failuresInARow' },
    { title: t('admin.dashboard.lastOkAt'), dataIndex: 'lastOkAt', render: (value: string | null) => value ?? '—' },
    {
      title: t('admin.dashboard.lastError'),
      render: (_: unknown, row: SignerStatusViewType) => (row.lastError ? `${row.lastErrorAt ?? ''} ${row.lastError}` : '—'),
    },
    ...(canHaltSigner
      ? [
          {
            title: t('admin.field.actions'),
            render: (_: unknown, row: SignerStatusViewType) => (
              <ActionForm
                testId={`admin-signer-${row.halted ? 'resume' : 'halt'}-${row.network}`}
                label={t(row.halted ? 'admin.signer.resume' : 'admin.signer.halt')}
                title={`${t(row.halted ? 'admin.signer.resume' : 'admin.signer.halt')} ${row.network}`}
                description={t(row.halted ? 'admin.signer.resumeHint' : 'admin.signer.haltHint')}
                buttonProps={{ danger: !row.halted }}
                onSubmit={(values) =>
                  row.halted
                    ? moneyApi.resumeWithdrawals({ network: row.network, reason: values.reason })
                    : moneyApi.haltWithdrawals({ network: row.network, reason: values.reason })
                }
                onDone={refresh}
              />
            ),
          },
        ]
      : []),
  ];
  const watcherColumns = [
    { title: t('admin.field.network'), dataIndex: 'network' },
    {
      title: t('admin.field.status'),
      render: (_: unknown, row: WatcherStatusViewType) => <OkTag ok={!row.stuck && row.failedRunsInARow === 0} okText={t('admin.status.running')} badText={row.stuck ? t('admin.status.stuck') : t('admin.status.failing')} />,
    },
    { title: t('admin.dashboard.blocks'), render: (_: unknown, row: WatcherStatusViewType) => `${row.cursor} / ${row.head}` },
    { title: t('admin.dashboard.lag'), dataIndex: 'lag' },
    { title: t('admin.dashboard.sinceLastRun'), render: (_: unknown, row: WatcherStatusViewType) => t('admin.unit.seconds', { n: Math.round(row.sinceLastRunMs / 1000) }) },
    {
      title: t('admin.dashboard.depositsSeen'),
      render: (_: unknown, row: WatcherStatusViewType) =>
        Object.entries(row.deposits)
          .map(([status, count]) => `${t(`admin.depositStatus.${status}`)} ${count}`)
          .join(' · ') || '—',
    },
    { title: t('admin.dashboard.lastError'), dataIndex: 'lastError', render: (value: string | null) => value ?? '—' },
  ];
  const priceColumns = [
    { title: t('admin.field.currency'), dataIndex: 'currency' },
    { title: t('admin.prices.price'), render: (_: unknown, row: PriceStatusViewType) => <PriceCell price={row} /> },
    { title: t('admin.prices.age'), dataIndex: 'ageSeconds', render: (value: number | null) => (value === null ? '—' : t('admin.unit.seconds', { n: value })) },
    { title: t('admin.prices.feed'), dataIndex: 'feed' },
  ];
  const reconcileColumns = [
    { title: t('admin.field.currency'), dataIndex: 'currency' },
    {
      title: t('admin.field.status'),
      dataIndex: 'status',
      render: (status: ReconciliationRowViewType['status']) => (
        <Tag color={status === 'ok' ? 'success' : status === 'shortfall' ? 'error' : 'warning'}>{t(`admin.reconcile.${status}`)}</Tag>
      ),
    },
    { title: t('admin.reconcile.assets'), dataIndex: 'assets', render: (value: string | null) => value ?? '—' },
    { title: t('admin.reconcile.liabilities'), dataIndex: 'liabilities' },
    { title: t('admin.reconcile.difference'), dataIndex: 'difference', render: (value: string | null) => value ?? '—' },
    { title: t('admin.field.reason'), dataIndex: 'reason', render: (value: string | null) => value ?? '—' },
  ];

  const counts = [
    { key: 'withdrawals', title: t('admin.dashboard.withdrawalsInReview'), value: data?.withdrawalsInReview, to: '/admin/withdrawals?status=review' },
    { key: 'deposits', title: t('admin.dashboard.depositsInReview'), value: data?.depositsInReview, to: '/admin/deposits?status=review' },
    { key: 'approvals', title: t('admin.dashboard.approvalsPending'), value: data?.approvalsPending, to: '/admin/approvals' },
  ];

  return (
    <PageContainer
      title={t('admin.menu.dashboard')}
      subTitle={data ? t('admin.dashboard.at', { at: data.at }) : undefined}
      extra={
        <Button onClick={refresh} loading={loading} data-testid="admin-dashboard-refresh">
          {t('admin.action.refresh')}
        </Button>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <ProCard gutter={[16, 16]} wrap ghost>
          {counts.map((count) => (
            <ProCard key={count.key} colSpan={{ xs: 24, md: 8 }} ghost>
              <Link to={count.to} data-testid={`admin-dashboard-${count.key}`}>
                <StatisticCard loading={loading && !data} statistic={{ title: count.title, value: count.value ?? 0 }} />
              </Link>
            </ProCard>
          ))}
        </ProCard>

        <ProCard title={t('admin.dashboard.signers')} bordered>
          <Table rowKey="network" size="small" scroll={{ x: true }} loading={loading && !data} columns={signerColumns} dataSource={data?.signers} />
        </ProCard>
        <ProCard title={t('admin.dashboard.watchers')} bordered>
          <Table rowKey="network" size="small" scroll={{ x: true }} loading={loading && !data} columns={watcherColumns} dataSource={data?.watchers} />
        </ProCard>
        <ProCard title={t('admin.menu.prices')} bordered extra={<Link to="/admin/prices">{t('admin.action.open')}</Link>}>
          <Table rowKey="currency" size="small" scroll={{ x: true }} loading={loading && !data} columns={priceColumns} dataSource={data?.prices} />
        </ProCard>

        <ProCard
          title={t('admin.dashboard.reconciliation')}
          bordered
          extra={
            canReconcile && (
              <ActionForm
                testId="admin-reconcile-run"
                label={t('admin.reconcile.run')}
                title={t('admin.reconcile.run')}
                description={t('admin.reconcile.runHint')}
                onSubmit={(values) => operationsApi.runReconcile({ reason: values.reason })}
                onDone={refresh}
              />
            )
          }
        >
          {data?.reconciliation ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text>
                {t('admin.reconcile.runAt', { at: data.reconciliation.runAt })}{' '}
                <OkTag ok={data.reconciliation.ok} okText={t('admin.reconcile.ok')} badText={t('admin.reconcile.notOk')} />
              </Typography.Text>
              <Table rowKey="currency" size="small" scroll={{ x: true }} columns={reconcileColumns} dataSource={data.reconciliation.rows} />
            </Space>
          ) : (
            <Empty description={t('admin.reconcile.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </ProCard>

        <ProCard title={t('admin.dashboard.ledger')} bordered loading={loading && !data}>
          {data && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text data-testid="admin-ledger-check">
                <OkTag ok={data.ledger.ok} okText={t('admin.ledger.ok')} badText={t('admin.ledger.notOk')} />{' '}
                {t('admin.ledger.counts', { entries: data.ledger.entries, accounts: data.ledger.accounts })}
              </Typography.Text>
              <Typography.Text type="secondary">
                {Object.entries(data.ledger.currencySums)
                  .map(([currency, sum]) => `${currency}: ${sum}`)
                  .join(' · ')}
              </Typography.Text>
              {data.ledger.problems.length > 0 && (
                <List size="small" bordered dataSource={data.ledger.problems} renderItem={(problem) => <List.Item>{problem}</List.Item>} />
              )}
            </Space>
          )}
        </ProCard>
      </Space>
    </PageContainer>
  );
}
