/**
 * Wallet sign-in (EIP-4361, DESIGN §6): account → nonce → message → `personal_sign` → server.
 * Stores the session on success; every failure is a WalletError.
 */
import { BrowserProvider, getAddress } from 'ethers';
import type { SignInResponseType } from '../../contract/auth';
import { nonce as fetchNonce, signInWallet } from '@/services/auth';
import { setSession } from '@/session';
import { setActiveProvider } from './discovery';
import { toWalletError, WalletError } from './errors';
import { readChainId } from './network';
import { buildSiweMessage } from './siweMessage';
import type { Eip1193Provider } from './types';

export interface SignInOptions {
  /** invite code from `/login?invite=CODE`, bound by the server at the first sign-in only */
  invite?: string;
}

async function requestAddress(provider: Eip1193Provider): Promise<string> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[] | undefined;
  if (!accounts?.length) throw new WalletError('NO_ACCOUNT');
  return getAddress(accounts[0]);
}

export async function signInWithWallet(
  provider: Eip1193Provider,
  options: SignInOptions = {},
): Promise<SignInResponseType> {
  try {
    const address = await requestAddress(provider);
    const chainId = await readChainId(provider);
    const issued = await fetchNonce({ skipErrorHandler: true });
    if (!issued.chainIds.includes(chainId)) {
      throw new WalletError('WRONG_NETWORK', { chainId, chainIds: issued.chainIds });
    }
    const message = buildSiweMessage({
      domain: window.location.host,
      address,
      statement: issued.statement,
      uri: window.location.origin,
      chainId,
      nonce: issued.nonce,
      issuedAt: new Date().toISOString(),
      expirationTime: issued.expiresAt,
    });
    const signer = await new BrowserProvider(provider, chainId).getSigner(address);
    const signature = await signer.signMessage(message);
    const result = await signInWallet(
      { message, signature, ...(options.invite ? { invite: options.invite } : {}) },
      { skipErrorHandler: true },
    );
    setSession(result.token, result.user);
    setActiveProvider(provider);
    return result;
  } catch (error) {
    throw toWalletError(error);
  }
}
