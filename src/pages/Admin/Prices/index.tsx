/**
 * `/admin/prices`: every market currency's price — usable or why not, its age, each source's
 * answer, a halt and who set it, the exchange desk's position — and, for finance, halting a price
 * (the manual circuit breaker: nothing is priced with it) and resuming it, each with a reason.
 */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { useIntl } from '@umijs/max';
import { Table, Tag } from 'antd';
import { useRef } from 'react';
import type { PriceStatusViewType } from '../../../../contract/admin/operations';
import ActionForm from '@/admin/components/ActionForm';
import { HaltTag, PriceCell } from '@/admin/components/parts';
import { useCan } from '@/admin/context';
import { useShowError } from '@/admin/hooks';
import { operationsApi } from '@/admin/services';
import { wholeListRequest } from '@/admin/components/tables';

export default function PricesPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const canHalt = useCan('prices.halt');
  const showError = useShowError();
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();

  const columns: ProColumns<PriceStatusViewType>[] = [
    { title: t('admin.field.currency'), dataIndex: 'currency' },
    { title: t('admin.prices.price'), dataIndex: 'price', render: (_, row) => <PriceCell price={row} /> },
    {
      title: t('admin.field.status'),
      dataIndex: 'usable',
      render: (_, row) =>
        row.halted ? <HaltTag halt={row.halted} /> : <Tag color={row.usable ? 'success' : 'warning'}>{t(row.usable ? 'admin.prices.usable' : 'admin.prices.unusable')}</Tag>,
    },
    { title: t('admin.prices.age'), dataIndex: 'ageSeconds', render: (_, row) => (row.ageSeconds === null ? '—' : t('admin.unit.seconds', { n: row.ageSeconds })) },
    { title: t('admin.prices.feed'), dataIndex: 'feed' },
    {
      title: t('admin.prices.position'),
      dataIndex: 'exchangePosition',
      render: (_, row) => `${row.exchangePosition} (${t(`admin.prices.side.${row.exchangeSide}`)})${row.exchangeBound ? ` / ${row.exchangeBound}` : ''}`,
    },
    {
      title: t('admin.field.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) =>
        canHalt ? (
          <ActionForm
            testId={`admin-price-${row.halted ? 'resume' : 'halt'}-${row.currency}`}
            label={t(row.halted ? 'admin.prices.resume' : 'admin.prices.halt')}
            title={`${t(row.halted ? 'admin.prices.resume' : 'admin.prices.halt')} ${row.currency}`}
            description={t(row.halted ? 'admin.prices.resumeHint' : 'admin.prices.haltHint')}
            buttonProps={{ danger: !row.halted }}
            onSubmit={(values) =>
              row.halted ? operationsApi.resumePrice(row.currency, { reason: values.reason }) : operationsApi.haltPrice(row.currency, { reason: values.reason })
            }
            successText={(result) => t(result.changed ? 'admin.action.done' : 'admin.prices.unchanged')}
            onDone={reload}
          />
        ) : (
          '—'
        ),
    },
  ];

  return (
    <PageContainer title={t('admin.menu.prices')}>
      <ConsoleTable<PriceStatusViewType>
        testId="admin-prices-table"
        filtered={false}
        rowKey="currency"
        actionRef={actionRef}
        columns={columns}
        expandable={{
          expandedRowRender: (row) => (
            <Table
              rowKey="source"
              size="small"
              columns={[
                { title: t('admin.prices.source'), dataIndex: 'source' },
                { title: t('admin.prices.price'), dataIndex: 'price', render: (value: string | null) => value ?? '—' },
                { title: t('admin.dashboard.lastError'), dataIndex: 'error', render: (value: string | null) => value ?? '—' },
              ]}
              dataSource={row.sources}
            />
          ),
        }}
        request={wholeListRequest(() => operationsApi.prices(), showError)}
      />
    </PageContainer>
  );
}
