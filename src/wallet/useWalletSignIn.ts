/**
 * Signing in from React: one attempt at a time, the initial state updated synchronously
 * (`flushSync`, so the auth wrapper already sees the user), then back to the redirect target
 * when the sign-in happened on the login page. Failures are thrown as WalletError.
 */
import { history, useModel } from '@umijs/max';
import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SignInResponseType } from '../../contract/auth';
import { LOGIN_PATH } from '@/constants/app';
import { withCurrentUser } from '@/initialState';
import { readRedirectTarget } from '@/utils/loginRedirect';
import { toWalletError } from './errors';
import { loadSignIn } from './loadSignIn';
import type { SignInOptions } from './signIn';
import type { Eip1193Provider } from './types';

export function useWalletSignIn() {
  const { setInitialState } = useModel('@@initialState');
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const signIn = useCallback(
    async (provider: Eip1193Provider, options?: SignInOptions): Promise<SignInResponseType | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      setPending(true);
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
        busy.current = false;
        setPending(false);
      }
    },
    [setInitialState],
  );

  return { signIn, pending };
}
