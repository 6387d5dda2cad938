/**
 * The operator console: its own layout (which also serves its sign-in page), outside the user
 * app's wrappers. Access names are operator permissions (contract/rules/operators.ts), from the
 * operator's role. `label` (message `admin.menu.<label>`) instead of `name` keeps these pages out
 * of the user app's navigation and its message files.
 */
const CONSOLE = 'console.read';
const consoleRoutes = {
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

export default consoleRoutes;
