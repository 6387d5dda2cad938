/**
 * /my/setting/pay-pass/reset (忘记支付密码): the wallet that signed in signs a proof naming this
 * account ("Reset pay password of 0x… for PowerFi"), and the new pay password, typed twice, replaces
 * the forgotten one. Withdrawals are paused for 24 hours afterwards (the server refuses them; the
 * page says so before and after). `?redirect=` returns to the money move that sent the user here.
 */
import { Alert, Button, Card, Form, Typography } from 'antd';
import { history, Link, useModel } from '@umijs/max';
import { useState } from 'react';
import { payPasswordResetStatement } from '../../../../../../contract/rules/payPassword';
import { message } from '@/components/Feedback/notifier';
import { PayPasswordFields } from '@/components/PayPasswordField';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { withCurrentUser } from '@/initialState';
import { userApi } from '@/services';
import { updateStoredUser } from '@/session';
import type { WalletError } from '@/wallet/errors';
import { proveWallet } from '@/wallet/stepUp';
import WalletProofError from '../../../components/WalletProofError';
import NewPayPasswordFields from '../NewPayPasswordFields';

interface Values {
  newPassword: string;
  repeatPassword: string;
}

export default function PayPassResetPage() {
  const t = useT();
  const user = useCurrentUser();
  const { setInitialState } = useModel('@@initialState');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState<false | 'signing' | 'saving'>(false);
  const [walletError, setWalletError] = useState<WalletError | null>(null);

  const reset = async ({ newPassword }: Values) => {
    if (!user) return;
    setWalletError(null);
    setSaving('signing');
    try {
      let proof;
      try {
        proof = await proveWallet('payPassword.reset', user.address, payPasswordResetStatement(user.address));
      } catch (error) {
        setWalletError(error as WalletError);
        return;
      }
      setSaving('saving');
      const { withdrawHeldUntil } = await userApi.payPassReset({ newPassword, proof });
      const updated = { ...user, hasPayPassword: true };
      updateStoredUser(updated);
      await setInitialState(withCurrentUser(updated));
      message.success(t('payPassReset.done', { time: withdrawHeldUntil }));
      form.resetFields();
      const back = new URLSearchParams(window.location.search).get('redirect');
      history.push(back?.startsWith('/') && !back.startsWith('//') ? back : '/my/setting/pay-pass');
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

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
