/**
 * Paying a mall order, shared by the checkout sheet and the order actions: the attempt rule of
 * usePayAttempt with the order as the request (keys `mall-pay-<order id>-…`; a retry after a
 * network failure replays the first answer instead of paying twice), and the pay call. The
 * checkout creates the order in the same attempt (keys `mall-order-…`, the order's body the request).
 */
import type { MallOrderCreateBodyType, MallOrderType } from '../../../../../contract/mall';
import { usePayAttempt, type KeyFor } from '@/hooks/usePayAttempt';
import { mallApi } from '@/services';

export function useMallPayAttempt() {
  return usePayAttempt<string | MallOrderCreateBodyType>((request) => (typeof request === 'string' ? `mall-pay-${request}` : 'mall-order'));
}

/** Pays `order` with the key the attempt's `keyFor` gives for this password and order. */
export function payMallOrder(order: Pick<MallOrderType, 'id'>, payPassword: string, keyFor: KeyFor<string>): Promise<MallOrderType> {
  return mallApi.orderPay({ id: order.id, payPassword }, { headers: { 'Idempotency-Key': keyFor(payPassword, order.id) } });
}
