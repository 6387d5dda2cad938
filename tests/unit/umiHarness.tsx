/**
 * Test harness: the route table of config/routes.ts rendered the way Umi renders it — Umi's own
 * generated model, initial-state and access providers, Umi's history driving the router, and
 * the route objects (with their access names) in the app context read by `useSelectedRoutes`.
 * Leaf pages render a marker unless the test passes a page; the root gets the given wrappers.
 */
import { createHistory, history, IntlProvider, Provider as ModelProvider } from '@umijs/max';
import { accessProvider } from '@@/plugin-access/runtime';
import initialStateModel from '@@/plugin-initialState/@@initialState';
import InitialStateGate from '@@/plugin-initialState/Provider';
import { AppContext } from '@umijs/renderer-react/dist/appContext';
import { render } from '@testing-library/react';
import React from 'react';
import { Navigate, Outlet, unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import routes from '../../config/routes';
import loginMessages from '@/locales/zh-CN/login';

interface ConfigRoute {
  path?: string;
  redirect?: string;
  routes?: ConfigRoute[];
  [key: string]: unknown;
}

export interface HarnessOptions {
  /** page elements by route path; other leaves render `<div data-testid="page">path</div>` */
  pages?: Record<string, React.ReactElement>;
  /** wrappers of the root route, outermost first (like `wrappers` in config/routes.ts) */
  wrappers?: React.ComponentType[];
}

function toClientRoutes(list: ConfigRoute[], pages: Record<string, React.ReactElement>): RouteObject[] {
  return list.map((route) => {
    const { routes: children, ...props } = route;
    let element: React.ReactElement;
    if (route.redirect) element = <Navigate to={route.redirect} replace />;
    else if (children) element = <Outlet />;
    else element = pages[route.path ?? ''] ?? <div data-testid="page">{route.path}</div>;
    return { ...props, element, children: children ? toClientRoutes(children, pages) : undefined } as RouteObject;
  });
}

/** Wraps the root route's element in the wrappers, as pathless parent routes (what Umi does). */
function withWrappers(tree: RouteObject[], wrappers: React.ComponentType[]): RouteObject[] {
  return wrappers.reduceRight<RouteObject[]>(
    (inner, Wrapper) => [{ path: '', element: <Wrapper />, children: inner }],
    tree,
  );
}

// react-intl's class typings predate React 18's explicit children
const Intl = IntlProvider as unknown as React.ComponentType<{ locale: string; messages: Record<string, string>; children: React.ReactNode }>;

function Routes({ clientRoutes }: { clientRoutes: RouteObject[] }) {
  return useRoutes(clientRoutes);
}

export function renderApp(path: string, { pages = {}, wrappers = [] }: HarnessOptions = {}) {
  const [root] = toClientRoutes(routes as ConfigRoute[], pages);
  const clientRoutes: RouteObject[] = [{ ...root, children: withWrappers(root.children ?? [], wrappers) }];
  createHistory({ type: 'memory', initialEntries: [path] } as never);
  const view = render(
    <ModelProvider models={{ '@@initialState': initialStateModel }}>
      <InitialStateGate>
        {accessProvider(
          <Intl locale="zh-CN" messages={loginMessages}>
            <AppContext.Provider value={{ clientRoutes } as never}>
              <HistoryRouter history={history as never}>
                <Routes clientRoutes={clientRoutes} />
              </HistoryRouter>
            </AppContext.Provider>
          </Intl>,
        )}
      </InitialStateGate>
    </ModelProvider>,
  );
  return { ...view, history };
}

/** The current address of the harness's history. */
export function currentPath(): string {
  const { pathname, search, hash } = history.location;
  return pathname + search + hash;
}
