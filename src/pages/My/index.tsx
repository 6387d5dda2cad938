/** /my: the profile card (short address, UID, invite code), total assets, the message centre with its unread count, and the entry grid. */
import { BellOutlined, RightOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Badge, Card, Descriptions, Flex, Statistic, Typography } from 'antd';
import { Link, useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { useMemo } from 'react';
import AsyncContent from '@/components/AsyncContent';
import EntryGrid from '@/components/EntryGrid';
import RouteIcon from '@/components/RouteIcon';
import { shortAddress } from '@/components/shortAddress';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { sectionEntries } from '@/layouts/navigation';
import { accountApi, notificationApi } from '@/services';

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
        <Card size="small" styles={{ body: { padding: 0 } }}>
          <Link to="/my/messages" data-testid="my-messages" style={{ display: 'block', color: 'inherit' }}>
            <Flex align="center" gap={12} style={{ minHeight: 48, padding: '0 16px' }}>
              <BellOutlined style={{ fontSize: 18 }} />
              <Typography.Text style={{ flex: 1 }}>{t('messages.entry')}</Typography.Text>
              <Badge count={unread.data?.unread ?? 0} overflowCount={99} title={t('messages.unreadCount', { count: unread.data?.unread ?? 0 })} data-testid="my-messages-badge" />
              <RightOutlined style={{ fontSize: 12 }} />
            </Flex>
          </Link>
        </Card>
      )}
      <EntryGrid entries={entries} />
    </Flex>
  );
}
