/**
 * What the operator reads when something fails: the server's own text of the refusal (in the
 * interface's language from its message key, else errMessage as sent), the wallet's problem in
 * words, or a short note when no answer came.
 */
import type { getIntl } from '@umijs/max';
import { errorTextOf } from '@/utils/errorText';
import { WalletError } from '@/wallet/errors';
import { AdminApiError } from './http';

type Intl = Pick<ReturnType<typeof getIntl>, 'formatMessage' | 'locale'>;

export async function adminErrorText(error: unknown, intl: Intl): Promise<string> {
  if (error instanceof AdminApiError) {
    if (error.status === 0) return intl.formatMessage({ id: 'admin.error.network' });
    const { envelope } = error;
    if (envelope.errKey || envelope.errMessage || envelope.errCode) return errorTextOf(envelope, intl.locale);
    return intl.formatMessage({ id: 'admin.error.status' }, { status: error.status });
  }
  if (error instanceof WalletError) {
    if (error.code === 'SERVER_REFUSED' && error.details.serverError) return errorTextOf(error.details.serverError, intl.locale);
    if (error.code === 'WRONG_NETWORK') {
      return intl.formatMessage({ id: 'admin.wallet.WRONG_NETWORK' }, { chains: (error.details.chainIds ?? []).join(', ') });
    }
    return intl.formatMessage({ id: `admin.wallet.${error.code}` });
  }
  return intl.formatMessage({ id: 'admin.error.failed' });
}

/** A 401 already sent the operator to the sign-in page: nothing more to say. */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof AdminApiError && error.status === 401;
}
