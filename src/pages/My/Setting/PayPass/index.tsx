/** /my/setting/pay-pass: whether a pay password is set, and the rules that protect it. */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Result, Typography } from 'antd';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';

export default function PayPassPage() {
  const t = useT();
  const user = useCurrentUser();
  const isSet = !!user?.hasPayPassword;
  return (
    <Card size="small">
      <Result
        icon={<SafetyCertificateOutlined />}
        status={isSet ? 'success' : 'info'}
        title={t(isSet ? 'payPass.set' : 'payPass.notSet')}
        subTitle={t(isSet ? 'payPass.setDescription' : 'payPass.notSetDescription')}
      />
      <Typography.Paragraph>
        <ul>
          <li>{t('payPass.ruleDigits')}</li>
          <li>{t('payPass.ruleUsage')}</li>
          <li>{t('payPass.ruleLock')}</li>
        </ul>
      </Typography.Paragraph>
    </Card>
  );
}
