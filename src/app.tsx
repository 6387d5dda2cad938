/**
 * Umi runtime configuration: initial state, request layer, root providers and route-change hooks.
 * Each concern lives in its own module; this file only wires them into Umi.
 */
import { getLocale, type RequestConfig } from '@umijs/max';
import React from 'react';
import AppProviders from '@/components/AppProviders';
import { fetchInitialState, type InitialState } from '@/initialState';
import { DEFAULT_LOCALE } from '@/constants/app';
import { ensureLocale } from '@/locales/load';
import { decideHydration } from '@/prerender/hydration';
import { requestConfig } from '@/requestErrorConfig';
import { registerServiceWorker } from '@/serviceWorker/register';
import { getTheme } from '@/session';
import { scrollToTopSmoothly } from '@/utils/scroll';

/** A visitor who chose zh-TW or en-US gets its messages before the first render (zh-CN if they fail). */
export function render(oldRender: () => void) {
  // the app shell (src/components/BlankPlaceholder) follows the theme from the first render on;
  // AppProviders keeps this attribute in step afterwards
  document.documentElement.dataset.theme = getTheme();
  void ensureLocale(getLocale())
    .catch(() => undefined)
    .finally(oldRender);
  // built apps only: `max dev` serves files that change on every edit, and tests have no worker
  if (process.env.NODE_ENV === 'production') registerServiceWorker();
}

/** Hydrate the prerendered page when this visitor sees what the server rendered (src/prerender/hydration.ts). */
export function modifyClientRenderOpts(opts: Record<string, unknown>) {
  return { ...opts, hydrate: decideHydration() };
}

/** Prerendering (plugins/prerender) has no navigator to read: the server renders the default language. */
export const locale = typeof window === 'undefined' ? { getLocale: () => DEFAULT_LOCALE } : {};

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
