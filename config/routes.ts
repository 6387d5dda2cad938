/**
 * The one source of routes: paths, wrappers, icons and access names (docs/decisions.md, "Front end"). Menus and the phone tab bar are derived from it:
 * entries with `name` and `icon` and without `hideInMenu` are navigation entries.
 *
 * `access` names are looked up in the map built by src/access.ts. A route is accessible only when
 * every access name on its path from the root resolves to true (so a child without a name
 * inherits its parent's), and a parent whose children are all inaccessible is inaccessible.
 *
 * Wrappers: `auth` guards access for the whole tree, `autoLogin` signs in inside a DApp browser,
 * `shared` is the page frame shared by calculate, my and login.
 */
const AUTH = '@/wrappers/auth';
const AUTO_LOGIN = '@/wrappers/autoLogin';
const SHARED = '@/wrappers/shared';

/**
 * The shared frame wraps each page of a section, not the section: Umi turns a wrapped parent
 * into a route with an empty path, react-router joins that into "/calculate/", and then rejects
 * the child "/calculate" ("absolute child route path must start with …"), blanking every page.
 */
function inSharedFrame<T extends object>(routes: T[]): Array<T & { wrappers: string[] }> {
  return routes.map((route) => ({ ...route, wrappers: [SHARED] }));
}

/**
 * The operator console: its own layout (which also serves its sign-in page), outside the user
 * app's wrappers. Access names are operator permissions (contract/rules/operators.ts), from the
 * operator's role. `label` (message `admin.menu.<label>`) instead of `name` keeps these pages out
 * of the user app's navigation and its message files.
 */
const CONSOLE = 'console.read';
const adminRoutes = {
  path: '/admin',
  component: '@/admin/AdminLayout',
  routes: [
    { path: '/admin', redirect: '/admin/dashboard' },
    { path: '/admin/login', component: './Admin/Login' },
    { path: '/admin/dashboard', label: 'dashboard', icon: 'DashboardOutlined', access: CONSOLE, component: './Admin/Dashboard' },
    { path: '/admin/withdrawals', label: 'withdrawals', icon: 'ExportOutlined', access: CONSOLE, component: './Admin/Withdrawals' },
    { path: '/admin/withdrawals/:id', access: CONSOLE, component: './Admin/Withdrawals/Detail' },
    { path: '/admin/deposits', label: 'deposits', icon: 'BankOutlined', access: CONSOLE, component: './Admin/Deposits' },
    { path: '/admin/users', label: 'users', icon: 'UserOutlined', access: CONSOLE, component: './Admin/Users' },
    { path: '/admin/users/:uid', access: CONSOLE, component: './Admin/Users/Detail' },
    { path: '/admin/orders', label: 'orders', icon: 'ShoppingOutlined', access: CONSOLE, component: './Admin/Orders' },
    { path: '/admin/prices', label: 'prices', icon: 'LineChartOutlined', access: CONSOLE, component: './Admin/Prices' },
    { path: '/admin/features', label: 'features', icon: 'FlagOutlined', access: 'features.manage', component: './Admin/Features' },
    { path: '/admin/operators', label: 'operators', icon: 'TeamOutlined', access: 'operators.manage', component: './Admin/Operators' },
    { path: '/admin/approvals', label: 'approvals', icon: 'CheckSquareOutlined', access: CONSOLE, component: './Admin/Approvals' },
    { path: '/admin/audit', label: 'audit', icon: 'AuditOutlined', access: 'audit.read', component: './Admin/Audit' },
    { path: '/admin/sessions', label: 'sessions', icon: 'SafetyOutlined', access: CONSOLE, component: './Admin/Sessions' },
    { path: '/admin/*', redirect: '/admin/dashboard' },
  ],
};

export default [
  {
    path: '/',
    component: '@/layouts/BasicLayout',
    wrappers: [AUTO_LOGIN, AUTH],
    routes: [
      { path: '/', name: 'home', icon: 'HomeOutlined', component: './Home' },
      {
        path: '/calculate',
        name: 'calculate',
        icon: 'ThunderboltOutlined',
        access: 'calculate',
        routes: inSharedFrame([
          { path: '/calculate', name: 'power', component: './Calculate' },
          { path: '/calculate/assets', name: 'assets', access: 'isLogin', component: './Calculate/Assets' },
          { path: '/calculate/coin', name: 'coin', component: './Calculate/Coin' },
          { path: '/calculate/exchange', name: 'exchange', access: 'isLogin', component: './Calculate/Exchange' },
          { path: '/calculate/unknown', name: 'unknown', component: './Calculate/Unknown' },
          { path: '/calculate/history', name: 'history', access: 'isLogin', component: './Calculate/History' },
        ]),
      },
      {
        path: '/shopping',
        name: 'shopping',
        icon: 'ShoppingOutlined',
        access: 'mall',
        routes: [
          { path: '/shopping', name: 'home', component: './Shopping' },
          { path: '/shopping/goods/:id', name: 'goods', component: './Shopping/Goods' },
          { path: '/shopping/order', redirect: '/shopping/order/0' },
          { path: '/shopping/order/:type', name: 'order', access: 'isLogin', component: './Shopping/Order' },
          {
            path: '/shopping/order_details/:type/:id',
            name: 'orderDetails',
            access: 'isLogin',
            component: './Shopping/OrderDetails',
          },
          {
            path: '/shopping/order_logistics/:id',
            name: 'orderLogistics',
            access: 'isLogin',
            component: './Shopping/OrderLogistics',
          },
        ],
      },
      {
        path: '/my',
        name: 'my',
        icon: 'UserOutlined',
        access: 'isLogin',
        routes: inSharedFrame([
          { path: '/my', name: 'home', component: './My' },
          { path: '/my/transfer', name: 'transfer', icon: 'SwapOutlined', access: 'transfer', component: './My/Transfer' },
          {
            path: '/my/transfer/history',
            name: 'transferHistory',
            access: 'transfer',
            component: './My/Transfer/History',
          },
          { path: '/my/records', name: 'records', icon: 'ProfileOutlined', component: './My/Records' },
          { path: '/my/setting', name: 'setting', icon: 'SettingOutlined', component: './My/Setting' },
          { path: '/my/setting/pay-pass', name: 'payPass', component: './My/Setting/PayPass' },
          { path: '/my/assets', name: 'assets', icon: 'WalletOutlined', component: './My/Assets' },
          { path: '/my/invite', name: 'invite', icon: 'UsergroupAddOutlined', access: 'invite', component: './My/Invite' },
          { path: '/my/deposit', name: 'deposit', icon: 'BankOutlined', access: 'deposit', component: './My/Deposit' },
          { path: '/my/withdraw', name: 'withdraw', icon: 'ExportOutlined', access: 'withdraw', component: './My/Withdraw' },
          { path: '/my/withdraw/:id', name: 'withdrawDetail', access: 'withdraw', component: './My/Withdraw/Detail' },
          { path: '/my/address', name: 'address', icon: 'EnvironmentOutlined', component: './My/Address' },
          { path: '/my/address/add', name: 'addressAdd', component: './My/Address/Edit' },
          { path: '/my/address/edit/:id', name: 'addressEdit', component: './My/Address/Edit' },
        ]),
      },
      { path: '/login', name: 'login', hideInMenu: true, wrappers: [SHARED], component: './Login' },
      { path: '*', redirect: '/' },
    ],
  },
  adminRoutes,
];
