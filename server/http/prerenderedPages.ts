/**
 * Which document a visit to a prerendered path gets: the page plugins/prerender wrote, or the
 * plain shell. The page was rendered for one visitor (signed out, PRERENDERED_LOCALE, light, the
 * default feature flags, no query string); anyone else would see it only until the scripts
 * replaced it, a flash of the wrong language, of a signed-out screen, or of a switched-off feature.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FeatureFlagsType } from '../../contract/features';
import { FIRST_SCREEN_COOKIE, PRERENDERED_LOCALE, isPathOfRoute, type FirstScreen } from '../../contract/rules/sitePaths';
import { atBuildDefaults } from '../features/flags';

/** The request headers the choice depends on (for `Vary`). */
export const PRERENDERED_PAGE_VARY = 'Accept-Language, Cookie';

/** One cookie's value from a Cookie header; undefined when absent. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** The browser's first language, which Umi's locale plugin takes as the app's language on a first visit. */
function firstLanguage(header: string | undefined): string | undefined {
  const first = header?.split(',', 1)[0].split(';', 1)[0].trim();
  return first || undefined;
}

/** What the app said about this browser's visitor (src/prerender/firstScreenCookie.ts), else what its first language implies. */
function visitorScreen(headers: IncomingHttpHeaders): FirstScreen {
  const remembered = cookieValue(headers.cookie, FIRST_SCREEN_COOKIE);
  if (remembered === 'page' || remembered === 'shell') return remembered;
  const language = firstLanguage(headers['accept-language']);
  return language === undefined || language.toLowerCase() === PRERENDERED_LOCALE.toLowerCase() ? 'page' : 'shell';
}

/** Whether the prerendered page fits this visit to `route`, with the flags now in force (a query string makes it another page). */
export function prerenderedPageFits(route: string, request: { url: string; headers: IncomingHttpHeaders }, flags: FeatureFlagsType): boolean {
  if (!isPathOfRoute(route, request.url)) return false;
  if (!atBuildDefaults(flags)) return false;
  return visitorScreen(request.headers) === 'page';
}
