/**
 * What can go wrong while signing with a wallet (sign-in, step-up), as codes the pages turn into
 * messages.
 */
import { BizError } from '@/requestErrorConfig';
import type { ServerErrorText } from '@/utils/errorText';

export type WalletErrorCode =
  /** no EIP-1193 provider on the page */
  | 'NO_WALLET'
  /** the wallet returned no account */
  | 'NO_ACCOUNT'
  /** the wallet's account is not the signed-in user's (step-up) */
  | 'WRONG_ACCOUNT'
  /** the user declined in the wallet (EIP-1193 code 4001) */
  | 'USER_REJECTED'
  /** the wallet is on a chain the server does not accept */
  | 'WRONG_NETWORK'
  /** the server answered with an error envelope (`serverError`; its errMessage is `serverMessage`) */
  | 'SERVER_REFUSED'
  /** the wallet is already showing a request of this site (EIP-1193 code -32002) */
  | 'REQUEST_PENDING'
  | 'FAILED';

export class WalletError extends Error {
  override name = 'WalletError';
  constructor(
    public code: WalletErrorCode,
    public details: {
      chainId?: number;
      chainIds?: number[];
      serverMessage?: string;
      /** the envelope's key and parameters: shown in the interface's language (useErrorText) */
      serverError?: ServerErrorText;
    } = {},
  ) {
    super(details.serverMessage ?? code);
  }
}

/** EIP-1193 error codes, directly or wrapped by ethers (`error.info.error`, `error.error`). */
function providerErrorCode(error: unknown): number | undefined {
  const e = error as { code?: unknown; error?: { code?: unknown }; info?: { error?: { code?: unknown } } };
  for (const code of [e?.code, e?.info?.error?.code, e?.error?.code]) {
    if (typeof code === 'number') return code;
  }
  return undefined;
}

export function toWalletError(error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  if (error instanceof BizError) {
    return new WalletError('SERVER_REFUSED', { serverMessage: error.info.errMessage || error.info.errCode, serverError: error.info });
  }
  const code = providerErrorCode(error);
  if (code === 4001 || (error as { code?: unknown })?.code === 'ACTION_REJECTED') {
    return new WalletError('USER_REJECTED');
  }
  if (code === -32002) return new WalletError('REQUEST_PENDING');
  return new WalletError('FAILED');
}
