/**
 * Fresh proof of wallet ownership (step-up) for security-sensitive changes: the server issues a
 * challenge for one purpose, the wallet that signed in signs its message (the statement names the
 * action, e.g. "Set pay password for PowerFi"), and the change's request carries
 * `{ message, signature }` as its `proof`. Every failure is a WalletError.
 */
import { getAddress } from 'ethers';
import type { StepUpPurposeType, WalletProofType } from '../../contract/stepUp';
import { stepUpChallenge } from '@/services/auth';
import { getActiveProvider } from './discovery';
import { toWalletError, WalletError } from './errors';
import { readChainId } from './network';
import { requestAddress, signForThisSite } from './siteSignature';

/**
 * Has the wallet of `userAddress` sign a proof of `purpose`; refuses another account of the wallet.
 * `statement` replaces the challenge's when the proof names what it approves (a withdrawal's
 * amount and address: contract/rules/withdraw.ts), which the server checks word for word.
 */
export async function proveWallet(purpose: StepUpPurposeType, userAddress: string, statement?: string): Promise<WalletProofType> {
  try {
    const provider = await getActiveProvider();
    if (!provider) throw new WalletError('NO_WALLET');
    const address = await requestAddress(provider);
    if (address !== getAddress(userAddress)) throw new WalletError('WRONG_ACCOUNT');
    const chainId = await readChainId(provider);
    const challenge = await stepUpChallenge({ purpose }, { skipErrorHandler: true });
    return await signForThisSite(provider, address, chainId, statement === undefined ? challenge : { ...challenge, statement });
  } catch (error) {
    throw toWalletError(error);
  }
}
