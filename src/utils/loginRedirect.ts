/**
 * The login address and the way back after signing in.
 */
// Straight from Umi's generated history module rather than the `@umijs/max` barrel: the request
// config imports this file and the barrel imports src/app.tsx, which imports the request config.
import { history } from '@@/core/history';
import { LOGIN_PATH, LOGIN_REDIRECT_ENABLED } from '@/constants/app';

export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

/**
 * `/login?redirect=<encoded path+search+hash>`; no parameter from the bare root `/` or when the
 * redirect switch is off; on the login page the current address is kept as it is.
 */
export function buildLoginPath(location: LocationLike): string {
  const search = location.search ?? '';
  const hash = location.hash ?? '';
  if (location.pathname === LOGIN_PATH) return location.pathname + search + hash;
  const current = location.pathname + search + hash;
  if (!LOGIN_REDIRECT_ENABLED || current === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(current)}`;
}

/** Sends the visitor to the login page, remembering where they were. */
export function goToLogin(): void {
  const target = buildLoginPath(history.location);
  const { pathname, search, hash } = history.location;
  if (target !== pathname + search + hash) history.replace(target);
}

/**
 * Where to go after signing in: the `redirect` parameter when it is a path of this site
 * (starts with one `/`, no scheme, no `//` or `/\`), otherwise `/`. Never an open redirect.
 */
export function readRedirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || /^\/[/\\]/.test(target)) return '/';
  try {
    const resolved = new URL(target, window.location.origin);
    if (resolved.origin !== window.location.origin) return '/';
    // `/a/..//evil.com` normalises to `//evil.com`, which a browser reads as another host
    if (resolved.pathname.startsWith('//') || resolved.pathname === LOGIN_PATH) return '/';
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return '/';
  }
}

/** The invite code of `/login?invite=CODE`, also when it sits in the redirect target's query. */
export function readInviteCode(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const direct = params.get('invite');
  if (direct) return direct;
  const target = params.get('redirect');
  if (!target) return undefined;
  try {
    return new URL(target, window.location.origin).searchParams.get('invite') || undefined;
  } catch {
    return undefined;
  }
}
