/**
 * Wallet discovery: EIP-6963 announcements, falling back to the injected `window.ethereum`
 * (the DApp browsers of imToken, TokenPocket, OKX, Bitget and MetaMask all inject one).
 */
import { EIP6963_ANNOUNCE_EVENT, EIP6963_REQUEST_EVENT } from '../../contract/rules/walletProbe';
import type { Eip1193Provider, WalletInfo, WalletOption } from './types';

/** How long wallets get to answer before the list is taken as complete. */
export const DISCOVERY_WAIT_MS = 300;

/** Well-known flags injected providers set, for naming the fallback entry. */
const INJECTED_NAMES: Array<[flag: string, name: string]> = [
  ['isTokenPocket', 'TokenPocket'],
  ['isImToken', 'imToken'],
  ['isOkxWallet', 'OKX Wallet'],
  ['isBitKeep', 'Bitget Wallet'],
  ['isTrust', 'Trust Wallet'],
  ['isCoinbaseWallet', 'Coinbase Wallet'],
  ['isMetaMask', 'MetaMask'],
];

function isAnnouncement(detail: unknown): detail is WalletOption {
  const d = detail as Partial<WalletOption> | undefined;
  return !!d?.info?.uuid && typeof d.provider?.request === 'function';
}

/** The `window.ethereum` fallback as a wallet option, when there is one. */
export function injectedWallet(): WalletOption | undefined {
  const provider = window.ethereum;
  if (!provider || typeof provider.request !== 'function') return undefined;
  const name = INJECTED_NAMES.find(([flag]) => provider[flag] === true)?.[1] ?? 'Web3 Wallet';
  const info: WalletInfo = { uuid: 'injected', name, icon: '', rdns: 'injected' };
  return { info, provider };
}

/** Announced wallets, or the injected one when no wallet speaks EIP-6963. */
export function withFallback(announced: WalletOption[]): WalletOption[] {
  if (announced.length > 0) return announced;
  const injected = injectedWallet();
  return injected ? [injected] : [];
}

/**
 * Listens for wallet announcements and asks wallets to announce themselves. `onChange` gets the
 * announced wallets (one per uuid, in order of arrival) each time the list grows.
 */
export function subscribeToWallets(onChange: (announced: WalletOption[]) => void): () => void {
  const byUuid = new Map<string, WalletOption>();
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (!isAnnouncement(detail) || byUuid.has(detail.info.uuid)) return;
    byUuid.set(detail.info.uuid, { info: { ...detail.info }, provider: detail.provider });
    onChange([...byUuid.values()]);
  };
  window.addEventListener(EIP6963_ANNOUNCE_EVENT, onAnnounce);
  window.dispatchEvent(new Event(EIP6963_REQUEST_EVENT));
  return () => window.removeEventListener(EIP6963_ANNOUNCE_EVENT, onAnnounce);
}

/** When the page began waiting for its wallets. */
let discoveryStartedAt: number | undefined;

/**
 * Starts the wallets' time to answer as the app starts (src/app.tsx), so that it runs beside the
 * app's start-up instead of after the login screen mounts. A wallet answers every request for
 * announcements, so one that loaded in the meantime still answers the screen's own.
 */
export function startWalletDiscovery(): void {
  discoveryStartedAt ??= performance.now();
}

/** What is left of DISCOVERY_WAIT_MS since the page began waiting (0 once it has passed). */
export function discoveryWaitLeftMs(): number {
  startWalletDiscovery();
  return Math.max(0, DISCOVERY_WAIT_MS - (performance.now() - (discoveryStartedAt ?? 0)));
}

/** The wallets present after DISCOVERY_WAIT_MS, announced first, else the injected one. */
export function discoverWallets(waitMs = DISCOVERY_WAIT_MS): Promise<WalletOption[]> {
  return new Promise((resolve) => {
    let announced: WalletOption[] = [];
    const unsubscribe = subscribeToWallets((list) => {
      announced = list;
    });
    setTimeout(() => {
      unsubscribe();
      resolve(withFallback(announced));
    }, waitMs);
  });
}

let activeProvider: Eip1193Provider | undefined;

/** Remembers the provider the user signed in with, to watch its account changes. */
export function setActiveProvider(provider: Eip1193Provider): void {
  activeProvider = provider;
}

/** The provider the user signed in with in this page, else the first one discovered. */
export async function getActiveProvider(): Promise<Eip1193Provider | undefined> {
  return activeProvider ?? (await discoverWallets())[0]?.provider;
}
