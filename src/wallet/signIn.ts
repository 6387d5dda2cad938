/**
 * Wallet sign-in (EIP-4361): account → nonce → message → `personal_sign` → server.
 * Stores the session on success; every failure is a WalletError.
 */
import type { SignInResponseType } from '../../contract/auth';
import { nonce as fetchNonce, signInWallet } from '@/services/auth';
import { setSession } from '@/session';
import { setActiveProvider } from './discovery';
import { toWalletError } from './errors';
import { readChainId } from './network';
import { requestAddress, signForThisSite } from './siteSignature';
import type { Eip1193Provider } from './types';

export interface SignInOptions {
  /** invite code from `/login?invite=CODE`, bound by the server at the first sign-in only */
  invite?: string;
}

export async function signInWithWallet(
  provider: Eip1193Provider,
  options: SignInOptions = {},
): Promise<SignInResponseType> {
  try {
    const address = await requestAddress(provider);
    const chainId = await readChainId(provider);
    const issued = await fetchNonce({ skipErrorHandler: true });
    const { message, signature } = await signForThisSite(provider, address, chainId, issued);
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
