/** /calculate/history: the user's power orders, finance orders and daily power bills, each filterable and paged. */
import Tabs from '@/components/AppTabs';
import { useRequest } from 'ahooks';
import SectionTabs from '@/components/products/SectionTabs';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';
import FinanceOrders from './FinanceOrders';
import PowerBills from './PowerBills';
import PowerOrders from './PowerOrders';

export default function ProductOrdersPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  // the mined coins, for the bills' coin filter
  const power = useRequest(() => accountApi.powerDetail(), { ready });
  const coins = (power.data?.coins ?? []).map((coin) => coin.coin);
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      {ready && (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'power', label: t('history.powerOrders'), children: <PowerOrders /> },
            { key: 'finance', label: t('history.financeOrders'), children: <FinanceOrders /> },
            { key: 'bills', label: t('history.bills'), children: <PowerBills coins={coins} /> },
          ]}
        />
      )}
    </>
  );
}
