/** Table columns several console pages show the same way: approvals, balances, ledger entries, deposits. */
import type { getIntl } from '@umijs/max';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ApprovalViewType } from '../../../contract/admin/core';
import type { AdminDepositType } from '../../../contract/admin/money';
import type { AdminBalanceType, AdminLedgerEntryType } from '../../../contract/admin/users';
import { Address, UserLink } from './parts';

type Intl = Pick<ReturnType<typeof getIntl>, 'formatMessage'>;

const APPROVAL_COLORS: Record<string, string> = { pending: 'gold', done: 'success', cancelled: 'default' };
const DEPOSIT_COLORS: Record<string, string> = {
  confirming: 'processing',
  review: 'gold',
  below_minimum: 'warning',
  credited: 'success',
  rejected: 'error',
  dropped: 'default',
};

export function ApprovalStatusTag({ status, intl }: { status: string; intl: Intl }) {
  return <Tag color={APPROVAL_COLORS[status] ?? 'default'}>{intl.formatMessage({ id: `admin.approvalStatus.${status}` })}</Tag>;
}

export function DepositStatusTag({ status, intl }: { status: string; intl: Intl }) {
  return <Tag color={DEPOSIT_COLORS[status] ?? 'default'}>{intl.formatMessage({ id: `admin.depositStatus.${status}` })}</Tag>;
}

/** What a four-eyes action will do, in a line: "提现 #12", "添加运营人员 0x… 为 审核员". */
export function approvalSummary(approval: Pick<ApprovalViewType, 'action' | 'target' | 'payload'>, intl: Intl): string {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const payload = approval.payload as Record<string, unknown>;
  const text = (key: string) => (payload[key] === undefined || payload[key] === null ? '' : String(payload[key]));
  const action = t(`admin.approvalAction.${approval.action}`);
  switch (approval.action) {
    case 'operator.add':
      return `${action} ${text('address')} → ${payload.role ? t(`admin.role.${text('role')}`) : ''}`;
    case 'operator.update': {
      const changes = [
        payload.role !== undefined ? t(`admin.role.${text('role')}`) : '',
        payload.enabled !== undefined ? t(payload.enabled ? 'admin.operators.enable' : 'admin.operators.disable') : '',
      ].filter(Boolean);
      return `${action} ${approval.target} → ${changes.join(' · ')}`;
    }
    case 'deposit.credit':
      return `${action} ${text('amount')} ${text('currency')} → UID ${text('uid')} (${text('network')})`;
    default:
      return `${action} ${approval.target}${payload.amount ? ` · ${text('amount')} ${text('currency')}` : ''}`;
  }
}

export function approvalColumns(intl: Intl): ColumnsType<ApprovalViewType> {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { title: 'ID', dataIndex: 'id' },
    { title: t('admin.approvals.what'), render: (_, row) => approvalSummary(row, intl) },
    { title: t('admin.field.status'), dataIndex: 'status', render: (status: string) => <ApprovalStatusTag status={status} intl={intl} /> },
    { title: t('admin.approvals.requestedBy'), dataIndex: 'requestedBy', render: (value: string) => <Address value={value} /> },
    { title: t('admin.field.reason'), dataIndex: 'reason' },
    { title: t('admin.approvals.requestedAt'), dataIndex: 'requestedAt' },
    { title: t('admin.approvals.decidedBy'), dataIndex: 'decidedBy', render: (value: string | null) => <Address value={value} /> },
    { title: t('admin.approvals.decidedAt'), dataIndex: 'decidedAt', render: (value: string | null) => value ?? '—' },
  ];
}

export function balanceColumns(intl: Intl): ColumnsType<AdminBalanceType> {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { title: t('admin.field.currency'), dataIndex: 'currency' },
    { title: t('admin.users.available'), dataIndex: 'available', align: 'right' },
    { title: t('admin.users.frozenAmount'), dataIndex: 'frozen', align: 'right' },
  ];
}

export function ledgerColumns(intl: Intl): ColumnsType<AdminLedgerEntryType> {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { title: t('admin.field.time'), dataIndex: 'createdAt', width: 170 },
    { title: t('admin.ledger.type'), dataIndex: 'type' },
    { title: t('admin.field.currency'), dataIndex: 'currency' },
    { title: t('admin.ledger.bucket'), dataIndex: 'bucket', render: (value: string) => t(`admin.ledger.bucket.${value}`) },
    {
      title: t('admin.field.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string) => <span style={{ color: value.startsWith('-') ? '#cf1322' : '#389e0d' }}>{value}</span>,
    },
    { title: t('admin.ledger.balanceAfter'), dataIndex: 'balanceAfter', align: 'right' },
    // the ledger reference can be long and unbroken (a transaction hash): cut, whole on hover
    { title: t('admin.ledger.ref'), dataIndex: 'ref', width: 220, ellipsis: { showTitle: true } },
    { title: t('admin.ledger.remark'), dataIndex: 'remark' },
  ];
}

export function depositColumns(intl: Intl, withUser = false): ColumnsType<AdminDepositType> {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { title: 'ID', dataIndex: 'id' },
    ...(withUser ? [{ title: t('admin.field.user'), render: (_: unknown, row: AdminDepositType) => <UserLink user={row.user} /> }] : []),
    { title: t('admin.field.status'), dataIndex: 'status', render: (status: string) => <DepositStatusTag status={status} intl={intl} /> },
    { title: t('admin.field.amount'), render: (_, row) => `${row.amount} ${row.currency}` },
    { title: t('admin.field.network'), dataIndex: 'network' },
    { title: t('admin.field.txHash'), dataIndex: 'txHash', render: (value: string) => <Address value={value} /> },
    { title: t('admin.field.createdAt'), dataIndex: 'createdAt' },
  ];
}
