/** Navigation derived from the route table and filtered by access. */
import { describeRoutePage } from '@/hooks/useRoutePage';
import { isEntryActive, isPathAccessible, isSwitchedOff, menuTitleId, navEntries, sectionEntries } from '@/layouts/navigation';

const FLAGS = { calculate: true, mall: true, transfer: true, deposit: true, invite: true };
const signedIn = { ...FLAGS, isLogin: true };
const signedOut = { ...FLAGS, isLogin: false };

describe('navEntries', () => {
  it('lists the top-level routes with a name and an icon, in table order, with their icons and locale ids', () => {
    expect(navEntries(signedIn)).toEqual([
      { path: '/', icon: 'HomeOutlined', titleId: 'menu.home' },
      { path: '/calculate', icon: 'ThunderboltOutlined', titleId: 'menu.calculate' },
      { path: '/shopping', icon: 'ShoppingOutlined', titleId: 'menu.shopping' },
      { path: '/my', icon: 'UserOutlined', titleId: 'menu.my' },
    ]);
  });

  it('never lists the login page (hidden from menus)', () => {
    expect(navEntries(signedOut).map((entry) => entry.path)).not.toContain('/login');
  });

  it('drops /my when signed out: its access name isLogin is false', () => {
    expect(navEntries(signedOut).map((entry) => entry.path)).toEqual(['/', '/calculate', '/shopping']);
  });

  it('drops a section whose feature flag is off or missing from the map', () => {
    expect(navEntries({ ...signedIn, mall: false }).map((entry) => entry.path)).toEqual(['/', '/calculate', '/my']);
    const { calculate: _missing, ...withoutCalculate } = signedIn;
    expect(navEntries(withoutCalculate).map((entry) => entry.path)).toEqual(['/', '/shopping', '/my']);
  });

  it('drops a parent whose children are all inaccessible', () => {
    const table = [
      {
        path: '/',
        routes: [
          { path: '/a', name: 'a', icon: 'HomeOutlined', routes: [{ path: '/a/x', name: 'x', access: 'isLogin' }] },
          { path: '/b', name: 'b', icon: 'UserOutlined', routes: [{ path: '/b/y', name: 'y' }] },
        ],
      },
    ];
    expect(navEntries(signedOut, table).map((entry) => entry.path)).toEqual(['/b']);
    expect(navEntries(signedIn, table).map((entry) => entry.path)).toEqual(['/a', '/b']);
  });
});

describe('sectionEntries', () => {
  it('lists the pages of /calculate a visitor may open: login-only ones only when signed in', () => {
    expect(sectionEntries('/calculate', signedOut).map((entry) => entry.path)).toEqual([
      '/calculate', '/calculate/coin', '/calculate/unknown',
    ]);
    expect(sectionEntries('/calculate', signedIn).map((entry) => entry.titleId)).toEqual([
      'menu.calculate.power', 'menu.calculate.assets', 'menu.calculate.coin',
      'menu.calculate.exchange', 'menu.calculate.unknown', 'menu.calculate.history',
    ]);
  });

  it('leaves out pages that need a path parameter and those whose flag is off', () => {
    const paths = sectionEntries('/my', { ...signedIn, transfer: false }).map((entry) => entry.path);
    expect(paths).not.toContain('/my/address/edit/:id');
    expect(paths).not.toContain('/my/transfer');
    expect(paths).not.toContain('/my/transfer/history');
    expect(paths).toContain('/my/deposit');
  });

  it('is empty for a section the visitor cannot open', () => {
    expect(sectionEntries('/my', signedOut)).toEqual([]);
  });
});

describe('isPathAccessible', () => {
  it('follows the same access rules as the menus', () => {
    expect(isPathAccessible('/my/deposit', signedIn)).toBe(true);
    expect(isPathAccessible('/my/deposit', signedOut)).toBe(false);
    expect(isPathAccessible('/my/deposit', { ...signedIn, deposit: false })).toBe(false);
    expect(isPathAccessible('/calculate/unknown', signedOut)).toBe(true);
    expect(isPathAccessible('/nowhere', signedIn)).toBe(false);
  });
});

describe('isEntryActive', () => {
  it('marks a section active on its pages, the root only on itself', () => {
    expect(isEntryActive('/calculate', '/calculate/coin')).toBe(true);
    expect(isEntryActive('/calculate', '/calculate')).toBe(true);
    expect(isEntryActive('/calculate', '/calculatex')).toBe(false);
    expect(isEntryActive('/', '/')).toBe(true);
    expect(isEntryActive('/', '/my')).toBe(false);
  });
});

describe('route titles', () => {
  it('joins the names along the route path into the locale id', () => {
    expect(menuTitleId(['my', 'transferHistory'])).toBe('menu.my.transferHistory');
  });

  it('describes section pages, sub-pages and stand-alone pages from the matched route chain', () => {
    const root = { path: '/' };
    const my = { path: '/my', name: 'my' };
    expect(describeRoutePage([root, my, { path: '/my', name: 'home' }])).toEqual({
      titleId: 'menu.my.home', isSubPage: false, sectionPath: '/my',
    });
    expect(describeRoutePage([root, my, { path: '/my/address/edit/:id', name: 'addressEdit' }])).toEqual({
      titleId: 'menu.my.addressEdit', isSubPage: true, sectionPath: '/my',
    });
    // Umi's client routes: a route with wrappers keeps its path in originPath, its own path is ''
    const wrapped = [{ path: '/calculate' }, { path: '', name: 'calculate', originPath: '/calculate' }];
    expect(describeRoutePage([root, ...wrapped, { path: '/calculate', name: 'power' }])).toEqual({
      titleId: 'menu.calculate.power', isSubPage: false, sectionPath: '/calculate',
    });
    expect(describeRoutePage([root, ...wrapped, { path: '/calculate/coin', name: 'coin' }]).sectionPath).toBe('/calculate');
    expect(describeRoutePage([root, { path: '/login', name: 'login' }, {}])).toEqual({
      titleId: 'menu.login', isSubPage: false, sectionPath: '/login',
    });
  });
});

describe('isSwitchedOff (content links into a switched-off feature lose their link)', () => {
  it('is true inside a section or page whose flag is off, signed in or not', () => {
    expect(isSwitchedOff('/calculate/history', { ...signedOut, calculate: false })).toBe(true);
    expect(isSwitchedOff('/shopping/goods/5?from=banner', { ...signedIn, mall: false })).toBe(true);
    expect(isSwitchedOff('/my/invite', { ...signedOut, invite: false })).toBe(true);
  });

  it('is false for open features, login-only pages and paths outside the table', () => {
    expect(isSwitchedOff('/calculate/history', signedIn)).toBe(false);
    expect(isSwitchedOff('/shopping/goods/5', signedOut)).toBe(false);
    expect(isSwitchedOff('/my/invite', signedOut)).toBe(false);
    expect(isSwitchedOff('/my/records', { ...signedOut, transfer: false })).toBe(false);
    expect(isSwitchedOff('/', { ...signedOut, calculate: false })).toBe(false);
  });
});
