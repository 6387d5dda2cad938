/**
 * /my/setting/pay-pass: set the pay password (typed twice, must match) or change it (current one,
 * then the new one twice). The same 6-digit rule as the server; the server's message otherwise.
 * At submit the wallet that signed in signs a fresh proof ("Set pay password for PowerFi"): the
 * server refuses the change with the session token alone. `?redirect=/my/transfer` returns there
 * once saved (the guide from a money move without one).
 */
import { SafetyCertificateOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Result, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import { history, useModel } from '@umijs/max';
import { useState } from 'react';
import PayPasswordField, { PayPasswordFields } from '@/components/PayPasswordField';
import NewPayPasswordFields from './NewPayPasswordFields';
import WalletProofError from '../../components/WalletProofError';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { withCurrentUser } from '@/initialState';
import { userApi } from '@/services';
import { updateStoredUser } from '@/session';
import type { WalletError } from '@/wallet/errors';
import { proveWallet } from '@/wallet/stepUp';

interface Values {
  oldPassword?: string;
  newPassword: string;
  repeatPassword: string;
}

export default function PayPassPage() {
  const t = useT();
  const user = useCurrentUser();
  const { setInitialState } = useModel('@@initialState');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState<false | 'signing' | 'saving'>(false);
  const [walletError, setWalletError] = useState<WalletError | null>(null);
  const isSet = !!user?.hasPayPassword;

  const save = async ({ oldPassword, newPassword }: Values) => {
    if (!user) return;
    setWalletError(null);
    setSaving('signing');
    try {
      let proof;
      try {
        proof = await proveWallet(isSet ? 'payPassword.change' : 'payPassword.set', user.address);
      } catch (error) {
        setWalletError(error as WalletError);
        return;
      }
      setSaving('saving');
      await userApi.payPass(isSet ? { oldPassword, newPassword, proof } : { newPassword, proof });
      const updated = { ...user, hasPayPassword: true };
      updateStoredUser(updated);
      await setInitialState(withCurrentUser(updated));
      message.success(t(isSet ? 'payPass.changed' : 'payPass.saved'));
      form.resetFields();
      // back to the money move that sent the user here (only paths inside the app)
      const back = new URLSearchParams(window.location.search).get('redirect');
      if (back?.startsWith('/') && !back.startsWith('//')) history.push(back);
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small">
      <Result
        // the shield with a tick only once a password is set; a plain shield in warning colour before
        icon={isSet ? <SafetyCertificateOutlined /> : <SafetyOutlined />}
        status={isSet ? 'success' : 'warning'}
        title={t(isSet ? 'payPass.set' : 'payPass.notSet')}
        subTitle={t(isSet ? 'payPass.setDescription' : 'payPass.notSetDescription')}
        style={{ padding: '16px 0' }}
      />
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save} data-testid="pay-pass-form">
        <PayPasswordFields key={String(isSet)} names={isSet ? ['oldPassword', 'newPassword', 'repeatPassword'] : ['newPassword', 'repeatPassword']}>
          {isSet && <PayPasswordField name="oldPassword" label={t('payPass.old')} />}
          <NewPayPasswordFields />
        </PayPasswordFields>
        {walletError && user ? (
          <div style={{ marginBottom: 16 }}>
            <WalletProofError error={walletError} address={user.address} />
          </div>
        ) : (
          <Alert type="info" showIcon message={t('walletProof.hint')} style={{ marginBottom: 16 }} />
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={!!saving}>
          {t(saving === 'signing' ? 'walletProof.signing' : isSet ? 'payPass.change' : 'payPass.setNow')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <ul>
          <li>{t('payPass.ruleDigits')}</li>
          <li>{t('payPass.ruleUsage')}</li>
          <li>{t('payPass.ruleLock')}</li>
        </ul>
      </Typography.Paragraph>
    </Card>
  );
}
