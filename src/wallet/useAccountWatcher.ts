/**
 * Account switch or disconnect in the wallet (`accountsChanged`) signs the old user out:
 * the session belongs to one address.
 */
import { useEffect } from 'react';
import { getActiveProvider } from './discovery';
import type { Eip1193Provider } from './types';

export function useAccountWatcher(address: string | undefined, onOtherAccount: () => void): void {
  useEffect(() => {
    if (!address) return undefined;
    let provider: Eip1193Provider | undefined;
    let stopped = false;
    const listener = (accounts: unknown) => {
      const first = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof first !== 'string' || first.toLowerCase() !== address.toLowerCase()) onOtherAccount();
    };
    void getActiveProvider().then((found) => {
      if (stopped || !found?.on) return;
      provider = found;
      provider.on?.('accountsChanged', listener);
    });
    return () => {
      stopped = true;
      provider?.removeListener?.('accountsChanged', listener);
    };
  }, [address, onOtherAccount]);
}
