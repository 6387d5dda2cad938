/**
 * /my/setting/pay-pass/reset (忘记支付密码): the wallet that signed in signs a proof naming this
 * account ("Reset pay password of 0x… for PowerFi"), and the new pay password, typed twice, replaces
 * the forgotten one. Withdrawals are paused for 24 hours afterwards (the server refuses them; the
 * page says so before and after). `?redirect=` returns to the money move that sent the user here.
 */
import { Alert, Button, Card, Form, Typography } from 'antd';
import { Link } from '@umijs/max';
import { payPasswordResetStatement } from '../../../../../../contract/rules/payPassword';
import { PayPasswordFields } from '@/components/PayPasswordField';
import { useT } from '@/hooks/useT';
import { userApi } from '@/services';
import { proveWallet } from '@/wallet/stepUp';
import WalletProofError from '../../../components/WalletProofError';
import NewPayPasswordFields from '../NewPayPasswordFields';
import { useSignedSave } from '../useSignedSave';

interface Values {
  newPassword: string;
  repeatPassword: string;
}

export default function PayPassResetPage() {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const { user, saving, walletError, save } = useSignedSave(form);

  const reset = ({ newPassword }: Values) =>
    save(
      () => proveWallet('payPassword.reset', user!.address, payPasswordResetStatement(user!.address)),
      async (proof) => t('payPassReset.done', { time: (await userApi.payPassReset({ newPassword, proof })).withdrawHeldUntil }),
      '/my/setting/pay-pass',
    );

  if (user && !user.hasPayPassword) {
    return (
      <Card size="small">
        <Alert type="info" showIcon message={t('payPassReset.notSet')} style={{ marginBottom: 16 }} />
        <Link to="/my/setting/pay-pass">
          <Button type="primary" block size="large">{t('payPassReset.goSet')}</Button>
        </Link>
      </Card>
    );
  }

  return (
    <Card size="small">
      <Typography.Paragraph>{t('payPassReset.description')}</Typography.Paragraph>
      <Alert type="warning" showIcon message={t('payPassReset.holdNotice')} style={{ marginBottom: 16 }} data-testid="pay-pass-reset-hold" />
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={reset} data-testid="pay-pass-reset-form">
        <PayPasswordFields names={['newPassword', 'repeatPassword']}>
          <NewPayPasswordFields />
        </PayPasswordFields>
        {walletError && user && (
          <div style={{ marginBottom: 16 }}>
            <WalletProofError error={walletError} address={user.address} />
          </div>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={!!saving}>
          {t(saving === 'signing' ? 'walletProof.signing' : 'payPassReset.submit')}
        </Button>
      </Form>
    </Card>
  );
}
