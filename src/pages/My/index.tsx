/** /my: the profile card (short address, UID, invite code), total assets and the entry grid. */
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Flex, Statistic, Typography } from 'antd';
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
import { accountApi } from '@/services';

export default function MyPage() {
  const t = useT();
  const user = useCurrentUser();
  const access = useAccess();
  const assets = useRequest(() => accountApi.account(), { ready: !!user });
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
      <EntryGrid entries={entries} />
    </Flex>
  );
}
