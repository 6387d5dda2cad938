/**
 * Logout: revoke the token on the server (a failure does not stop the logout), clear
 * both storages, reset the current user synchronously and go to the login page.
 */
import { history, useModel } from '@umijs/max';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { LOGIN_PATH } from '@/constants/app';
import { withCurrentUser } from '@/initialState';
import { signOut } from '@/services/auth';
import { clearSession, getToken } from '@/session';
import { markSignedOut } from '@/wallet/autoLoginGuard';

export function useLogout(): () => Promise<void> {
  const { setInitialState } = useModel('@@initialState');
  return useCallback(async () => {
    if (getToken()) await signOut({ skipErrorHandler: true }).catch(() => undefined);
    // before the session goes: other tabs hear the marker first and do not sign straight back in
    markSignedOut();
    clearSession();
    flushSync(() => {
      void setInitialState(withCurrentUser(undefined));
    });
    history.push(LOGIN_PATH);
  }, [setInitialState]);
}
