/**
 * Navigation derived from the user app's route table (config/appRoutes.ts), filtered by access: the
 * entries of the top navigation / phone tab bar, and the sub-entries of a section (e.g. the /my
 * entry grid).
 */
import appRoutes from '../../config/appRoutes';
import { filterAccessibleRoutes, menuRoutes, type AccessRoute, type RouteAccessMap } from '@/utils/routeAccess';

const routes: AccessRoute[] = [appRoutes];

export interface NavEntry {
  path: string;
  icon?: string;
  /** locale id of the entry's name, e.g. `menu.calculate.coin` */
  titleId: string;
}

/** `menu.` + the names along the route path: the key of a route's title in src/locales. */
export function menuTitleId(names: string[]): string {
  return ['menu', ...names].join('.');
}

function toEntry(route: AccessRoute, names: string[]): NavEntry {
  return { path: route.path ?? '/', icon: route.icon, titleId: menuTitleId(names) };
}

/** Top-level entries with a name and an icon, in route-table order. */
export function navEntries(access: RouteAccessMap, table: AccessRoute[] = routes): NavEntry[] {
  return menuRoutes(table, access)
    .filter((route) => route.icon)
    .map((route) => toEntry(route, [route.name!]));
}

/** The accessible named pages under a top-level section (its index first), except pages that need a path parameter. */
export function sectionEntries(sectionPath: string, access: RouteAccessMap, table: AccessRoute[] = routes): NavEntry[] {
  const section = menuRoutes(table, access).find((route) => route.path === sectionPath);
  if (!section) return [];
  return (section.routes ?? [])
    .filter((child) => !child.path?.includes(':'))
    .map((child) => toEntry(child, [section.name!, child.name!]));
}

/** Whether `pathname` is inside the entry at `entryPath` (the root only matches itself). */
export function isEntryActive(entryPath: string, pathname: string): boolean {
  if (entryPath === '/') return pathname === '/';
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}

function containsPath(routes: AccessRoute[], path: string): boolean {
  return routes.some((route) => route.path === path || containsPath(route.routes ?? [], path));
}

/** Whether the route table has an accessible route with exactly this path. */
export function isPathAccessible(path: string, access: RouteAccessMap, table: AccessRoute[] = routes): boolean {
  return containsPath(filterAccessibleRoutes(table, access), path);
}

/**
 * Whether an in-app address leads into a feature switched off by a flag, so that even signing in
 * would not open it: a route of the table on its path (whole segments) is inaccessible signed in.
 */
export function isSwitchedOff(path: string, access: RouteAccessMap, table: AccessRoute[] = routes): boolean {
  const segments = path.split(/[?#]/)[0].split('/').filter(Boolean);
  const signedIn = { ...access, isLogin: true };
  return segments.some((_, index) => {
    const prefix = `/${segments.slice(0, index + 1).join('/')}`;
    return containsPath(table, prefix) && !isPathAccessible(prefix, signedIn, table);
  });
}
