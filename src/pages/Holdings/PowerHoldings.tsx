/** The signed-in user's power account per coin, loaded from the service, with its loading and empty states. */
import { useRequest } from 'ahooks';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';
import AsyncContent from '@/components/AsyncContent';
import PowerCoinList from '@/components/products/PowerCoinList';

export default function PowerHoldings() {
  const t = useT();
  const ready = !!useCurrentUser();
  const power = useRequest(() => accountApi.powerDetail(), { ready });
  return (
    <AsyncContent
      loading={power.loading}
      error={power.error}
      onRetry={power.refresh}
      empty={!power.data?.coins.length}
      emptyText={t('calculate.assets.noPower')}
    >
      <PowerCoinList coins={power.data?.coins ?? []} />
    </AsyncContent>
  );
}
