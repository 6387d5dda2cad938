/**
 * The operator's session in the browser: its own token under its own key, never the user's
 * (src/session.ts). Kept in this tab's sessionStorage and mirrored in localStorage so a new tab
 * of the console is already signed in; signing out clears both.
 */
export const ADMIN_TOKEN_KEY = 'adminToken';

export function getAdminToken(): string | null {
  return sessionStorage.getItem(ADMIN_TOKEN_KEY) || localStorage.getItem(ADMIN_TOKEN_KEY);
}

export function setAdminToken(token: string): void {
  sessionStorage.setItem(ADMIN_TOKEN_KEY, token);
  localStorage.setItem(ADMIN_TOKEN_KEY, token);
}

export function clearAdminToken(): void {
  sessionStorage.removeItem(ADMIN_TOKEN_KEY);
  localStorage.removeItem(ADMIN_TOKEN_KEY);
}

export const ADMIN_LOGIN_PATH = '/admin/login';
export const ADMIN_HOME_PATH = '/admin/dashboard';

/** `/admin/login?redirect=<where the operator was>` (nothing to come back to from the login page itself). */
export function adminLoginPath(location: { pathname: string; search?: string; hash?: string }): string {
  if (location.pathname === ADMIN_LOGIN_PATH) return ADMIN_LOGIN_PATH + (location.search ?? '');
  const current = location.pathname + (location.search ?? '') + (location.hash ?? '');
  return `${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(current)}`;
}

/** Where to go after signing in: a console path from `redirect`, else the dashboard. Never another site. */
export function adminRedirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !/^\/admin(\/|$|\?|#)/.test(target) || /^\/[/\\]/.test(target)) return ADMIN_HOME_PATH;
  try {
    const resolved = new URL(target, window.location.origin);
    if (resolved.origin !== window.location.origin || !resolved.pathname.startsWith('/admin') || resolved.pathname === ADMIN_LOGIN_PATH) {
      return ADMIN_HOME_PATH;
    }
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return ADMIN_HOME_PATH;
  }
}
