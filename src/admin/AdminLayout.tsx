/**
 * The operator console's root (`/admin` in config/routes.ts): its texts, its sign-in page, and for
 * every other page the signed-in operator (GET /api/v1/admin/me) in a ProLayout with a side menu
 * (a drawer on phones). The operator's permissions go into Umi's access map (src/access.ts); a
 * page the role lacks is left out of the menu and refused here. Nothing of this reaches the user
 * app: Umi loads it with the first /admin route.
 */
import { LogoutOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { getIntl, Link, Outlet, RawIntlProvider, useAccess, useIntl, useLocation, useModel, useNavigate, useSelectedRoutes } from '@umijs/max';
import { App, Button, Flex, Result, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { OperatorMeType } from '../../contract/admin/core';
import type { OperatorAccessState } from '@/access';
import { InsideLayout } from '@/components/BlankPlaceholder';
import ChunkErrorBoundary from '@/components/ChunkErrorBoundary';
import LanguageSwitch from '@/components/LanguageSwitch';
import { shortAddress } from '@/components/shortAddress';
import { useCurrentLocale } from '@/hooks/useCurrentLocale';
import { messageLocale, type SupportedLocale } from '@/locales/supported';
import { isChainAccessible, type AccessRoute, type RouteAccessMap } from '@/utils/routeAccess';
import { AdminContext, type AdminSession } from './context';
import { adminErrorText, isSignedOutError } from './errors';
import { ADMIN_ICONS } from './icons';
import { adminMenu, menuKeyOf } from './menu';
import { loadAdminMessages } from './messages';
import * as coreApi from './services/core';
import { ADMIN_LOGIN_PATH, adminLoginPath, clearAdminToken, getAdminToken } from './session';

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      {children}
    </Flex>
  );
}

/** The console's texts of the current language are merged in before anything renders. */
function useAdminIntl() {
  const locale = useCurrentLocale();
  const [ready, setReady] = useState<SupportedLocale>();
  useEffect(() => {
    let live = true;
    const done = (key: SupportedLocale) => live && setReady(key);
    loadAdminMessages(locale).then(done, () => done(messageLocale(locale)));
    return () => {
      live = false;
    };
  }, [locale]);
  return useMemo(() => (ready ? getIntl(ready, true) : undefined), [ready]);
}

export default function AdminLayout() {
  const intl = useAdminIntl();
  if (!intl) {
    return (
      <Centered>
        <Spin />
      </Centered>
    );
  }
  return (
    <RawIntlProvider value={intl}>
      <App>
        <ConsoleFrame />
      </App>
    </RawIntlProvider>
  );
}

function ConsoleFrame() {
  const location = useLocation();
  if (location.pathname === ADMIN_LOGIN_PATH) return <Outlet />;
  return <SignedInConsole />;
}

/** The operator of the stored token, or a trip to the sign-in page. */
function useOperator() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const { setInitialState } = useModel('@@initialState');
  const [me, setMe] = useState<OperatorMeType>();
  const [failure, setFailure] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!getAdminToken()) {
      navigate(adminLoginPath(location), { replace: true });
      return undefined;
    }
    const controller = new AbortController();
    setFailure(undefined);
    coreApi.me({ signal: controller.signal }).then(
      (operator) => {
        setInitialState((state: object | undefined) => ({ ...state, operatorPermissions: operator.permissions }) as never);
        setMe(operator);
      },
      async (error: unknown) => {
        if (controller.signal.aborted || isSignedOutError(error)) return;
        setFailure(await adminErrorText(error, intl));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the operator is fetched once per console visit (and on retry), not on every page
  }, [attempt]);

  const signOut = useCallback(async () => {
    try {
      await coreApi.signOut({ keepOn401: true });
    } catch {
      // the session may have ended already: signed out all the same
    }
    clearAdminToken();
    setInitialState((state: object | undefined) => ({ ...state, operatorPermissions: [] }) as never);
    navigate(ADMIN_LOGIN_PATH, { replace: true });
  }, [navigate, setInitialState]);

  return { me, failure, retry: () => setAttempt((n) => n + 1), signOut };
}

