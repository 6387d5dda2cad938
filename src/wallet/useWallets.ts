/** The wallets on this page for the login screen, kept up to date as late wallets announce. */
import { startTransition, useEffect, useState } from 'react';
import { discoveryWaitLeftMs, subscribeToWallets, withFallback } from './discovery';
import type { WalletOption } from './types';

export function useWallets(): { wallets: WalletOption[]; discovering: boolean } {
  const [announced, setAnnounced] = useState<WalletOption[]>([]);
  const [discovering, setDiscovering] = useState(true);
  useEffect(() => {
    const unsubscribe = subscribeToWallets(setAnnounced);
    // counted from the app's start; the first render still shows the search, as a hydrated
    // login page must first render what the server did. The answer renders in a transition, so
    // that a wallet list arriving just after hydration does not block a tap
    const timer = setTimeout(() => startTransition(() => setDiscovering(false)), discoveryWaitLeftMs());
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  return { wallets: discovering && announced.length === 0 ? [] : withFallback(announced), discovering };
}
