/**
 * What a money-move confirmation shows, instead of the pay password field, to a signed-in user who
 * has no pay password yet: a guide to /my/setting/pay-pass, which returns to this page once set.
 */
import { Button } from 'antd';
import { Link, useLocation } from '@umijs/max';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import StatusBlock from './StatusBlock';

/** True for a signed-in user without a pay password (show PayPasswordRequired, not the field). */
export function useNeedsPayPassword(): boolean {
  const user = useCurrentUser();
  return !!user && !user.hasPayPassword;
}

export default function PayPasswordRequired() {
  const t = useT();
  const location = useLocation();
  return (
    <StatusBlock
      status="info"
      title={t('payPass.requiredTitle')}
      description={t('payPass.notSetDescription')}
      action={
        <Link to={`/my/setting/pay-pass?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
          <Button type="primary">{t('payPass.goSet')}</Button>
        </Link>
      }
    />
  );
}
