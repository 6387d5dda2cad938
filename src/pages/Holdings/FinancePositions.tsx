/**
 * The finance positions still held (pending or active orders): principal, rate, interest so far and
 * the estimated interest at maturity (the same daily-interest rule the settlement pays).
 */
import type { FinanceOrderType } from '../../../contract/product';
import { interestOverLock } from '../../../contract/rules/financeInterest';
import FieldList from '@/components/FieldList';
import InfiniteList, { type PageRequest } from '@/components/InfiniteList';
import Money from '@/components/Money';
import { fromUnits, toUnits } from '../../../contract/rules/money';
import TitleWithStatus from '@/components/TitleWithStatus';
import { useT } from '@/hooks/useT';
import { productApi } from '@/services';
import { financeOrderFields } from '@/components/products/financeOrderFields';

async function heldOrders(query: PageRequest) {
  const active = await productApi.financeOrders({ ...query, status: 'active' });
  // pending orders (bought today) are few; show them with the first page (the list follows the
  // active orders' nextCursor; neither list is counted: count=false)
  if (query.page > 1 || query.cursor !== undefined) return active;
  const pending = await productApi.financeOrders({ page: 1, pageSize: 100, status: 'pending', count: false });
  return { ...active, list: [...pending.list, ...active.list] };
}

function estimatedInterest(order: FinanceOrderType): string {
  return fromUnits(interestOverLock(toUnits(order.principal), toUnits(order.annualRate), order.lockDays));
}

export default function FinancePositions() {
  const t = useT();
  return (
    <InfiniteList
      fetchPage={heldOrders}
      rowKey={(order) => order.id}
      emptyText={t('assets.noFinance')}
      renderItem={(order) => (
        <FieldList
          title={<TitleWithStatus title={order.title} prefix="order.status" status={order.status} />}
          fields={[
            ...financeOrderFields(t, order),
            [t('assets.estimatedInterest'), <Money value={estimatedInterest(order)} currency={order.currency} places={2} />],
            [t('assets.maturityDate'), order.maturityDate],
          ]}
        />
      )}
    />
  );
}
