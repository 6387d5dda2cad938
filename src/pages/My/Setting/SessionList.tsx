/**
 * The user's signed-in devices on /my/setting: device, IP, sign-in and last-use times, the current
 * one tagged; any other can be signed out, or all others at once (each after a confirmation).
 * Ending sessions only takes access away, so the session token suffices (no wallet signature).
 * The confirmations are centred dialogs: a popover beside a button at the right edge of a phone
 * was cut off.
 */
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Card, List, Space, Tag, Typography } from 'antd';
import { message, modal } from '@/components/Feedback/notifier';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { useT } from '@/hooks/useT';
import { authApi } from '@/services';
import { describeDevice, isHandheld } from './deviceName';

export default function SessionList() {
  const t = useT();
  const { data: sessions = [], loading, refresh } = useRequest(() => authApi.sessions());
  const [ending, setEnding] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);
  const nameOf = (userAgent: string) => {
    const { kind, app } = describeDevice(userAgent);
    return [kind && t(`sessions.kind.${kind}`), app].filter(Boolean).join(' · ') || t('sessions.unknownDevice');
  };
  const confirm = (title: string, onOk: () => void) =>
    modal.confirm({ title, centered: true, okText: t('common.confirm'), cancelText: t('common.cancel'), okButtonProps: { danger: true }, onOk });

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
              <Button key="end" danger loading={ending === s.id} onClick={() => confirm(t('sessions.endConfirm'), () => void endOne(s.id))}>
                {t('sessions.end')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={isHandheld(describeDevice(s.userAgent).kind) ? <MobileOutlined /> : <DesktopOutlined />}
              title={
                <Space size={4} wrap>
                  <span title={s.userAgent} data-testid="session-device">{nameOf(s.userAgent)}</span>
                  {s.current && <Tag color="blue">{t('sessions.current')}</Tag>}
                </Space>
              }
              description={
                <Space direction="vertical" size={0} style={{ minWidth: 0, maxWidth: '100%' }}>
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
        <Button block danger loading={ending === 'others'} style={{ marginTop: 8 }} onClick={() => confirm(t('sessions.endOthersConfirm'), () => void endOthers())}>
          {t('sessions.endOthers')}
        </Button>
      )}
    </Card>
  );
}
