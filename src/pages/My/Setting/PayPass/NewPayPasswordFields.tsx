/** The new pay password, typed twice alike: setting, changing and resetting it. */
import PayPasswordField from '@/components/PayPasswordField';
import { useT } from '@/hooks/useT';

export default function NewPayPasswordFields() {
  const t = useT();
  return (
    <>
      <PayPasswordField name="newPassword" label={t('payPass.new')} forgotLink={false} />
      <PayPasswordField name="repeatPassword" label={t('payPass.repeat')} sameAs="newPassword" forgotLink={false} />
    </>
  );
}
