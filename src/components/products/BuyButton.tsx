/** The button under a product card: buy when signed in and on sale, else sign in first. */
import { Button } from 'antd';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { goToLogin } from '@/utils/loginRedirect';

export default function BuyButton({ label, onSale, onBuy }: { label: string; onSale: boolean; onBuy: () => void }) {
  const t = useT();
  const user = useCurrentUser();
  if (!user) {
    return (
      <Button block onClick={goToLogin}>
        {t('buy.signIn')}
      </Button>
    );
  }
  return (
    <Button type="primary" block disabled={!onSale} onClick={onBuy}>
      {label}
    </Button>
  );
}
