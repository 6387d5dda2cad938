import { matchRoutes } from 'react-router-dom';
import routes from '../../config/routes';
import {
  filterAccessibleRoutes,
  isChainAccessible,
  isRouteAccessible,
  menuRoutes,
  needsLogin,
  type AccessRoute,
  type RouteAccessMap,
} from '@/utils/routeAccess';

const flagsOn = { calculate: true, mall: true, transfer: true, deposit: true, invite: true };
const signedOut: RouteAccessMap = { ...flagsOn, isLogin: false };
const signedIn: RouteAccessMap = { ...flagsOn, isLogin: true };

/** The matched chain (root first) of a path in the real route table. */
function chainOf(pathname: string): AccessRoute[] {
  const toRouter = (list: AccessRoute[]): any[] =>
    list.map((r) => ({ ...r, children: r.routes ? toRouter(r.routes) : undefined }));
  const matches = matchRoutes(toRouter(routes as AccessRoute[]), pathname);
  if (!matches) throw new Error(`no route for ${pathname}`);
  return matches.map((m) => m.route as AccessRoute);
}

const loginOnly = [
  '/my',
  '/my/transfer',
  '/my/transfer/history',
  '/my/records',
  '/my/setting',
  '/my/setting/pay-pass',
  '/my/assets',
  '/my/invite',
  '/my/deposit',
  '/my/address',
  '/my/address/add',
  '/my/address/edit/7',
  '/calculate/assets',
  '/calculate/exchange',
  '/calculate/history',
  '/shopping/order/0',
  '/shopping/order_details/1/2',
  '/shopping/order_logistics/3',
];
const publicPaths = ['/', '/calculate', '/calculate/coin', '/calculate/unknown', '/shopping', '/shopping/goods/5', '/login'];

describe('route access over the real route table', () => {
  it.each(loginOnly)('%s needs a signed-in user', (path) => {
    expect(isChainAccessible(chainOf(path), signedOut)).toBe(false);
    expect(needsLogin(chainOf(path), signedOut)).toBe(true);
    expect(isChainAccessible(chainOf(path), signedIn)).toBe(true);
  });

  it.each(publicPaths)('%s is public', (path) => {
    expect(isChainAccessible(chainOf(path), signedOut)).toBe(true);
    expect(needsLogin(chainOf(path), signedOut)).toBe(false);
  });

  it('a flag switched off makes the route inaccessible without asking for a login', () => {
    const noTransfer = { ...signedIn, transfer: false };
    expect(isChainAccessible(chainOf('/my/transfer'), noTransfer)).toBe(false);
    expect(needsLogin(chainOf('/my/transfer'), noTransfer)).toBe(false);
    expect(isChainAccessible(chainOf('/my/records'), noTransfer)).toBe(true);

    const noMall = { ...signedOut, mall: false };
    expect(isChainAccessible(chainOf('/shopping/goods/1'), noMall)).toBe(false);
    expect(needsLogin(chainOf('/shopping/order/0'), noMall)).toBe(false);
  });

  it('a signed-out visitor on a switched-off login-only route is not sent to login', () => {
    expect(needsLogin(chainOf('/my/deposit'), { ...signedOut, deposit: false })).toBe(false);
  });
});

describe('route access rules', () => {
  it('a name missing from the map resolves to false', () => {
    expect(isRouteAccessible({ path: '/x', access: 'unknownFlag' }, signedIn)).toBe(false);
    expect(isRouteAccessible({ path: '/x', access: 'isLogin' }, {})).toBe(false);
  });

  it('a child without a name inherits its parent’s', () => {
    const parent: AccessRoute = { path: '/p', access: 'a', routes: [{ path: '/p/c' }] };
    expect(isChainAccessible([parent, parent.routes![0]], { a: false })).toBe(false);
    expect(isChainAccessible([parent, parent.routes![0]], { a: true })).toBe(true);
  });

  it('a child with its own name needs both names', () => {
    const parent: AccessRoute = { path: '/p', access: 'a', routes: [{ path: '/p/c', access: 'b' }, { path: '/p/d' }] };
    const chain = [parent, parent.routes![0]];
    expect(isChainAccessible(chain, { a: true, b: true })).toBe(true);
    expect(isChainAccessible(chain, { a: false, b: true })).toBe(false);
    expect(isChainAccessible(chain, { a: true, b: false })).toBe(false);
  });

  it('a parent whose children are all inaccessible is inaccessible', () => {
    const parent: AccessRoute = { path: '/p', routes: [{ path: '/p/a', access: 'a' }, { path: '/p/b', access: 'b' }] };
    expect(isRouteAccessible(parent, { a: false, b: false })).toBe(false);
    expect(isRouteAccessible(parent, { a: false, b: true })).toBe(true);
    expect(isRouteAccessible(parent, {})).toBe(false);
  });

  it('accepts Umi-style detector functions, called with the route', () => {
    const route: AccessRoute = { path: '/x', access: 'canX' };
    const detector = jest.fn((r: AccessRoute) => r.path === '/x');
    expect(isRouteAccessible(route, { canX: detector })).toBe(true);
    expect(detector).toHaveBeenCalledWith(route);
  });

  it('only true counts: truthy non-booleans do not open a route', () => {
    expect(isRouteAccessible({ access: 'a' }, { a: 'yes' as unknown as boolean })).toBe(false);
  });
});

describe('menus', () => {
  const names = (list: AccessRoute[]) => list.map((r) => r.name);

  it('signed out: the top-level entries hide /my; signed in they show it', () => {
    expect(names(menuRoutes(routes as AccessRoute[], signedOut))).toEqual(['home', 'calculate', 'shopping']);
    expect(names(menuRoutes(routes as AccessRoute[], signedIn))).toEqual(['home', 'calculate', 'shopping', 'my']);
  });

  it('hides login-only and switched-off sub-entries, the hidden login and redirects', () => {
    const top = menuRoutes(routes as AccessRoute[], signedOut);
    expect(names(top.find((r) => r.name === 'calculate')!.routes!)).toEqual(['power', 'coin', 'unknown']);
    expect(names(top.find((r) => r.name === 'shopping')!.routes!)).toEqual(['home', 'goods']);
    const my = menuRoutes(routes as AccessRoute[], { ...signedIn, transfer: false, deposit: false })
      .find((r) => r.name === 'my')!;
    expect(names(my.routes!)).not.toContain('transfer');
    expect(names(my.routes!)).not.toContain('deposit');
    expect(names(my.routes!)).toContain('records');
  });

  it('a section with every flag off disappears', () => {
    expect(names(menuRoutes(routes as AccessRoute[], { ...signedIn, mall: false }))).not.toContain('shopping');
  });

  it('filterAccessibleRoutes keeps the tree shape and drops inaccessible routes', () => {
    const tree = filterAccessibleRoutes(routes as AccessRoute[], signedOut);
    const root = tree[0];
    expect(root.path).toBe('/');
    const paths = root.routes!.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/calculate', '/shopping', '/login', '*']));
    expect(paths).not.toContain('/my');
  });
});
