/**
 * The operator's fresh wallet signature for a money-affecting action (OPERATOR_STEP_UP_ACTIONS):
 * the server issues a single-use challenge for that action on that target, the wallet the
 * operator signed in with signs an EIP-4361 message for this page carrying its nonce and its
 * statement ("Approve withdrawal 12 in the PowerFi operator console"), and the action's request
 * carries `{ message, signature }` as `proof`. Same message rules as the user app's step-up
 * (src/wallet/stepUp.ts): domain and uri of this page, a chain the server accepts.
 */
import { useCallback } from 'react';
import type { WalletProofType } from '../../contract/stepUp';
import type { OperatorStepUpAction } from '../../contract/rules/operators';
import { getActiveProvider } from '@/wallet/discovery';
import { toWalletError, WalletError } from '@/wallet/errors';
import { readChainId } from '@/wallet/network';
import { useAdmin } from './context';
import { AdminApiError } from './http';
import { stepUpChallenge } from './services/core';

/** Has the wallet of `operatorAddress` sign the challenge of `action` on `target`; refuses another account. */
export async function proveOperatorAction(action: OperatorStepUpAction, target: string, operatorAddress: string): Promise<WalletProofType> {
  try {
    const provider = await getActiveProvider();
    if (!provider) throw new WalletError('NO_WALLET');
    // ethers (for the signature) loads with the first signature, not with the console
    const { requestAddress, signForThisSite } = await import(/* webpackChunkName: "wallet-sign-in" */ '@/wallet/siteSignature');
    const address = await requestAddress(provider);
    if (address.toLowerCase() !== operatorAddress.toLowerCase()) throw new WalletError('WRONG_ACCOUNT');
    const chainId = await readChainId(provider);
    const challenge = await stepUpChallenge({ action, target });
    return await signForThisSite(provider, address, chainId, challenge);
  } catch (error) {
    if (error instanceof AdminApiError) throw error;
    throw toWalletError(error);
  }
}

/** `prove(action, target)` for the signed-in operator: one hook for every money-affecting action. */
export function useOperatorProof(): (action: OperatorStepUpAction, target: string) => Promise<WalletProofType> {
  const { me } = useAdmin();
  const address = me.operator.address;
  return useCallback((action, target) => proveOperatorAction(action, target, address), [address]);
}
