/** 详情: a withdrawal's own page (its timeline, hash and explorer link), from the history and /my/records. */
import { Link } from '@umijs/max';
import { useT } from '@/hooks/useT';

export default function DetailLink({ id }: { id: string }) {
  const t = useT();
  return (
    <Link to={`/my/withdraw/${id}`} style={{ fontSize: 12, minHeight: 24, display: 'inline-flex', alignItems: 'center' }} data-testid="withdrawal-detail-link">
      {t('withdraw.detailLink')}
    </Link>
  );
}
