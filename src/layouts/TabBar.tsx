/** The phone tab bar: fixed at the bottom, one tab (icon and label) per navigation entry. */
import { theme } from 'antd';
import { Link, useIntl } from '@umijs/max';
import RouteIcon from '@/components/RouteIcon';
import styles from './BasicLayout.less';
import { isEntryActive, type NavEntry } from './navigation';

export default function TabBar({ entries, pathname }: { entries: NavEntry[]; pathname: string }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  return (
    <nav
      className={styles.tabBar}
      data-testid="tab-bar"
      aria-label={intl.formatMessage({ id: 'shell.navigation' })}
      style={{ background: token.colorBgContainer, borderTop: `1px solid ${token.colorBorderSecondary}` }}
    >
      {entries.map((entry) => {
        const active = isEntryActive(entry.path, pathname);
        return (
          <Link
            key={entry.path}
            to={entry.path}
            className={styles.tab}
            aria-current={active ? 'page' : undefined}
            style={{ color: active ? token.colorPrimary : token.colorTextSecondary }}
          >
            <RouteIcon name={entry.icon} />
            <span>{intl.formatMessage({ id: entry.titleId })}</span>
          </Link>
        );
      })}
    </nav>
  );
}
