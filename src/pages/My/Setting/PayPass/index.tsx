/**
 * /my/setting/pay-pass: set the pay password (typed twice, must match) or change it (current one,
 * then the new one twice). The same 6-digit rule as the server; the server's message otherwise.
 * At submit the wallet that signed in signs a fresh proof ("Set pay password for PowerFi"): the
 * server refuses the change with the session token alone. `?redirect=/my/transfer` returns there
 * once saved (the guide from a money move without one).
 */
import { SafetyCertificateOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Result, Typography } from 'antd';
import PayPasswordField, { PayPasswordFields } from '@/components/PayPasswordField';
import NewPayPasswordFields from './NewPayPasswordFields';
import { useSignedSave } from './useSignedSave';
import WalletProofError from '../../components/WalletProofError';
import { useT } from '@/hooks/useT';
import { userApi } from '@/services';
import { proveWallet } from '@/wallet/stepUp';

interface Values {
  oldPassword?: string;
  newPassword: string;
  repeatPassword: string;
}

export default function PayPassPage() {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const { user, saving, walletError, save: signedSave } = useSignedSave(form);
  const isSet = !!user?.hasPayPassword;

  const save = ({ oldPassword, newPassword }: Values) =>
    signedSave(
      () => proveWallet(isSet ? 'payPassword.change' : 'payPassword.set', user!.address),
      async (proof) => {
        await userApi.payPass(isSet ? { oldPassword, newPassword, proof } : { newPassword, proof });
        return t(isSet ? 'payPass.changed' : 'payPass.saved');
      },
    );

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
