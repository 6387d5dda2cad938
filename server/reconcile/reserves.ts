/**
 * What the platform holds on one network, read from the chain for the reconciliation: the hot
 * wallets' token and gas-coin balances, the balances of every deposit address that received
 * funds (deposits are not swept by the server, so they sit there), and the cold wallets of
 * `COLD_WALLET_ADDRESSES_<NETWORK>`.
 *
 * A balance is what hides a shortfall, so it is read as strictly as anything the server acts on,
 * and more: every balance at one block number (the head a quorum has reached), so that honest
 * endpoints answer exactly alike and the figures of all addresses are one moment of the chain,
 * each asked of every endpoint and taken only when `auditQuorum` of them give the same answer.
 * That quorum is at least a majority of the endpoints even when `CHAIN_<NETWORK>_RPC_QUORUM` is
 * lower: one endpoint inflating a balance makes the network unreadable (`NoQuorum`), never richer.
 * The endpoints must serve the state of that block while the run lasts (archive endpoints, or
 * a run shorter than the node keeps old state).
 *
 * Amounts are summed per source in the chain's units and converted to ledger units once, rounded
 * down (server/deposits/amounts.ts), so assets are never overstated by rounding.
 */
import { Interface } from 'ethers';
import { chainToLedgerUnits } from '../deposits/amounts';
import { NATIVE_COINS, type WatchedNetwork } from '../deposits/networks';
import { AT_LEAST_NUMBER, majority, type RpcCaller } from '../deposits/rpc';

const ERC20 = new Interface(['function balanceOf(address who) view returns (uint256)']);
/** every native coin of an EVM chain has 18 decimals */
const NATIVE_DECIMALS = 18;
/** addresses read at once: their calls go out together (ethers batches up to 50 per request), then the next batch */
const READ_BATCH = 50;

export type Source = 'hot' | 'cold' | 'deposits';

/** ledger units of one currency on one network, per source */
export type Holdings = Record<Source, bigint>;

export interface NetworkReserves {
  network: string;
  block: number;
  /** per reconciled currency the network carries (its token, and its native coin when deposits of it are accepted) */
  currencies: Record<string, Holdings>;
  /** the hot wallets' gas coin (ETH on ERC20, BNB on BEP20) */
  gas: { currency: string; hot: bigint };
  hotWallets: string[];
  coldWallets: string[];
  depositAddresses: number;
}

export interface ReserveAddresses {
  hot: readonly string[];
  cold: readonly string[];
  deposits: readonly string[];
}

/** the endpoints that must agree on a balance: the network's quorum, and never fewer than a majority */
export function auditQuorum(network: WatchedNetwork): number {
  return Math.max(network.quorum, majority(network.rpcUrls.length));
}

/** the currencies the reconciliation covers on a network */
export function carriedCurrencies(network: WatchedNetwork): string[] {
  return [network.token?.currency, network.native?.currency].filter((currency): currency is string => Boolean(currency));
}

/**
 * Reads one network's reserves; `rpc` must ask for `auditQuorum(network)`. An address listed
 * under several sources counts once, under the first of hot, cold, deposits. Throws when a
 * read does not reach the quorum (the network is then unavailable for this run).
 */
export async function readNetworkReserves(
  rpc: RpcCaller,
  network: WatchedNetwork,
  tokenDecimals: number,
  addresses: ReserveAddresses,
  signal: AbortSignal,
): Promise<NetworkReserves> {
  const block = Number(await rpc.call('eth_blockNumber', (p) => p.getBlockNumber(), signal, AT_LEAST_NUMBER));
  const sourceOf = new Map<string, Source>();
  for (const source of ['hot', 'cold', 'deposits'] as const) {
    for (const address of addresses[source]) if (!sourceOf.has(address)) sourceOf.set(address, source);
  }
  const token = network.token;
  const tokenSums: Holdings = { hot: 0n, cold: 0n, deposits: 0n };
  const nativeSums: Holdings = { hot: 0n, cold: 0n, deposits: 0n };
  const tokenBalance = (address: string) =>
    rpc.call(`balanceOf ${address} at ${block}`, async (p) => BigInt(await p.call({ to: token!.address, data: ERC20.encodeFunctionData('balanceOf', [address]), blockTag: block })), signal);
  const nativeBalance = (address: string) => rpc.call(`eth_getBalance ${address} at ${block}`, (p) => p.getBalance(address, block), signal);
  const all = [...sourceOf];
  for (let i = 0; i < all.length; i += READ_BATCH) {
    if (signal.aborted) throw signal.reason;
    await Promise.all(
      all.slice(i, i + READ_BATCH).map(async ([address, source]) => {
        // the gas coin of a hot wallet always (the operator's gas left); of the others only when it is a currency the ledger owes
        const [tokens, coins] = await Promise.all([token ? tokenBalance(address) : 0n, source === 'hot' || network.native ? nativeBalance(address) : 0n]);
        tokenSums[source] += tokens;
        nativeSums[source] += coins;
      }),
    );
  }
  const inLedgerUnits = (sums: Holdings, decimals: number): Holdings => ({
    hot: chainToLedgerUnits(sums.hot, decimals),
    cold: chainToLedgerUnits(sums.cold, decimals),
    deposits: chainToLedgerUnits(sums.deposits, decimals),
  });
  const currencies: Record<string, Holdings> = {};
  if (token) currencies[token.currency] = inLedgerUnits(tokenSums, tokenDecimals);
  if (network.native) currencies[network.native.currency] = inLedgerUnits(nativeSums, NATIVE_DECIMALS);
  const bySource = (source: Source) => all.filter(([, s]) => s === source).map(([address]) => address);
  return {
    network: network.network,
    block,
    currencies,
    gas: { currency: NATIVE_COINS[network.network], hot: chainToLedgerUnits(nativeSums.hot, NATIVE_DECIMALS) },
    hotWallets: bySource('hot'),
    coldWallets: bySource('cold'),
    depositAddresses: bySource('deposits').length,
  };
}
