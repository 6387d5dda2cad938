/** Small displays several console pages share. */
import { Link, useIntl } from '@umijs/max';
import { Tag, Tooltip, Typography } from 'antd';
import type { HaltViewType, PriceStatusViewType } from '../../../contract/admin/operations';
import type { AdminUserSummaryType } from '../../../contract/admin/common';
import { shortAddress } from '@/components/shortAddress';

/** "已暂停" with who, why and since when. */
export function HaltTag({ halt }: { halt: HaltViewType }) {
  const intl = useIntl();
  return (
    <Tooltip title={intl.formatMessage({ id: 'admin.halt.detail' }, { operator: halt.operator, reason: halt.reason, since: halt.since })}>
      <Tag color="error">{intl.formatMessage({ id: 'admin.status.halted' })}</Tag>
    </Tooltip>
  );
}

/** A price: the usable one, or the last one struck through with why it is not usable. */
export function PriceCell({ price }: { price: PriceStatusViewType }) {
  const intl = useIntl();
  if (price.usable) return <span>{price.price}</span>;
  return (
    <span>
      {price.price && <Typography.Text delete>{price.price}</Typography.Text>}{' '}
      <Tag color="warning">{intl.formatMessage({ id: `admin.priceReason.${price.reason ?? 'noSource'}` })}</Tag>
    </span>
  );
}

/** A user as a link to their page: UID, short address, frozen. */
export function UserLink({ user }: { user: AdminUserSummaryType }) {
  const intl = useIntl();
  return (
    <span>
      <Link to={`/admin/users/${user.uid}`}>{user.uid}</Link>{' '}
      <Tooltip title={user.address}>
        <Typography.Text type="secondary">{shortAddress(user.address)}</Typography.Text>
      </Tooltip>
      {user.frozen && (
        <Tag color="error" style={{ marginInlineStart: 4 }}>
          {intl.formatMessage({ id: 'admin.users.frozen' })}
        </Tag>
      )}
    </span>
  );
}

/** An address, shortened, the whole of it in a tooltip and copyable. */
export function Address({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  return (
    <Tooltip title={value}>
      <Typography.Text copyable={{ text: value }}>{value.startsWith('0x') ? shortAddress(value) : value}</Typography.Text>
    </Tooltip>
  );
}

const WITHDRAWAL_COLORS: Record<string, string> = {
  review: 'gold',
  processing: 'processing',
  broadcast: 'processing',
  confirming: 'processing',
  completed: 'success',
  rejected: 'error',
  failed: 'error',
  cancelled: 'default',
};

/** A withdrawal's status; in review with a first approval recorded: 待第二人复核. */
export function WithdrawalStatusTag({ status, awaitingSecond }: { status: string; awaitingSecond?: boolean }) {
  const intl = useIntl();
  return (
    <span>
      <Tag color={WITHDRAWAL_COLORS[status] ?? 'default'}>{intl.formatMessage({ id: `withdraw.status.${status}` })}</Tag>
      {awaitingSecond && (
        <Tag color="purple" data-testid="admin-awaiting-second">
          {intl.formatMessage({ id: 'admin.withdrawals.awaitingSecond' })}
        </Tag>
      )}
    </span>
  );
}
