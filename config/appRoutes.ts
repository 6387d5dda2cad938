/**
 * The user app's routes: the `/` tree of config/routes.ts. Its own module, so that the app's
 * navigation (src/layouts/navigation.ts), which imports it, carries none of the console's routes.
 */
const AUTH = '@/wrappers/auth';
const AUTO_LOGIN = '@/wrappers/autoLogin';
const SHARED = '@/wrappers/shared';
/** a section's own level: its pages, nothing of its own (src/layouts/Section.tsx says why it is named) */
const SECTION = '@/layouts/Section';

/**
 * The shared frame wraps each page of a section, not the section: Umi turns a wrapped parent
 * into a route with an empty path, react-router joins that into "/calculate/", and then rejects
 * the child "/calculate" ("absolute child route path must start with …"), blanking every page.
 */
function inSharedFrame<T extends object>(routes: T[]): Array<T & { wrappers: string[] }> {
  return routes.map((route) => ({ ...route, wrappers: [SHARED] }));
}

const appRoutes = {
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
      component: SECTION,
      routes: inSharedFrame([
        { path: '/calculate', name: 'power', component: './Power' },
        { path: '/calculate/assets', name: 'assets', access: 'isLogin', component: './Holdings' },
        { path: '/calculate/coin', name: 'coin', component: './Finance' },
        { path: '/calculate/exchange', name: 'exchange', access: 'isLogin', component: './OutputExchange' },
        { path: '/calculate/unknown', name: 'unknown', component: './OutputCalculator' },
        { path: '/calculate/history', name: 'history', access: 'isLogin', component: './ProductOrders' },
      ]),
    },
    {
      path: '/shopping',
      name: 'shopping',
      icon: 'ShoppingOutlined',
      access: 'mall',
      component: SECTION,
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
      component: SECTION,
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
        { path: '/my/setting/pay-pass/reset', name: 'payPassReset', component: './My/Setting/PayPass/Reset' },
        { path: '/my/assets', name: 'assets', icon: 'WalletOutlined', component: './My/Assets' },
        { path: '/my/messages', name: 'messages', access: 'isLogin', component: './My/Messages' },
        { path: '/my/invite', name: 'invite', icon: 'UsergroupAddOutlined', access: 'invite', component: './My/Invite' },
        { path: '/my/deposit', name: 'deposit', icon: 'BankOutlined', access: 'deposit', component: './My/Deposit' },
        { path: '/my/withdraw', name: 'withdraw', icon: 'ExportOutlined', access: 'withdraw', component: './My/Withdraw' },
        { path: '/my/withdraw/:id', name: 'withdrawDetail', access: 'withdraw', component: './My/Withdraw/Detail' },
        { path: '/my/address', name: 'address', icon: 'EnvironmentOutlined', component: './My/Address' },
        { path: '/my/address/add', name: 'addressAdd', component: './My/Address/Edit' },
        { path: '/my/address/edit/:id', name: 'addressEdit', component: './My/Address/Edit' },
        // no icon: a row under the entry grid, not a tile of it. Signed in only, like all of /my:
        // one public child would make the section reachable for visitors (the 我的 tab shown to
        // them, every other child needing its own isLogin), and its answers point at signed-in pages
        { path: '/my/help', name: 'help', component: './My/Help' },
      ]),
    },
    { path: '/login', name: 'login', hideInMenu: true, wrappers: [SHARED], component: './Login' },
    { path: '*', redirect: '/' },
  ],
};

export default appRoutes;
