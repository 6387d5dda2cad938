/**
 * The navigation entries as links (icon and label), the current section marked: the phone tab
 * bar fixed at the bottom, or the desktop top navigation in the header. Plain links rather than
 * antd's Menu, which with rc-menu and its overflow handling cost every first load ~25 KB gzip.
 */
import { theme } from 'antd';
import { Link, useIntl } from '@umijs/max';
import type { CSSProperties } from 'react';
import RouteIcon from '@/components/RouteIcon';
import styles from './BasicLayout.less';
import { isEntryActive, type NavEntry } from './navigation';

interface Props {
  entries: NavEntry[];
  pathname: string;
  /** `bottom`: the phone tab bar; `top`: the desktop navigation */
  placement: 'bottom' | 'top';
}

export default function NavBar({ entries, pathname, placement }: Props) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const bottom = placement === 'bottom';
  const barStyle: CSSProperties = bottom
    ? { background: token.colorBgContainer, borderTop: `1px solid ${token.colorBorderSecondary}` }
    : {};
  return (
    <nav
      className={bottom ? styles.tabBar : styles.topNav}
      data-testid={bottom ? 'tab-bar' : 'top-nav'}
      aria-label={intl.formatMessage({ id: 'shell.navigation' })}
      // the hover colour of the top entries (BasicLayout.less)
      style={{ ...barStyle, '--nav-accent': token.colorPrimaryText } as CSSProperties}
    >
      {entries.map((entry) => {
        const active = isEntryActive(entry.path, pathname);
        return (
          <Link
            key={entry.path}
            to={entry.path}
            className={bottom ? styles.tab : styles.topNavItem}
            aria-current={active ? 'page' : undefined}
            style={{
              // the primary colour as text: readable in dark too (colorPrimaryText, src/constants/theme.ts)
              color: active ? token.colorPrimaryText : bottom ? token.colorTextSecondary : token.colorText,
              // the top navigation underlines the current section, as a horizontal menu does
              boxShadow: active && !bottom ? `inset 0 -2px 0 ${token.colorPrimary}` : undefined,
            }}
          >
            <RouteIcon name={entry.icon} />
            <span>{intl.formatMessage({ id: entry.titleId })}</span>
          </Link>
        );
      })}
    </nav>
  );
}
