/** The wallets on this page for the login screen, kept up to date as late wallets announce. */
import { useEffect, useState } from 'react';
import { DISCOVERY_WAIT_MS, subscribeToWallets, withFallback } from './discovery';
import type { WalletOption } from './types';

export function useWallets(): { wallets: WalletOption[]; discovering: boolean } {
  const [announced, setAnnounced] = useState<WalletOption[]>([]);
  const [discovering, setDiscovering] = useState(true);
  useEffect(() => {
    const unsubscribe = subscribeToWallets(setAnnounced);
    const timer = setTimeout(() => setDiscovering(false), DISCOVERY_WAIT_MS);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  return { wallets: discovering && announced.length === 0 ? [] : withFallback(announced), discovering };
}
