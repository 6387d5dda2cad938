/**
 * `/login`: the discovered wallets, connect → sign → back to the `redirect` target,
 * with a clear message for every way it can fail. `?invite=CODE` travels with the sign-in.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useIntl, useLocation } from '@umijs/max';
import { Flex, Tag, theme, Typography } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { readInviteCode } from '@/utils/loginRedirect';
import { clearSignedOut } from '@/wallet/autoLoginGuard';
import { toWalletError, type WalletError } from '@/wallet/errors';
import type { WalletOption } from '@/wallet/types';
import { useWallets } from '@/wallet/useWallets';
import { useWalletSignIn } from '@/wallet/useWalletSignIn';
import SessionEndedNotice from './SessionEndedNotice';
import SignedIn from './SignedIn';
import SignInError from './SignInError';
import WalletList from './WalletList';
import WalletSearch from './WalletSearch';

export default function LoginPage() {
  const intl = useIntl();
  const location = useLocation();
  const { token } = theme.useToken();
  const currentUser = useCurrentUser();
  const invite = readInviteCode(location.search);
  const { wallets, discovering } = useWallets();
  const { signIn } = useWalletSignIn();
  const [connecting, setConnecting] = useState<string>();
  const [failure, setFailure] = useState<{ error: WalletError; wallet: WalletOption }>();

  const connect = async (wallet: WalletOption) => {
    if (connecting) return;
    setFailure(undefined);
    setConnecting(wallet.info.uuid);
    try {
      await signIn(wallet.provider, { invite });
      clearSignedOut(); // signed in by choice: auto-login may run again later
    } catch (error) {
      setFailure({ error: toWalletError(error), wallet });
    } finally {
      setConnecting(undefined);
    }
  };

  let body;
  if (currentUser) body = <SignedIn address={currentUser.address} />;
  else if (wallets.length === 0) body = <WalletSearch discovering={discovering} />;
  else body = <WalletList wallets={wallets} connecting={connecting} onConnect={connect} />;

  return (
    <Flex justify="center" style={{ padding: '24px 16px' }}>
      {/* a plain panel: antd's Card brings Tabs, rc-menu and Skeleton (~28 KB gzip) to the first load */}
      <section
        style={{
          width: '100%',
          maxWidth: 440,
          padding: 24,
          boxSizing: 'border-box',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Flex vertical gap={24}>
          <Flex vertical align="center" gap={8} style={{ textAlign: 'center' }}>
            <SafetyCertificateOutlined style={{ fontSize: 44, color: token.colorPrimary }} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {intl.formatMessage({ id: 'login.heading' })}
            </Typography.Title>
            <Typography.Text type="secondary">{intl.formatMessage({ id: 'login.subtitle' })}</Typography.Text>
            {invite && <Tag color="blue">{intl.formatMessage({ id: 'login.invite' }, { code: invite })}</Tag>}
          </Flex>
          {!currentUser && <SessionEndedNotice />}
          {body}
          {failure && !currentUser && (
            <SignInError
              key={failure.error.code}
              error={failure.error}
              provider={failure.wallet.provider}
              onSwitched={() => void connect(failure.wallet)}
            />
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
            {intl.formatMessage({ id: 'login.footer' })}
          </Typography.Text>
        </Flex>
      </section>
    </Flex>
  );
}
