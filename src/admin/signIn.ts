/**
 * Operator sign-in (EIP-4361): account → nonce of the console → a message whose statement is the
 * console's own (OPERATOR_SIGN_IN_STATEMENT: a user's sign-in message opens no console) →
 * `personal_sign` → the operator session, stored under its own key. Failures: WalletError, or
 * AdminApiError with the server's refusal.
 */
import { OPERATOR_SIGN_IN_STATEMENT } from '../../contract/rules/operators';
import type { OperatorSignInResponseType } from '../../contract/admin/core';
import { setActiveProvider } from '@/wallet/discovery';
import { toWalletError } from '@/wallet/errors';
import { readChainId } from '@/wallet/network';
import type { Eip1193Provider } from '@/wallet/types';
import { AdminApiError } from './http';
import * as coreApi from './services/core';
import { setAdminToken } from './session';

export async function signInOperator(provider: Eip1193Provider): Promise<OperatorSignInResponseType> {
  try {
    const { requestAddress, signForThisSite } = await import(/* webpackChunkName: "wallet-sign-in" */ '@/wallet/siteSignature');
    const address = await requestAddress(provider);
    const chainId = await readChainId(provider);
    const issued = await coreApi.nonce({ keepOn401: true });
    const { message, signature } = await signForThisSite(provider, address, chainId, { ...issued, statement: OPERATOR_SIGN_IN_STATEMENT });
    const result = await coreApi.signIn({ message, signature }, { keepOn401: true });
    setAdminToken(result.token);
    setActiveProvider(provider);
    return result;
  } catch (error) {
    if (error instanceof AdminApiError) throw error;
    throw toWalletError(error);
  }
}
