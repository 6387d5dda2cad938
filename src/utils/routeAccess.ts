/**
 * Route access rules over the route table, as pure functions so the auth wrapper,
 * the menus and the tests share one implementation.
 *
 * - A route is accessible only when every access name on its path from the root resolves to
 *   true; a name missing from the map resolves to false, a route without a name inherits.
 * - A route with children is inaccessible when every child is inaccessible.
 */

/** The part of a route (config/routes.ts entry or Umi client route) these rules read. */
export interface AccessRoute {
  path?: string;
  name?: string;
  icon?: string;
  access?: string;
  redirect?: string;
  hideInMenu?: boolean;
  routes?: AccessRoute[];
  children?: AccessRoute[];
}

/** Values are booleans, or Umi-style detectors called with the route. */
export type RouteAccessMap = Record<string, boolean | ((route: AccessRoute) => boolean) | undefined>;

function childRoutes(route: AccessRoute): AccessRoute[] {
  return route.children ?? route.routes ?? [];
}

function nameAllows(route: AccessRoute, accessMap: RouteAccessMap): boolean {
  if (!route.access) return true; // inherits: the caller has already checked the ancestors
  const detector = accessMap[route.access];
  return typeof detector === 'function' ? detector(route) : detector === true;
}

/** This route's own name allows it, and when it has children at least one of them is accessible. */
export function isRouteAccessible(route: AccessRoute, accessMap: RouteAccessMap): boolean {
  if (!nameAllows(route, accessMap)) return false;
  const children = childRoutes(route);
  return children.length === 0 || children.some((child) => isRouteAccessible(child, accessMap));
}

/** A matched chain of routes (root first) is accessible when each of its routes is. */
export function isChainAccessible(chain: AccessRoute[], accessMap: RouteAccessMap): boolean {
  return chain.every((route) => isRouteAccessible(route, accessMap));
}

/** Inaccessible now, but accessible once signed in: the visitor should go to the login page. */
export function needsLogin(chain: AccessRoute[], accessMap: RouteAccessMap): boolean {
  return !isChainAccessible(chain, accessMap) && isChainAccessible(chain, { ...accessMap, isLogin: true });
}

/** The route tree without its inaccessible routes (children filtered recursively). */
export function filterAccessibleRoutes<R extends AccessRoute>(routes: R[], accessMap: RouteAccessMap): R[] {
  return routes
    .filter((route) => isRouteAccessible(route, accessMap))
    .map((route) => {
      const children = childRoutes(route);
      if (children.length === 0) return route;
      const kept = filterAccessibleRoutes(children, accessMap);
      return { ...route, routes: kept, children: route.children ? kept : undefined };
    });
}

function isMenuEntry(route: AccessRoute): boolean {
  return !!route.name && !route.hideInMenu && !route.redirect;
}

/**
 * Navigation entries for menus and the tab bar: accessible routes with a name, not hidden and not
 * redirects. Unnamed containers (the root layout, wrappers) are looked through, so
 * `menuRoutes(configRoutes, access)` gives the top-level entries with their sub-entries in `routes`.
 */
export function menuRoutes<R extends AccessRoute>(routes: R[], accessMap: RouteAccessMap): R[] {
  return routes
    .filter((route) => isRouteAccessible(route, accessMap))
    .flatMap((route) => {
      const children = menuRoutes(childRoutes(route) as R[], accessMap);
      if (!isMenuEntry(route)) return route.name ? [] : children;
      return [{ ...route, routes: children, children: undefined }];
    });
}
