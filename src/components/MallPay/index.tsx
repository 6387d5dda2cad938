/**
 * Paying a mall order, shared by the checkout sheet and the order actions: the call with the pay
 * password and an Idempotency-Key (the callers keep it by the rule of usePayAttempt: a retry after
 * a network failure replays the first answer instead of paying twice).
 */
import type { MallOrderType } from '../../../contract/mall';
import { mallApi } from '@/services';

export function payMallOrder(id: string, payPassword: string, idempotencyKey: string): Promise<MallOrderType> {
  return mallApi.orderPay({ id, payPassword }, { headers: { 'Idempotency-Key': idempotencyKey } });
}
