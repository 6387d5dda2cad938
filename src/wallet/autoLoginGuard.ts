/**
 * When the auto-login wrapper may sign in without a click.
 *
 * - "Once per visit": a sessionStorage flag set before the first attempt, so a failure never
 *   leads to another automatic sign-in in this tab (reloads included).
 * - "Signed out": a localStorage marker set by an explicit sign-out or a refused session (401),
 *   shared by every tab, so no tab signs straight back in (a real wallet would pop a surprise
 *   signature request). Only a sign-in the user chose (the login page) clears it.
 */
const AUTO_LOGIN_KEY = 'autoLoginDone';
export const SIGNED_OUT_KEY = 'signedOut';

export function autoLoginAllowed(): boolean {
  return sessionStorage.getItem(AUTO_LOGIN_KEY) === null && localStorage.getItem(SIGNED_OUT_KEY) === null;
}

export function markAutoLoginDone(): void {
  sessionStorage.setItem(AUTO_LOGIN_KEY, '1');
}

/** An explicit sign-out or a refused session: no automatic sign-in in any tab until the user signs in. */
export function markSignedOut(): void {
  markAutoLoginDone();
  localStorage.setItem(SIGNED_OUT_KEY, '1');
}

/** The user signed in by choice: auto-login may run again in later visits. */
export function clearSignedOut(): void {
  localStorage.removeItem(SIGNED_OUT_KEY);
}
