/**
 * Auto-login: inside a wallet's DApp browser that already authorised this site
 * (`eth_accounts` not empty) and without a session, sign in without a click — once per visit,
 * never retried after a failure or a logout. Also signs the user out when the wallet switches
 * to another account or disconnects.
 */
import { history, Outlet, useModel } from '@umijs/max';
import { useEffect } from 'react';
import { useLogout } from '@/hooks/useLogout';
import { readInviteCode } from '@/utils/loginRedirect';
import { autoLoginAllowed, markAutoLoginDone } from '@/wallet/autoLoginGuard';
import { discoverWallets } from '@/wallet/discovery';
import { useAccountWatcher } from '@/wallet/useAccountWatcher';
import { useWalletSignIn } from '@/wallet/useWalletSignIn';

async function authorisedWallet() {
  const [wallet] = await discoverWallets();
  if (!wallet) return undefined;
  const accounts = await wallet.provider.request({ method: 'eth_accounts' }).catch(() => []);
  return Array.isArray(accounts) && accounts.length > 0 ? wallet : undefined;
}

export default function AutoLoginWrapper() {
  const { initialState } = useModel('@@initialState');
  const currentUser = initialState?.currentUser;
  const { signIn } = useWalletSignIn();
  const logout = useLogout();
  useAccountWatcher(currentUser?.address, logout);

  // a start that failed (server down) kept the stored session: it is not a visitor to sign in
  const signedIn = !!currentUser || !!initialState?.startFailed;
  useEffect(() => {
    if (signedIn || !autoLoginAllowed()) return undefined;
    let cancelled = false;
    void authorisedWallet().then((wallet) => {
      if (cancelled || !wallet || !autoLoginAllowed()) return;
      markAutoLoginDone();
      signIn(wallet.provider, { invite: readInviteCode(history.location.search) }).catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn, signIn]);

  return <Outlet />;
}
