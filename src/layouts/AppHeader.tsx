/**
 * The top bar: logo, the navigation entries (desktops only; phones use the tab bar), the language
 * switcher, the theme toggle, and a sign-in button when signed out (the short address when signed in).
 */
import { UserOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import { Link, useIntl, useLocation } from '@umijs/max';
import LanguageSwitch from '@/components/LanguageSwitch';
import { shortAddress } from '@/components/shortAddress';
import ThemeToggle from '@/components/ThemeToggle';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { buildLoginPath } from '@/utils/loginRedirect';
import styles from './BasicLayout.less';
import NavBar from './NavBar';
import type { NavEntry } from './navigation';

interface Props {
  entries: NavEntry[];
  /** phones: a compact bar without the navigation entries */
  compact: boolean;
}

export default function AppHeader({ entries, compact }: Props) {
  const intl = useIntl();
  const location = useLocation();
  const user = useCurrentUser();
  const { token } = theme.useToken();

  return (
    <Layout.Header
      className={compact ? `${styles.header} ${styles.phoneHeader}` : styles.header}
      style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      {/* the primary colour as text: readable in dark too (colorPrimaryText, src/constants/theme.ts) */}
      <Link to="/" className={styles.logo} style={{ color: token.colorPrimaryText }}>
        PowerFi
      </Link>
      {compact ? <div className={styles.spacer} /> : <NavBar entries={entries} pathname={location.pathname} placement="top" />}
      <div className={styles.actions}>
        <LanguageSwitch compact={compact} />
        <ThemeToggle />
        {user ? (
          <Link to="/my">
            <Button type="text" icon={<UserOutlined />}>
              {compact ? null : shortAddress(user.address)}
            </Button>
          </Link>
        ) : (
          location.pathname !== '/login' && (
            <Link to={buildLoginPath(location)}>
              <Button type="primary">
                {intl.formatMessage({ id: 'shell.signIn' })}
              </Button>
            </Link>
          )
        )}
      </div>
    </Layout.Header>
  );
}
