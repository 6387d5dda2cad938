/**
 * Umi runtime configuration: initial state, request layer, root providers and route-change hooks.
 * Each concern lives in its own module; this file only wires them into Umi.
 */
import { getLocale, type RequestConfig } from '@umijs/max';
import React from 'react';
import AppProviders from '@/components/AppProviders';
import { fetchInitialState, type InitialState } from '@/initialState';
import { ensureLocale } from '@/locales/load';
import { keepFirstScreenCookie } from '@/prerender/firstScreenCookie';
import { firstRenderWhenReady } from '@/prerender/firstRender';
import { decideHydration, isHydrating } from '@/prerender/hydration';
import { preloadRoute, rememberRoutes } from '@/prerender/preloadRoute';
import { requestConfig } from '@/requestErrorConfig';
import { registerServiceWorker } from '@/serviceWorker/register';
import { getTheme } from '@/session';
import { scrollToTopSmoothly } from '@/utils/scroll';
import { startWalletDiscovery } from '@/wallet/discovery';
import { PRERENDERED_LOCALE } from '../contract/rules/sitePaths';

/**
 * A visitor who chose zh-TW or en-US gets its messages before the first render (zh-CN if they
 * fail); a visit that hydrates a prerendered page gets the page's code first.
 */
export function render(oldRender: () => void) {
  // the app shell (src/components/BlankPlaceholder) follows the theme from the first render on;
  // AppProviders keeps this attribute in step afterwards
  document.documentElement.dataset.theme = getTheme();
  const hydratedRoute = decideHydration();
  keepFirstScreenCookie();
  // wallets answer while the app starts: the login screen need not wait for them after it mounts
  startWalletDiscovery();
  void firstRenderWhenReady(
    ensureLocale(getLocale()).catch(() => undefined),
    hydratedRoute ? () => preloadRoute(hydratedRoute) : undefined,
    oldRender,
  );
  // built apps only: `max dev` serves files that change on every edit, and tests have no worker
  if (process.env.NODE_ENV === 'production') registerServiceWorker();
}

export function patchRoutes({ routes, routeComponents }: { routes: Parameters<typeof rememberRoutes>[0]; routeComponents: Record<string, unknown> }) {
  rememberRoutes(routes, routeComponents);
}

/** Hydrate the prerendered page when this visitor sees what the server rendered (src/prerender/hydration.ts). */
export function modifyClientRenderOpts(opts: Record<string, unknown>) {
  return { ...opts, hydrate: isHydrating() };
}

/** Prerendering (plugins/prerender) has no navigator to read: the pages are rendered in the default language. */
export const locale = typeof window === 'undefined' ? { getLocale: () => PRERENDERED_LOCALE } : {};

export async function getInitialState(): Promise<InitialState> {
  return fetchInitialState();
}

export const request: RequestConfig = requestConfig;

export function rootContainer(container: React.ReactNode) {
  return <AppProviders>{container}</AppProviders>;
}

export function onRouteChange({ action }: { action?: string }) {
  // Smooth scroll to the top on every route change, but not on the first render.
  if (action) scrollToTopSmoothly();
}
