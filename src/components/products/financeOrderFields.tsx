/** A finance order's principal, annual rate and interest so far: the history's and the positions' first fields. */
import type { FinanceOrderType } from '../../../contract/product';
import type { Field } from '@/components/FieldList';
import Money from '@/components/Money';

export function financeOrderFields(t: (id: string) => string, order: FinanceOrderType): Field[] {
  return [
    [t('history.principal'), <Money value={order.principal} currency={order.currency} />],
    [t('product.finance.annualRate'), `${order.annualRate}%`],
    [t('history.interest'), <Money value={order.interestEarned} currency={order.currency} />],
  ];
}
