/** Why the last sign-in failed, in words, with a network switch when the chain is wrong. */
import { useIntl } from '@umijs/max';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useErrorText } from '@/hooks/useErrorText';
import type { WalletError } from '@/wallet/errors';
import { chainName, switchChain } from '@/wallet/network';
import type { Eip1193Provider } from '@/wallet/types';

interface Props {
  error: WalletError;
  provider: Eip1193Provider;
  /** called after the wallet switched to an accepted network */
  onSwitched: () => void;
}

const MESSAGE_IDS: Record<WalletError['code'], string> = {
  NO_WALLET: 'login.noWallet.title',
  NO_ACCOUNT: 'login.error.noAccount',
  // only step-up compares accounts; sign-in takes whichever the wallet gives
  WRONG_ACCOUNT: 'login.error.failed',
  USER_REJECTED: 'login.error.userRejected',
  WRONG_NETWORK: 'login.error.wrongNetwork',
  SERVER_REFUSED: 'login.error.serverRefused',
  REQUEST_PENDING: 'login.error.requestPending',
  FAILED: 'login.error.failed',
};

export default function SignInError({ error, provider, onSwitched }: Props) {
  const intl = useIntl();
  const [switching, setSwitching] = useState(false);
  const [switchFailed, setSwitchFailed] = useState(false);
  const { chainId, chainIds = [], serverMessage, serverError } = error.details;
  const target = chainIds[0];
  // the server's reason in the interface's language (undefined while its texts load)
  const reason = useErrorText(serverError ?? (serverMessage ? { errMessage: serverMessage } : undefined));

  const text = switchFailed
    ? intl.formatMessage({ id: 'login.error.switchFailed' })
    : intl.formatMessage(
        { id: MESSAGE_IDS[error.code] },
        {
          current: chainId === undefined ? '' : chainName(chainId),
          supported: chainIds.map(chainName).join(' / '),
          reason: reason ?? '',
        },
      );

  const switchNetwork = async () => {
    setSwitching(true);
    try {
      await switchChain(provider, target);
      onSwitched();
    } catch {
      setSwitchFailed(true);
    } finally {
      setSwitching(false);
    }
  };

  const action =
    error.code === 'WRONG_NETWORK' && target !== undefined ? (
      <Button size="small" type="primary" loading={switching} onClick={switchNetwork}>
        {intl.formatMessage({ id: 'login.error.switchNetwork' }, { name: chainName(target) })}
      </Button>
    ) : undefined;

  if (error.code === 'SERVER_REFUSED' && serverError && reason === undefined) return null;
  return <Alert type={error.code === 'USER_REJECTED' ? 'warning' : 'error'} showIcon message={text} action={action} role="alert" />;
}
