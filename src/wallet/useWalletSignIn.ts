/**
 * Signing in from React: one attempt at a time, the initial state updated synchronously
 * (`flushSync`, so the auth wrapper already sees the user), then back to the redirect target
 * when the sign-in happened on the login page. Failures are thrown as WalletError.
 */
import { history, useModel } from '@umijs/max';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import type { SignInResponseType } from '../../contract/auth';
import { LOGIN_PATH } from '@/constants/app';
import { withCurrentUser } from '@/initialState';
import { readRedirectTarget } from '@/utils/loginRedirect';
import { toWalletError } from './errors';
import { loadSignIn } from './loadSignIn';
import type { SignInOptions } from './signIn';
import type { Eip1193Provider } from './types';

/** One sign-in at a time on the page: the login page and the auto-login must not both prompt. */
let signingIn = false;

export function useWalletSignIn() {
  const { setInitialState } = useModel('@@initialState');

  const signIn = useCallback(
    async (provider: Eip1193Provider, options?: SignInOptions): Promise<SignInResponseType | undefined> => {
      if (signingIn) return undefined;
      signingIn = true;
      try {
        const { signInWithWallet } = await loadSignIn();
        const result = await signInWithWallet(provider, options);
        flushSync(() => {
          void setInitialState(withCurrentUser(result.user));
        });
        if (history.location.pathname === LOGIN_PATH) {
          history.replace(readRedirectTarget(history.location.search));
        }
        return result;
      } catch (error) {
        throw toWalletError(error);
      } finally {
        signingIn = false;
      }
    },
    [setInitialState],
  );

  return { signIn };
}
