/**
 * Every icon that config/routes.ts names is in RouteIcon's list (src/components/routeIcons), and
 * a name outside it falls back to the neutral icon. The console's routes (/admin) take theirs from
 * the console's own list (src/admin/icons.tsx), which stays out of the app's first load.
 */
import * as AntIcons from '@ant-design/icons';
import { render } from '@testing-library/react';
import React from 'react';
import routes from '../../config/routes';
import RouteIcon, { ROUTE_ICONS } from '@/components/RouteIcon';
import { ADMIN_ICONS } from '@/admin/icons';

interface IconRoute {
  path?: string;
  icon?: string;
  routes?: IconRoute[];
}

const iconNames = (list: IconRoute[]): string[] =>
  list.flatMap((route) => [...(route.icon ? [route.icon] : []), ...iconNames(route.routes ?? [])]);

const isConsole = (route: IconRoute) => route.path === '/admin';
const named = [...new Set(iconNames((routes as IconRoute[]).filter((route) => !isConsole(route))))];
const consoleNamed = [...new Set(iconNames((routes as IconRoute[]).filter(isConsole)))];

describe('route icons', () => {
  it('the route table names icons', () => {
    expect(named).toEqual(expect.arrayContaining(['HomeOutlined', 'UserOutlined', 'WalletOutlined']));
  });

  it.each(named)('maps %s to the @ant-design/icons component of that name', (name) => {
    expect(ROUTE_ICONS[name]).toBe(AntIcons[name as keyof typeof AntIcons]);
  });

  it.each(consoleNamed)('the console maps %s to the icon of that name', (name) => {
    const { container } = render(<>{ADMIN_ICONS[name]}</>);
    const kebab = name.replace(/Outlined$/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
    expect(container.querySelector(`.anticon-${kebab}`)).not.toBeNull();
  });

  it('renders the named icon', () => {
    const { container } = render(<RouteIcon name="WalletOutlined" />);
    expect(container.querySelector('.anticon-wallet')).not.toBeNull();
  });

  it.each([undefined, 'NoSuchOutlined'])('falls back to the app icon for %s', (name) => {
    const { container } = render(<RouteIcon name={name} />);
    expect(container.querySelector('.anticon-appstore')).not.toBeNull();
  });
});
