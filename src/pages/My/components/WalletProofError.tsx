/** Why the wallet gave no fresh proof (step-up), in words: no wallet, declined, another account… */
import { Alert } from 'antd';
import { useErrorText } from '@/hooks/useErrorText';
import { useT } from '@/hooks/useT';
import type { WalletError } from '@/wallet/errors';
import { chainName } from '@/wallet/network';

const MESSAGE_IDS: Record<WalletError['code'], string> = {
  NO_WALLET: 'walletProof.noWallet',
  NO_ACCOUNT: 'login.error.noAccount',
  WRONG_ACCOUNT: 'walletProof.wrongAccount',
  USER_REJECTED: 'walletProof.rejected',
  WRONG_NETWORK: 'login.error.wrongNetwork',
  SERVER_REFUSED: 'walletProof.serverRefused',
  REQUEST_PENDING: 'login.error.requestPending',
  FAILED: 'walletProof.failed',
};

/** a withdrawal or a withdrawal address: the texts that name what was not done */
const WITHDRAW_IDS: Partial<Record<WalletError['code'], string>> = {
  NO_WALLET: 'withdraw.wallet.noWallet',
  USER_REJECTED: 'withdraw.wallet.rejected',
  FAILED: 'withdraw.wallet.failed',
};

export default function WalletProofError({ error, address, action = 'payPass' }: { error: WalletError; address: string; action?: 'payPass' | 'withdraw' }) {
  const t = useT();
  const { chainId, chainIds = [], serverMessage, serverError } = error.details;
  // the server's reason in the interface's language (undefined while its texts load)
  const reason = useErrorText(serverError ?? (serverMessage ? { errMessage: serverMessage } : undefined));
  const text = t((action === 'withdraw' && WITHDRAW_IDS[error.code]) || MESSAGE_IDS[error.code], {
    address,
    current: chainId === undefined ? '' : chainName(chainId),
    supported: chainIds.map(chainName).join(' / '),
    reason: reason ?? '',
  });
  if (error.code === 'SERVER_REFUSED' && serverError && reason === undefined) return null;
  return <Alert type={error.code === 'USER_REJECTED' ? 'warning' : 'error'} showIcon message={text} role="alert" data-testid="wallet-proof-error" />;
}
