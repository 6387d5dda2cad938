/** The EIP-1193 provider and EIP-6963 wallet shapes the sign-in code relies on. */

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  // each event passes its own arguments (accounts, chain id, …): the listener's signature types them
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- EIP-1193 leaves the arguments to the event
  on?(event: string, listener: (...args: any[]) => void): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as for `on`
  removeListener?(event: string, listener: (...args: any[]) => void): void;
}

/** EIP-6963 `EIP6963ProviderInfo`: how a wallet introduces itself. */
export interface WalletInfo {
  uuid: string;
  name: string;
  /** data: URI of the wallet's icon; empty for the injected fallback */
  icon: string;
  /** reverse-DNS id, e.g. `io.metamask`; `injected` for `window.ethereum` */
  rdns: string;
}

export interface WalletOption {
  info: WalletInfo;
  provider: Eip1193Provider;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider & Record<string, unknown>;
  }
}
