/**
 * Why this tab's session ended without the user signing out: the server refused the stored token
 * (401). The login page reads the reason once and says it; an explicit sign-out leaves none.
 * Kept in sessionStorage: the reason belongs to the tab that met the refusal.
 */
import { clearSession, getToken } from '@/session';
import { markSignedOut } from '@/wallet/autoLoginGuard';

const REASON_KEY = 'sessionEndedReason';

/** `expired`: past its idle or absolute lifetime; `revoked`: signed out elsewhere or the session was ended. */
export type SessionEndedReason = 'expired' | 'revoked';

/** The reason of a 401 to a call that carried a token: TOKEN_EXPIRED, else the session is gone. */
export function sessionEndedReasonOf(errCode: string | undefined): SessionEndedReason {
  return errCode === 'TOKEN_EXPIRED' ? 'expired' : 'revoked';
}

export function rememberSessionEnded(reason: SessionEndedReason): void {
  try {
    sessionStorage.setItem(REASON_KEY, reason);
  } catch {
    // storage refused (private mode quota): the login page just says nothing
  }
}

/** The remembered reason, if any. */
export function readSessionEnded(): SessionEndedReason | undefined {
  try {
    const reason = sessionStorage.getItem(REASON_KEY);
    return reason === 'expired' || reason === 'revoked' ? reason : undefined;
  } catch {
    return undefined;
  }
}

export function forgetSessionEnded(): void {
  try {
    sessionStorage.removeItem(REASON_KEY);
  } catch {
    // nothing to forget
  }
}

/**
 * The server refused the stored token (401 with `errCode`): drop the session, allow no silent
 * sign-in again (the user signs in on /login by choice), and remember why for the login page.
 */
export function endRefusedSession(errCode: string | undefined): void {
  if (getToken()) rememberSessionEnded(sessionEndedReasonOf(errCode));
  markSignedOut();
  clearSession();
}
