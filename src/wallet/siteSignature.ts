/**
 * What sign-in and step-up both do with the wallet: ask for its account, read its chain, and sign
 * an EIP-4361 message for this site (domain and uri of the page, which the server checks against
 * its configured origins) with `personal_sign`.
 */
import { BrowserProvider, getAddress } from 'ethers';
import { WalletError } from './errors';
import { buildSiweMessage } from './siweMessage';
import type { Eip1193Provider } from './types';

export async function requestAddress(provider: Eip1193Provider): Promise<string> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[] | undefined;
  if (!accounts?.length) throw new WalletError('NO_ACCOUNT');
  return getAddress(accounts[0]);
}

/** The server's answer the message is built from: a nonce, its expiry, the statement and the accepted chains. */
export interface SiteChallenge {
  nonce: string;
  expiresAt: string;
  statement: string;
  chainIds: number[];
}

/** Refuses a chain the server does not accept, then signs the message; resolves to it and its signature. */
export async function signForThisSite(
  provider: Eip1193Provider,
  address: string,
  chainId: number,
  challenge: SiteChallenge,
): Promise<{ message: string; signature: string }> {
  if (!challenge.chainIds.includes(chainId)) {
    throw new WalletError('WRONG_NETWORK', { chainId, chainIds: challenge.chainIds });
  }
  const message = buildSiweMessage({
    domain: window.location.host,
    address,
    statement: challenge.statement,
    uri: window.location.origin,
    chainId,
    nonce: challenge.nonce,
    issuedAt: new Date().toISOString(),
    expirationTime: challenge.expiresAt,
  });
  const signer = await new BrowserProvider(provider, chainId).getSigner(address);
  return { message, signature: await signer.signMessage(message) };
}
