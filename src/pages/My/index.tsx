/**
 * /my: the profile card (short address, UID, invite code), total assets, the message centre with
 * its unread count, the entry grid and the help centre row.
 */
import { BellOutlined, QuestionCircleOutlined, RightOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Badge, Card, Descriptions, Flex, Statistic, Typography, theme } from 'antd';
import { Link, useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import type React from 'react';
import { useMemo } from 'react';
import AsyncContent from '@/components/AsyncContent';
import EntryGrid from '@/components/EntryGrid';
import RouteIcon from '@/components/RouteIcon';
import { shortAddress } from '@/components/shortAddress';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { sectionEntries } from '@/layouts/navigation';
import { accountApi, notificationApi } from '@/services';

/** A full-width row (48 px high: a thumb's target) leading to `to`, with an optional badge before its arrow. */
function LinkRow({ to, testId, icon, label, badge }: { to: string; testId: string; icon: React.ReactNode; label: string; badge?: React.ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" styles={{ body: { padding: 0 } }}>
      <Link
        to={to}
        data-testid={testId}
        style={{ display: 'flex', alignItems: 'center', gap: 12, minHeight: 48, padding: '0 16px', color: token.colorText }}
      >
        <span style={{ fontSize: 20, color: token.colorPrimary, display: 'inline-flex' }} aria-hidden>
          {icon}
        </span>
        <span style={{ flex: 1 }}>{label}</span>
        {badge}
        <RightOutlined style={{ color: token.colorTextTertiary }} aria-hidden />
      </Link>
    </Card>
  );
}

export default function MyPage() {
  const t = useT();
  const user = useCurrentUser();
  const access = useAccess();
  const assets = useRequest(() => accountApi.account(), { ready: !!user });
  // asked each time 我的 shows, so a message read meanwhile is no longer counted
  const unread = useRequest(() => notificationApi.unreadCount(), { ready: !!user });
  const entries = useMemo(
    () =>
      sectionEntries('/my', access)
        .filter((entry) => entry.icon)
        .map((entry) => ({ ...entry, icon: <RouteIcon name={entry.icon} /> })),
    [access],
  );

  return (
    <Flex vertical gap={16}>
      {user && (
        <Card size="small">
          <Flex gap={16} align="center">
            <Avatar size={56} icon={<UserOutlined />} style={{ flex: 'none' }} data-testid="my-avatar" />
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong copyable={{ text: user.address }} style={{ fontSize: 16 }}>
                {shortAddress(user.address)}
              </Typography.Text>
              <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 4 }}>
                <Descriptions.Item label="UID">
                  <Typography.Text copyable>{user.uid}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('my.inviteCode')}>
                  <Typography.Text copyable>{user.inviteCode}</Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            </div>
          </Flex>
        </Card>
      )}
      <Card size="small" title={t('assets.total', { currency: 'USDT' })} extra={<Link to="/my/assets">{t('common.more')}</Link>}>
        <AsyncContent loading={assets.loading} error={assets.error} onRetry={assets.refresh} rows={1}>
          <Statistic value={assets.data?.totalUsdt ?? '0'} precision={2} suffix="USDT" data-testid="my-total" />
          {assets.data?.totalPartial && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="assets-total-partial">
              {t('assets.totalPartial')}
            </Typography.Text>
          )}
        </AsyncContent>
      </Card>
      {user && (
        <LinkRow
          to="/my/messages"
          testId="my-messages"
          icon={<BellOutlined />}
          label={t('messages.entry')}
          badge={
            <Badge count={unread.data?.unread ?? 0} overflowCount={99} title={t('messages.unreadCount', { count: unread.data?.unread ?? 0 })} data-testid="my-messages-badge" />
          }
        />
      )}
      <EntryGrid entries={entries} />
      <LinkRow to="/my/help" testId="my-help" icon={<QuestionCircleOutlined />} label={t('menu.my.help')} />
    </Flex>
  );
}
