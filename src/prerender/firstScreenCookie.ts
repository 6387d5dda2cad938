/**
 * Keeps the FIRST_SCREEN_COOKIE in step with this browser's visitor, so that the server sends the
 * prerendered page only to a visitor who will hydrate it, and the plain shell to one who would
 * see the zh-CN signed-out page until the scripts replaced it (a signed-in, zh-TW or dark visitor).
 */
import { getLocale } from '@umijs/max';
import { getTheme, getToken, subscribeToThemeChanges, subscribeToUserChanges } from '@/session';
import { FIRST_SCREEN_COOKIE, PRERENDERED_LOCALE, type FirstScreen } from '../../contract/rules/sitePaths';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Signed out, in the prerendered language, light: the visitor the pages were rendered for (the viewport aside: the document's CSS sees to that). */
export function isPrerenderedVisitor(): boolean {
  return !getToken() && getLocale() === PRERENDERED_LOCALE && getTheme() === 'light';
}

function firstScreenCookie(screen: FirstScreen, secure: boolean): string {
  return `${FIRST_SCREEN_COOKIE}=${screen}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function writeCookie(): void {
  document.cookie = firstScreenCookie(isPrerenderedVisitor() ? 'page' : 'shell', window.location.protocol === 'https:');
}

/** Writes the cookie now and whenever the session, the language or the theme changes (in this tab or another). */
export function keepFirstScreenCookie(): void {
  writeCookie();
  subscribeToUserChanges(writeCookie);
  subscribeToThemeChanges(writeCookie);
  window.addEventListener('languagechange', writeCookie);
  // this tab's own theme choice reaches the document as html[data-theme] (src/components/AppProviders)
  new MutationObserver(writeCookie).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}
