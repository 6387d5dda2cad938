/** The discovered wallets as large buttons, one connect at a time. */
import { RightOutlined, WalletOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Button, Flex, Typography } from 'antd';
import type { WalletOption } from '@/wallet/types';
import { ellipsisStyle } from '@/utils/ellipsis';

interface Props {
  wallets: WalletOption[];
  /** uuid of the wallet being connected */
  connecting?: string;
  onConnect: (wallet: WalletOption) => void;
}

function WalletIcon({ wallet }: { wallet: WalletOption }) {
  // EIP-6963 icons are data: URIs; the img element never runs them as markup
  if (wallet.info.icon.startsWith('data:image/')) {
    return <img src={wallet.info.icon} alt="" width={32} height={32} style={{ borderRadius: 8 }} />;
  }
  return <WalletOutlined style={{ fontSize: 28 }} />;
}

export default function WalletList({ wallets, connecting, onConnect }: Props) {
  const intl = useIntl();
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{intl.formatMessage({ id: 'login.chooseWallet' })}</Typography.Text>
      {wallets.map((wallet) => {
        const busy = connecting === wallet.info.uuid;
        const name = wallet.info.rdns === 'injected' && wallet.info.name === 'Web3 Wallet'
          ? intl.formatMessage({ id: 'login.injectedWallet' })
          : wallet.info.name;
        return (
          <Button
            key={wallet.info.uuid}
            size="large"
            block
            loading={busy}
            disabled={!!connecting && !busy}
            onClick={() => onConnect(wallet)}
            style={{ height: 64, justifyContent: 'flex-start', textAlign: 'start' }}
            aria-label={`${intl.formatMessage({ id: 'login.connect' })} ${name}`}
          >
            <Flex align="center" gap={12} style={{ width: '100%' }}>
              {!busy && <WalletIcon wallet={wallet} />}
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong style={ellipsisStyle()}>{name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {intl.formatMessage({ id: busy ? 'login.connecting' : 'login.connect' })}
                </Typography.Text>
              </Flex>
              <RightOutlined />
            </Flex>
          </Button>
        );
      })}
    </Flex>
  );
}
