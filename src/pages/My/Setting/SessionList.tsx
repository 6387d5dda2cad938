/**
 * The user's signed-in devices on /my/setting: device, IP, sign-in and last-use times, the current
 * one tagged; any other can be signed out, or all others at once (each after a confirmation).
 * Ending sessions only takes access away, so the session token suffices (no wallet signature).
 */
import { DesktopOutlined } from '@ant-design/icons';
import { Button, Card, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { useT } from '@/hooks/useT';
import { authApi } from '@/services';
import { deviceName } from './deviceName';

export default function SessionList() {
  const t = useT();
  const { data: sessions = [], loading, refresh } = useRequest(() => authApi.sessions());
  const [ending, setEnding] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);

  const run = async (key: string, action: () => Promise<string>) => {
    setEnding(key);
    try {
      message.success(await action());
      refresh();
    } catch {
      // the request layer showed the server's message
    } finally {
      setEnding(null);
    }
  };
  const endOne = (id: string) => run(id, async () => {
    await authApi.endSession({ id });
    return t('sessions.ended');
  });
  const endOthers = () => run('others', async () => {
    const { ended } = await authApi.endOtherSessions();
    return t('sessions.endedOthers', { count: ended });
  });

  return (
    <Card size="small" title={t('sessions.title')} style={{ marginBottom: 16 }} data-testid="session-list">
      <List
        loading={loading && sessions.length === 0}
        dataSource={sessions}
        locale={{ emptyText: t('sessions.noOthers') }}
        renderItem={(s) => (
          <List.Item
            data-testid="session"
            actions={s.current ? [] : [
              <Popconfirm key="end" title={t('sessions.endConfirm')} onConfirm={() => endOne(s.id)} okText={t('common.confirm')} cancelText={t('common.cancel')}>
                <Button size="small" danger loading={ending === s.id}>{t('sessions.end')}</Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={<DesktopOutlined />}
              title={
                <Space size={4} wrap>
                  <span>{deviceName(s.userAgent) || t('sessions.unknownDevice')}</span>
                  {s.current && <Tag color="blue">{t('sessions.current')}</Tag>}
                </Space>
              }
              description={
                <Space direction="vertical" size={0} style={{ minWidth: 0, maxWidth: '100%' }}>
                  <Typography.Text type="secondary" ellipsis={{ tooltip: s.userAgent }} style={{ maxWidth: '100%' }}>{s.userAgent}</Typography.Text>
                  <span>IP {s.ip}</span>
                  <span>{t('sessions.signedIn', { time: s.createdAt })}</span>
                  <span>{t('sessions.lastUsed', { time: s.lastUsedAt })}</span>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {!loading && others.length === 0 && sessions.length > 0 && (
        <Typography.Text type="secondary">{t('sessions.noOthers')}</Typography.Text>
      )}
      {others.length > 0 && (
        <Popconfirm title={t('sessions.endOthersConfirm')} onConfirm={endOthers} okText={t('common.confirm')} cancelText={t('common.cancel')}>
          <Button block danger loading={ending === 'others'} style={{ marginTop: 8 }}>{t('sessions.endOthers')}</Button>
        </Popconfirm>
      )}
    </Card>
  );
}
