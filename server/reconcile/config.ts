/**
 * The cold wallets the reconciliation counts as the platform's own (read by server/config.ts):
 * `COLD_WALLET_ADDRESSES_<NETWORK>`, a comma-separated list of addresses holding reserves offline
 * on a watched network. A cold wallet's balance is counted like the hot wallet's, so a typo here
 * would count a stranger's money as ours: every address must be written checksummed (EIP-55, as
 * a wallet or block explorer shows it), and a network that is not watched
 * (`CHAIN_<NETWORK>_RPC_URL` unset) cannot have cold wallets, for nothing would read them.
 */
import { getAddress, isAddress } from 'ethers';
import { DEPOSIT_NETWORKS } from '../../contract/rules/wallet';
import type { WatchedNetwork } from '../deposits/networks';

/** network → checksummed addresses (networks without cold wallets are absent) */
export type ColdWallets = Readonly<Record<string, readonly string[]>>;

type Env = Record<string, string | undefined>;

const VARIABLE = /^COLD_WALLET_ADDRESSES_([A-Z0-9]+)$/;

export function parseColdWallets(env: Env, watched: readonly WatchedNetwork[]): ColdWallets {
  const networks = [...new Set(DEPOSIT_NETWORKS.map((rule) => rule.network))];
  const cold: Record<string, string[]> = {};
  // the names listed, only the matching ones read (tests/server/readme-config.test.ts records reads)
  for (const name of Object.keys(env)) {
    const match = VARIABLE.exec(name);
    const raw = match ? env[name] : undefined;
    if (!match || !raw?.trim()) continue;
    const network = match[1];
    if (!networks.includes(network)) throw new Error(`${name}: ${network} is not a deposit network (${networks.join(', ')})`);
    if (!watched.some((w) => w.network === network)) throw new Error(`${name} is set, but CHAIN_${network}_RPC_URL is not: the cold wallets are read through it`);
    const addresses = raw.split(',').map((address) => address.trim()).filter(Boolean);
    for (const address of addresses) {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`${name} must be a comma separated list of addresses (0x and 40 hex digits), got "${address}"`);
      if (!isAddress(address)) throw new Error(`${name}: ${address} fails its EIP-55 checksum (a typo?)`);
      if (getAddress(address) !== address) throw new Error(`${name}: write ${address} checksummed, as ${getAddress(address)}, so that a typo cannot count another's balance`);
    }
    if (new Set(addresses).size !== addresses.length) throw new Error(`${name} names one address twice`);
    cold[network] = addresses;
  }
  return cold;
}
