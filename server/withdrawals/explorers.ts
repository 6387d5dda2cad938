/**
 * WITHDRAW_EXPLORER_TX_URL_<NETWORK>: the page of a network's block explorer a withdrawal's hash
 * links to (the hash is appended, or replaces `{hash}`), defaults in
 * contract/rules/withdrawNetworks.ts. A test chain or another explorer is configured per network.
 */
import { WITHDRAW_NETWORKS } from '../../contract/rules/withdraw';
import { DEFAULT_EXPLORER_TX_URLS } from '../../contract/rules/withdrawNetworks';

type Env = Record<string, string | undefined>;

export function parseExplorerTxUrls(env: Env): Record<string, string> {
  return Object.fromEntries(
    WITHDRAW_NETWORKS.map((network) => {
      const name = `WITHDRAW_EXPLORER_TX_URL_${network}`;
      const raw = env[name]?.trim() || DEFAULT_EXPLORER_TX_URLS[network];
      if (!raw) throw new Error(`${name} is required: the ${network} explorer's transaction page, e.g. https://explorer.example/tx/`);
      let url: URL | null = null;
      try {
        url = new URL(raw.replace('{hash}', '0x0'));
      } catch {
        // reported below
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        throw new Error(`${name} must be an http(s) address the transaction hash is appended to, e.g. ${DEFAULT_EXPLORER_TX_URLS[network] ?? 'https://explorer.example/tx/'}, got "${raw}"`);
      }
      return [network, raw];
    }),
  );
}
