/**
 * "Once per visit" for the auto-login wrapper: a sessionStorage flag set before the first
 * attempt and on logout, so a failure or a sign-out never leads to another automatic sign-in
 * in this tab (reloads included).
 */
const AUTO_LOGIN_KEY = 'autoLoginDone';

export function autoLoginAllowed(): boolean {
  return sessionStorage.getItem(AUTO_LOGIN_KEY) === null;
}

export function markAutoLoginDone(): void {
  sessionStorage.setItem(AUTO_LOGIN_KEY, '1');
}
