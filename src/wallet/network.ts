/** The wallet's chain: reading it and asking the wallet to switch (EIP-3326). */
import type { Eip1193Provider } from './types';

export async function readChainId(provider: Eip1193Provider): Promise<number> {
  const chainId = await provider.request({ method: 'eth_chainId' });
  return Number(BigInt(chainId as string));
}

export async function switchChain(provider: Eip1193Provider, chainId: number): Promise<void> {
  await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainId.toString(16)}` }] });
}

/** Well-known names for the chain ids the server may accept, for the wrong-network message. */
const CHAIN_NAMES: Record<number, string> = {
  1: 'Ethereum',
  56: 'BNB Smart Chain',
  137: 'Polygon',
  42161: 'Arbitrum One',
  10: 'Optimism',
  8453: 'Base',
  11155111: 'Sepolia',
  31337: 'Hardhat',
};

export function chainName(chainId: number): string {
  return CHAIN_NAMES[chainId] ?? `Chain ${chainId}`;
}
