/**
 * The console's access: the operator's permissions become access names (src/access.ts) that never
 * stand in for a user's flag; the /admin routes name them, and each role's menu holds exactly the
 * pages its permissions open. The console's texts: the same keys in the three languages, every
 * key the console uses among them. And the console stays out of the user app's first load: no
 * static import from src/app.tsx reaches pro-components or src/admin.
 */
import fs from 'node:fs';
import path from 'node:path';
import routes from '../../config/routes';
import { OPERATOR_ROLES, ROLE_PERMISSIONS, type OperatorRole } from '../../contract/rules/operators';
import { WALLET_ERROR_CODES } from './admin-fixtures';
import access from '@/access';
import { adminMenu, adminRouteTree, menuKeyOf, type AdminRoute } from '@/admin/menu';
import { isRouteAccessible } from '@/utils/routeAccess';
import { PROJECT_ROOT as root } from '../projectCommand';

const flags = { calculate: true, mall: true, transfer: true, deposit: true, invite: true, withdraw: true };

const menuFor = (role: OperatorRole) => adminMenu(access({ features: flags, operatorPermissions: ROLE_PERMISSIONS[role] })).map((entry) => entry.label);

describe('the access map from the operator\'s permissions', () => {
  it('adds each permission of the role as a true access name, and nothing else', () => {
    const map = access({ features: flags, operatorPermissions: ROLE_PERMISSIONS.finance });
    expect(map['deposits.credit']).toBe(true);
    expect(map['audit.read']).toBe(true);
    expect(map['operators.manage']).toBeUndefined();
    expect(map['withdrawals.review']).toBeUndefined();
    expect(map.isLogin).toBe(false);
  });

  it('without an operator the map is the user app\'s alone', () => {
    expect(access({ features: flags })).toEqual({ ...flags, isLogin: false });
  });

  it('a permission named like a flag or isLogin cannot open it', () => {
    const forged = ['isLogin', 'mall'] as unknown as (typeof ROLE_PERMISSIONS)['admin'];
    const map = access({ features: { ...flags, mall: false }, operatorPermissions: forged });
    expect(map.isLogin).toBe(false);
    expect(map.mall).toBe(false);
  });
});

describe('the /admin routes', () => {
  const tree = adminRouteTree();

  it('every console page names an operator permission as its access', () => {
    const pages = tree.filter((route) => route.component && route.path !== '/admin/login');
    expect(pages.length).toBeGreaterThanOrEqual(12);
    const permissions = new Set<string>(Object.values(ROLE_PERMISSIONS).flat());
    for (const page of pages) expect([page.path, permissions.has(page.access ?? '')]).toEqual([page.path, true]);
  });

  it('the sign-in page needs no permission, and the console is outside the user app\'s tree', () => {
    expect(tree.find((route) => route.path === '/admin/login')?.access).toBeUndefined();
    const userTree = (routes as AdminRoute[]).find((route) => route.path === '/');
    expect(JSON.stringify(userTree)).not.toContain('/admin');
  });

  it.each([
    ['support', ['dashboard', 'withdrawals', 'deposits', 'users', 'orders', 'prices', 'approvals', 'sessions']],
    ['reviewer', ['dashboard', 'withdrawals', 'deposits', 'users', 'orders', 'prices', 'approvals', 'sessions']],
    ['finance', ['dashboard', 'withdrawals', 'deposits', 'users', 'orders', 'prices', 'approvals', 'audit', 'sessions']],
    ['admin', ['dashboard', 'withdrawals', 'deposits', 'users', 'orders', 'prices', 'features', 'operators', 'approvals', 'audit', 'sessions']],
  ] as const)('the menu of a %s holds the pages its role opens', (role, labels) => {
    expect(menuFor(role)).toEqual(labels);
  });

  it('a page the role lacks is refused, not only hidden', () => {
    const operatorsPage = tree.find((route) => route.path === '/admin/operators')!;
    expect(isRouteAccessible(operatorsPage, access({ features: flags, operatorPermissions: ROLE_PERMISSIONS.reviewer }))).toBe(false);
    expect(isRouteAccessible(operatorsPage, access({ features: flags, operatorPermissions: ROLE_PERMISSIONS.admin }))).toBe(true);
  });

  it('a detail page lights its list\'s menu entry', () => {
    const entries = adminMenu(access({ features: flags, operatorPermissions: ROLE_PERMISSIONS.admin }));
    expect(menuKeyOf('/admin/withdrawals/12', entries)).toBe('/admin/withdrawals');
    expect(menuKeyOf('/admin/users/100001', entries)).toBe('/admin/users');
    expect(menuKeyOf('/admin/audit', entries)).toBe('/admin/audit');
  });
});

describe('the console\'s texts', () => {
  const LOCALES = ['zh-CN', 'zh-TW', 'en-US'];
  const load = (locale: string): Record<string, string> => require(path.join(root, 'src/locales', locale, 'admin')).default;

  it('have the same keys in zh-CN, zh-TW and en-US, none empty', () => {
    const keys = LOCALES.map((locale) => Object.keys(load(locale)).sort());
    expect(keys[0].length).toBeGreaterThan(200);
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(load(locale))) expect([key, text.trim().length > 0]).toEqual([key, true]);
    }
  });

  it('name every menu entry, role and wallet problem', () => {
    const messages = load('zh-CN');
    const ids = [
      ...adminRouteTree().flatMap((route) => (route.label ? [`admin.menu.${route.label}`] : [])),
      ...OPERATOR_ROLES.map((role) => `admin.role.${role}`),
      ...WALLET_ERROR_CODES.map((code) => `admin.wallet.${code}`),
    ];
    expect(ids.filter((id) => !messages[id])).toEqual([]);
  });

  it('hold every key the console\'s code names', () => {
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const used = new Set<string>();
    for (const file of [...files(path.join(root, 'src/admin')), ...files(path.join(root, 'src/pages/Admin'))]) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/'(admin\.[A-Za-z0-9_.]+)'/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(150);
    const messages = load('zh-CN');
    expect([...used].filter((id) => !messages[id])).toEqual([]);
  });

  it('are not in the user app\'s message files (its first load)', () => {
    const userMessages = require(path.join(root, 'src/locales/zh-CN')).default as Record<string, string>;
    expect(Object.keys(userMessages).filter((key) => key.startsWith('admin.'))).toEqual([]);
  });
});

/** Static imports only: `import(…)` loads later, in a chunk of its own. */
function staticImports(source: string): string[] {
  const patterns = [/^\s*(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].filter((match) => !/^\s*import\s+type\b|^\s*export\s+type\b/.test(match[0])).map((match) => match[1]));
}

function resolveLocal(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

describe('the user app\'s first load', () => {
  it('reaches neither pro-components nor the console\'s code from src/app.tsx, src/access.ts or the user layout', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const queue = ['src/app.tsx', 'src/access.ts', 'src/layouts/BasicLayout.tsx'].map((file) => path.join(root, file));
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file) || !/\.(ts|tsx)$/.test(file)) continue;
      seen.add(file);
      for (const specifier of staticImports(fs.readFileSync(file, 'utf8'))) {
        const local = resolveLocal(file, specifier);
        if (local) queue.push(local);
        else if (!specifier.startsWith('.') && !specifier.startsWith('@/')) packages.add(specifier);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    expect([...packages].filter((name) => name.startsWith('@ant-design/pro-'))).toEqual([]);
    expect([...seen].map((file) => path.relative(root, file)).filter((file) => file.startsWith('src/admin') || file.startsWith('src/pages/Admin'))).toEqual([]);
  });
});
