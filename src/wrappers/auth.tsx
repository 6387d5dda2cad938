/**
 * The access guard on the root route. Umi's access plugin only guards routes through
 * its layout plugin, which this app does not use, so this wrapper enforces the route table:
 * an inaccessible route sends a signed-out visitor to the login page (with `redirect`) and
 * anyone else to `/`. It also keeps the current user in step with other tabs.
 */
import { Navigate, Outlet, useAccess, useLocation, useModel, useSelectedRoutes } from '@umijs/max';
import { useEffect } from 'react';
import type { ProfileType } from '../../contract/user';
import { withCurrentUser } from '@/initialState';
import { subscribeToUserChanges } from '@/session';
import { buildLoginPath } from '@/utils/loginRedirect';
import { isChainAccessible, needsLogin, type AccessRoute, type RouteAccessMap } from '@/utils/routeAccess';

function useSessionSync(): void {
  const { setInitialState } = useModel('@@initialState');
  useEffect(
    () =>
      subscribeToUserChanges<ProfileType>((user) => {
        void setInitialState(withCurrentUser(user ?? undefined));
      }),
    [setInitialState],
  );
}

export default function AuthWrapper() {
  useSessionSync();
  const access = useAccess() as unknown as RouteAccessMap;
  const location = useLocation();
  const chain = useSelectedRoutes().map((match) => match.route as AccessRoute);
  if (!isChainAccessible(chain, access)) {
    const target = needsLogin(chain, access) ? buildLoginPath(location) : '/';
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