function SignedInConsole() {
  const intl = useIntl();
  const { me, failure, retry, signOut } = useOperator();
  const { initialState } = useModel('@@initialState');
  const permissionsInAccess = !!(initialState as OperatorAccessState | undefined)?.operatorPermissions && !!me;

  if (failure) {
    return (
      <Centered>
        <Result
          status="error"
          title={intl.formatMessage({ id: 'admin.layout.meFailed' })}
          subTitle={failure}
          extra={
            <Button type="primary" onClick={retry}>
              {intl.formatMessage({ id: 'admin.action.retry' })}
            </Button>
          }
        />
      </Centered>
    );
  }
  if (!me || !permissionsInAccess) {
    return (
      <Centered>
        <Spin />
      </Centered>
    );
  }
  return (
    <AdminContext.Provider value={{ me, signOut }}>
      <ConsoleLayout session={{ me, signOut }} />
    </AdminContext.Provider>
  );
}

function ConsoleLayout({ session }: { session: AdminSession }) {
  const intl = useIntl();
  const location = useLocation();
  const access = useAccess() as unknown as RouteAccessMap;
  const chain = useSelectedRoutes().map((match) => match.route as AccessRoute);
  const allowed = isChainAccessible(chain, access);
  const entries = useMemo(() => adminMenu(access), [access]);
  const selected = menuKeyOf(location.pathname, entries);
  const { me, signOut } = session;
  const { token } = theme.useToken();

  const menuRoutes = useMemo(
    () =>
      entries.map((entry) => ({
        path: entry.path,
        name: intl.formatMessage({ id: `admin.menu.${entry.label}` }),
        icon: entry.icon ? ADMIN_ICONS[entry.icon] : undefined,
        key: entry.label,
      })),
    [entries, intl],
  );

  return (
    <ProLayout
      title={intl.formatMessage({ id: 'admin.title' })}
      logo={<SafetyCertificateOutlined style={{ fontSize: 24, color: token.colorPrimary }} />}
      layout="side"
      fixSiderbar
      siderWidth={216}
      location={{ pathname: selected ?? location.pathname }}
      route={{ path: '/admin', routes: menuRoutes }}
      menu={{ locale: false }}
      menuItemRender={(item, dom) => (
        <Link to={item.path ?? '/admin'} data-testid={`admin-menu-${item.key ?? ''}`}>
          {dom}
        </Link>
      )}
      actionsRender={() => [
        <Tooltip key="who" title={me.operator.address}>
          <Typography.Text data-testid="admin-operator" style={{ whiteSpace: 'nowrap' }}>
            {shortAddress(me.operator.address)}{' '}
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {intl.formatMessage({ id: `admin.role.${me.operator.role}` })}
            </Tag>
          </Typography.Text>
        </Tooltip>,
        <LanguageSwitch key="language" compact />,
        <Tooltip key="signOut" title={intl.formatMessage({ id: 'admin.layout.signOut' })}>
          <Button
            type="text"
            data-testid="admin-sign-out"
            aria-label={intl.formatMessage({ id: 'admin.layout.signOut' })}
            icon={<LogoutOutlined />}
            onClick={() => void signOut()}
          />
        </Tooltip>,
      ]}
    >
      <ChunkErrorBoundary resetKey={location.pathname}>
        <InsideLayout.Provider value>
          {allowed ? (
            <Outlet />
          ) : (
            <Result
              status="403"
              data-testid="admin-forbidden"
              title={intl.formatMessage({ id: 'admin.layout.forbidden' })}
              subTitle={intl.formatMessage({ id: 'admin.layout.forbiddenHint' })}
            />
          )}
        </InsideLayout.Provider>
      </ChunkErrorBoundary>
    </ProLayout>
  );
}
