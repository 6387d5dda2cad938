/**
 * Renders the app's real route tree (config/routes.ts) in a memory router: the real BasicLayout,
 * sections and shared wrapper, the given page components (others become a stub naming their component),
 * zh-CN messages and the app's notifier (FeedbackProvider). Pair with pages.umiMock.ts for access, user and route matching.
 */
import { render, type RenderOptions } from '@testing-library/react';
import { createPluginManager } from '@@/core/plugin';
import React from 'react';
import { MemoryRouter, Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import routes from '../../config/routes';
import { mediaQueryList } from '../mediaQueryList';
import FeedbackProvider from '@/components/Feedback';
import BasicLayout from '@/layouts/BasicLayout';
import Section from '@/layouts/Section';
import SharedWrapper from '@/wrappers/shared';
import ZhCnIntl from './pages.intl';
import { appState, type MatchableRoute } from './pages.umiMock';

interface ConfigRoute {
  path?: string;
  name?: string;
  icon?: string;
  access?: string;
  component?: string;
  redirect?: string;
  wrappers?: string[];
  routes?: ConfigRoute[];
}

export type PageComponents = Record<string, React.ComponentType>;

// Umi's getLocale/getIntl read runtime plugins, which only exist once the manager is created
createPluginManager();

function componentElement(component: string, pages: PageComponents): React.ReactElement {
  if (component === '@/layouts/BasicLayout') return <BasicLayout />;
  if (component === '@/layouts/Section') return <Section />;
  const Page = pages[component];
  return Page ? <Page /> : <div>{`stub ${component}`}</div>;
}

function toRouteObjects(table: ConfigRoute[], pages: PageComponents): (RouteObject & MatchableRoute)[] {
  return table.map((route) => {
    const children = route.routes ? toRouteObjects(route.routes, pages) : undefined;
    const element = route.redirect ? (
      <Navigate to={route.redirect} replace />
    ) : route.component ? (
      componentElement(route.component, pages)
    ) : (
      <Outlet />
    );
    const base = { path: route.path, name: route.name };
    if (!route.wrappers?.includes('@/wrappers/shared')) return { ...base, element, children };
    // the shared wrapper renders <Outlet/>: the route's own content becomes its child
    return { ...base, element: <SharedWrapper />, children: children ?? [{ index: true, element }] };
  });
}

function AppRoutes({ tree }: { tree: RouteObject[] }) {
  return useRoutes(tree);
}

/** `wrapper` goes around everything (Testing Library's render option). */
export function renderApp(path: string, pages: PageComponents = {}, { wrapper }: Pick<RenderOptions, 'wrapper'> = {}) {
  const tree = toRouteObjects(routes as ConfigRoute[], pages);
  appState.routes = tree;
  localStorage.setItem('umi_locale', 'zh-CN');
  return render(
    <ZhCnIntl>
      <FeedbackProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes tree={tree} />
        </MemoryRouter>
      </FeedbackProvider>
    </ZhCnIntl>,
    { wrapper },
  );
}

/** Makes `window.matchMedia` answer as a screen of this width would (in a light system theme: any other query is false). */
export function setScreenWidth(width: number): void {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    return mediaQueryList(query, (!!max || !!min) && (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])));
  }) as typeof window.matchMedia;
}
