/**
 * `/admin/deposits`: deposits the watcher saw and those credited, filtered by the server (status —
 * 待审核, 低于最低金额, … —, network, currency, UID). Reviewers approve or reject those held for
 * review; finance credits one by hand, which a second finance operator must confirm.
 */
import { PageContainer, ProFormText, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ConsoleTable from '@/admin/components/ConsoleTable';
import { useIntl, useLocation } from '@umijs/max';
import { Alert, Space, Tag } from 'antd';
import { useRef } from 'react';
import { ADMIN_DEPOSIT_STATUSES, type AdminDepositType } from '../../../../contract/admin/money';
import ActionForm from '@/admin/components/ActionForm';
import { DepositStatusTag } from '@/admin/components/columns';
import { Address, UserLink } from '@/admin/components/parts';
import { useCan } from '@/admin/context';
import { useTableRequest } from '@/admin/hooks';
import { moneyApi } from '@/admin/services';

interface CreditValues {
  uid: string;
  currency: string;
  amount: string;
  network: string;
  txHash: string;
}

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const AMOUNT = /^\d+(\.\d+)?$/;

export default function DepositsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const location = useLocation();
  const statusFromUrl = new URLSearchParams(location.search).get('status') ?? undefined;
  const canReview = useCan('deposits.review');
  const canCredit = useCan('deposits.credit');
  const actionRef = useRef<ActionType>();
  const request = useTableRequest(moneyApi.deposits);
  const reload = () => actionRef.current?.reload();
  const required = (label: string) => [{ required: true, whitespace: true, message: `${t('admin.field.required')}${label}` }];

  const columns: ProColumns<AdminDepositType>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 64 },
    {
      title: t('admin.field.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: statusFromUrl,
      valueEnum: Object.fromEntries(ADMIN_DEPOSIT_STATUSES.map((status) => [status, { text: t(`admin.depositStatus.${status}`) }])),
      render: (_, row) => (
        <span>
          <DepositStatusTag status={row.status} intl={intl} />
          {row.source === 'ops' && <Tag>{t('admin.deposits.byHand')}</Tag>}
        </span>
      ),
    },
    { title: 'UID', dataIndex: 'uid', hideInTable: true },
    { title: t('admin.field.user'), dataIndex: 'user', search: false, render: (_, row) => <UserLink user={row.user} /> },
    { title: t('admin.field.currency'), dataIndex: 'currency' },
    { title: t('admin.field.network'), dataIndex: 'network' },
    { title: t('admin.field.amount'), dataIndex: 'amount', search: false, align: 'right' },
    { title: t('admin.field.txHash'), dataIndex: 'txHash', search: false, render: (_, row) => <Address value={row.txHash} /> },
    { title: t('admin.field.operator'), dataIndex: 'operator', search: false, render: (_, row) => <Address value={row.operator} /> },
    { title: t('admin.field.reason'), dataIndex: 'reason', search: false, ellipsis: true, width: 160 },
    { title: t('admin.field.createdAt'), dataIndex: 'createdAt', search: false },
    {
      title: t('admin.field.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => {
        if (!canReview || row.kind !== 'seen' || row.status !== 'review') return '—';
        const summary = `#${row.id} · ${row.amount} ${row.currency} (${row.network})`;
        return (
          <Space size={4} wrap>
            <ActionForm
              testId={`admin-deposit-approve-${row.id}`}
              label={t('admin.action.approve')}
              title={`${t('admin.deposits.approveTitle')} ${summary}`}
              description={t('admin.deposits.approveHint')}
              reason={false}
              buttonProps={{ type: 'primary' }}
              stepUp={{ action: 'deposit.approve', target: row.id }}
              onSubmit={(_values, proof) => moneyApi.approveDeposit(row.id, { proof: proof! })}
              onDone={reload}
            />
            <ActionForm
              testId={`admin-deposit-reject-${row.id}`}
              label={t('admin.action.reject')}
              title={`${t('admin.deposits.rejectTitle')} ${summary}`}
              description={t('admin.deposits.rejectHint')}
              buttonProps={{ danger: true }}
              stepUp={{ action: 'deposit.reject', target: row.id }}
              onSubmit={(values, proof) => moneyApi.rejectDeposit(row.id, { proof: proof!, reason: values.reason })}
              onDone={reload}
            />
          </Space>
        );
      },
    },
  ];

  const creditForm = canCredit && (
    <CreditByHand
      fields={
        <>
          <ProFormText name="uid" label="UID" rules={[...required('UID'), { pattern: /^\d{1,20}$/, message: t('admin.deposits.uidInvalid') }]} />
          <ProFormText name="currency" label={t('admin.field.currency')} placeholder="USDT" rules={required(t('admin.field.currency'))} />
          <ProFormText name="network" label={t('admin.field.network')} placeholder="ERC20" rules={required(t('admin.field.network'))} />
          <ProFormText
            name="amount"
            label={t('admin.field.amount')}
            rules={[...required(t('admin.field.amount')), { pattern: AMOUNT, message: t('admin.deposits.amountInvalid') }]}
          />
          <ProFormText
            name="txHash"
            label={t('admin.field.txHash')}
            placeholder="0x…"
            rules={[...required(t('admin.field.txHash')), { pattern: TX_HASH, message: t('admin.deposits.txHashInvalid') }]}
          />
        </>
      }
      onDone={reload}
    />
  );

  return (
    <PageContainer title={t('admin.menu.deposits')} extra={creditForm}>
      <ConsoleTable<AdminDepositType>
        testId="admin-deposits-table"
        rowKey={(row) => `${row.kind}:${row.id}`}
        actionRef={actionRef}
        columns={columns}
        request={request}
      />
    </PageContainer>
  );
}

/**
 * Crediting by hand: the wallet signs `deposit.credit` on the transaction hash, and the credit
 * waits for a second finance operator (待复核).
 */
function CreditByHand({ fields, onDone }: { fields: React.ReactNode; onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <ActionForm<CreditValues, unknown>
      testId="admin-deposit-credit"
      label={t('admin.deposits.credit')}
      title={t('admin.deposits.credit')}
      description={<Alert type="warning" showIcon message={t('admin.deposits.creditHint')} />}
      buttonProps={{ type: 'primary', size: 'middle' }}
      fields={fields}
      stepUp={(values) => ({ action: 'deposit.credit', target: values.txHash.trim().toLowerCase() })}
      onSubmit={(values, proof) =>
        moneyApi.creditDeposit({
          uid: values.uid.trim(),
          currency: values.currency.trim().toUpperCase(),
          network: values.network.trim().toUpperCase(),
          amount: values.amount.trim(),
          txHash: values.txHash.trim().toLowerCase(),
          reason: values.reason,
          proof: proof!,
        })
      }
      successText={() => t('admin.deposits.creditAsked')}
      onDone={onDone}
    />
  );
}
