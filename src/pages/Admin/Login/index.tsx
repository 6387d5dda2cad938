/**
 * `/admin/login`: an operator signs in with the wallet of their operator address (EIP-4361, the
 * console's own statement, a nonce of GET /api/v1/admin/auth/nonce) and gets an operator session,
 * kept apart from any user session of this browser. Then back to `redirect` (a console page).
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useIntl, useLocation, useNavigate } from '@umijs/max';
import { Alert, Button, Flex, Radio, Spin, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { adminErrorText } from '@/admin/errors';
import { adminRedirectTarget, getAdminToken } from '@/admin/session';
import { signInOperator } from '@/admin/signIn';
import type { WalletOption } from '@/wallet/types';
import { useWallets } from '@/wallet/useWallets';

export default function AdminLoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = theme.useToken();
  const { wallets, discovering } = useWallets();
  const [chosen, setChosen] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const target = adminRedirectTarget(location.search);

  useEffect(() => {
    // a console tab that is still signed in goes straight on (a stale token is dropped by its first 401)
    if (getAdminToken()) navigate(target, { replace: true });
  }, [navigate, target]);

  const wallet: WalletOption | undefined = wallets.find((option) => option.info.uuid === chosen) ?? wallets[0];

  const signIn = async () => {
    if (!wallet || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await signInOperator(wallet.provider);
      navigate(target, { replace: true });
    } catch (failure) {
      setError(await adminErrorText(failure, intl));
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (discovering && wallets.length === 0) body = <Spin />;
  else if (wallets.length === 0) {
    body = (
      <Alert type="warning" showIcon data-testid="admin-no-wallet" message={intl.formatMessage({ id: 'admin.login.noWallet' })} />
    );
  } else {
    body = (
      <Flex vertical gap={16}>
        {wallets.length > 1 && (
          <Radio.Group value={wallet?.info.uuid} onChange={(event) => setChosen(event.target.value as string)}>
            <Flex vertical gap={8}>
              {wallets.map((option) => (
                <Radio key={option.info.uuid} value={option.info.uuid}>
                  {option.info.name}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        )}
        <Button type="primary" size="large" block loading={busy} data-testid="admin-sign-in" onClick={() => void signIn()}>
          {intl.formatMessage({ id: 'admin.login.button' }, { wallet: wallet?.info.name ?? '' })}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}>
      <section
        style={{ width: '100%', maxWidth: 420, padding: 32, boxSizing: 'border-box', background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}
      >
        <Flex vertical gap={24}>
          <Flex vertical align="center" gap={8} style={{ textAlign: 'center' }}>
            <SafetyCertificateOutlined style={{ fontSize: 44, color: token.colorPrimary }} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {intl.formatMessage({ id: 'admin.login.heading' })}
            </Typography.Title>
            <Typography.Text type="secondary">{intl.formatMessage({ id: 'admin.login.subtitle' })}</Typography.Text>
          </Flex>
          {body}
          {error && <Alert type="error" showIcon data-testid="admin-sign-in-error" message={error} />}
        </Flex>
      </section>
    </Flex>
  );
}
