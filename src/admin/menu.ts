/**
 * The console's menu, from its part of the route table (the `/admin` tree, config/consoleRoutes.ts):
 * entries with a `label` (the message id `admin.menu.<label>`), not hidden, that the operator's
 * access map allows. A page whose access name the role lacks is not in the menu.
 */
import consoleRoutes from '../../config/consoleRoutes';
import { isRouteAccessible, type AccessRoute, type RouteAccessMap } from '@/utils/routeAccess';

export interface AdminRoute extends AccessRoute {
  component?: string;
  /** `admin.menu.<label>` names the page */
  label?: string;
  routes?: AdminRoute[];
}

export interface AdminMenuEntry {
  path: string;
  label: string;
  icon?: string;
}

export function adminRouteTree(table: AdminRoute[] = [consoleRoutes as AdminRoute]): AdminRoute[] {
  return table.find((route) => route.path === '/admin')?.routes ?? [];
}

export function adminMenu(access: RouteAccessMap, table?: AdminRoute[]): AdminMenuEntry[] {
  return adminRouteTree(table)
    .filter((route) => route.label && !route.hideInMenu && !route.redirect && route.path && isRouteAccessible(route, access))
    .map((route) => ({ path: route.path!, label: route.label!, icon: route.icon }));
}

/** The menu entry a page belongs to: its own, or the list a detail page (`/admin/users/:uid`) sits under. */
export function menuKeyOf(pathname: string, entries: AdminMenuEntry[]): string | undefined {
  return entries
    .filter((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
}
