/**
 * Loads the code of the route components a path renders before hydrating: React hydrates a lazy
 * component that has not loaded yet later, and an update reaching it meanwhile (a request's
 * answer, a store) makes React throw its server markup away (error #421).
 */

interface UmiRoute {
  id: string;
  /** a wrapped page's own route has an empty path; its full path is `originPath` */
  path?: string;
  originPath?: string;
  parentId?: string;
}

/** React.lazy's object: calling `_init` starts the load and throws the pending promise (as Umi's own prefetch uses it). */
interface LazyComponent {
  _init?: (payload: unknown) => unknown;
  _payload?: unknown;
}

let known: { routes: Record<string, UmiRoute>; components: Record<string, unknown> } | undefined;

/** src/app.tsx `patchRoutes`: Umi's route table and its lazy components. */
export function rememberRoutes(routes: Record<string, UmiRoute>, components: Record<string, unknown>): void {
  known = { routes, components };
}

function load(component: unknown): Promise<void> {
  const lazy = component as LazyComponent | undefined;
  if (typeof lazy?._init !== 'function') return Promise.resolve();
  try {
    lazy._init(lazy._payload);
    return Promise.resolve();
  } catch (pending) {
    return Promise.resolve(pending).then(
      () => undefined,
      () => undefined,
    );
  }
}

/** Every route with exactly this path, and their parents (layout, wrappers). */
function routeIdsOf(path: string, routes: Record<string, UmiRoute>): Set<string> {
  const ids = new Set<string>();
  for (const route of Object.values(routes)) {
    if (route.path !== path && route.originPath !== path) continue;
    for (let current: UmiRoute | undefined = route; current && !ids.has(current.id); current = current.parentId ? routes[current.parentId] : undefined) {
      ids.add(current.id);
    }
  }
  return ids;
}

export async function preloadRoute(path: string): Promise<void> {
  if (!known) return;
  const { routes, components } = known;
  await Promise.all([...routeIdsOf(path, routes)].map((id) => load(components[id])));
}
