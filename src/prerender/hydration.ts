/**
 * Whether this visit hydrates the page plugins/prerender wrote into the document. The server
 * rendered it for one visitor: signed out, zh-CN, light theme, a phone, no query string. React
 * may hydrate only when the browser's first render is that one; any other visitor gets the app
 * rendered over the markup, as without the prerender.
 */
import { getLocale } from '@umijs/max';
import { startTransition } from 'react';
import { DEFAULT_LOCALE, PHONE_MEDIA_QUERY } from '@/constants/app';
import { getTheme, getToken } from '@/session';
import { PRERENDERED_ATTRIBUTE } from '../../contract/rules/sitePaths';

let hydrating = false;

function matchesPrerenderedVisitor(): boolean {
  const root = document.getElementById('root');
  return (
    root?.getAttribute(PRERENDERED_ATTRIBUTE) === window.location.pathname &&
    !window.location.search &&
    !getToken() &&
    getLocale() === DEFAULT_LOCALE &&
    getTheme() === 'light' &&
    window.matchMedia(PHONE_MEDIA_QUERY).matches
  );
}

/** Decided once, before the first render (src/app.tsx `modifyClientRenderOpts`). */
export function decideHydration(): boolean {
  hydrating = matchesPrerenderedVisitor();
  return hydrating;
}

/** While true, the first render must equal the server's (no loading placeholder for the initial state). */
export function isHydrating(): boolean {
  return hydrating;
}

/** Prerendering (no window) or hydrating: the render must be the prerendered visitor's. */
export function rendersPrerenderedPage(): boolean {
  return typeof window === 'undefined' || hydrating;
}

/**
 * Runs a state update as a transition while hydrating: a plain update reaching a lazily loaded
 * part not hydrated yet makes React drop its server markup and render it anew (error #421).
 */
export function updateWhileHydrating(update: () => void): void {
  if (hydrating) startTransition(update);
  else update();
}
