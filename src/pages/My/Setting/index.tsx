/** /my/setting: language, theme, the pay password, the signed-in devices and signing out. */
import { LockOutlined, LogoutOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, List, Popconfirm, Tag } from 'antd';
import { Link, useNavigate } from '@umijs/max';
import { useState } from 'react';
import LanguageSwitch from '@/components/LanguageSwitch';
import ThemeToggle from '@/components/ThemeToggle';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useLogout } from '@/hooks/useLogout';
import { useT } from '@/hooks/useT';
import SessionList from './SessionList';

export default function MySettingPage() {
  const t = useT();
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const signOut = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }}>
        {/* rows given as children, not a dataSource: antd puts them straight in a <div>; the <ul> makes them a list (axe: listitem) */}
        <List>
          <ul className="ant-list-items">
            <List.Item extra={<LanguageSwitch />}>{t('setting.language')}</List.Item>
            <List.Item extra={<ThemeToggle />}>{t('setting.theme')}</List.Item>
            <List.Item
                style={{ cursor: 'pointer' }}
                onClick={() => navigate('/my/setting/pay-pass')}
                extra={
                  <>
                    <Tag color={user?.hasPayPassword ? 'green' : 'orange'}>
                      {t(user?.hasPayPassword ? 'payPass.set' : 'payPass.notSet')}
                    </Tag>
                    <RightOutlined />
                  </>
                }
              >
                <Link to="/my/setting/pay-pass">
                  <LockOutlined /> {t('menu.my.payPass')}
                </Link>
              </List.Item>
          </ul>
        </List>
      </Card>
      <SessionList />
      <Popconfirm title={t('setting.signOutConfirm')} onConfirm={signOut} okText={t('common.confirm')} cancelText={t('common.cancel')}>
        <Button block danger icon={<LogoutOutlined />} loading={leaving}>
          {t('setting.signOut')}
        </Button>
      </Popconfirm>
    </>
  );
}
