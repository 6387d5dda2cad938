/**
 * Paying a mall order, shared by the checkout sheet and the order actions: the pay password field
 * and the call with an Idempotency-Key. One key per order and pay attempt: a retry after a network
 * failure replays the first answer instead of paying twice.
 */
import { Form, Input } from 'antd';
import type { MallOrderType } from '../../../contract/mall';
import { useT } from '@/hooks/useT';
import { mallApi } from '@/services';

export function payMallOrder(id: string, payPassword: string, idempotencyKey: string): Promise<MallOrderType> {
  return mallApi.orderPay({ id, payPassword }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The 6-digit pay password field of a form (name `payPassword`). */
export function PayPasswordItem() {
  const t = useT();
  return (
    <Form.Item name="payPassword" label={t('mall.payPassword')} rules={[{ required: true, pattern: /^\d{6}$/, message: t('mall.payPasswordInvalid') }]}>
      <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" aria-label={t('mall.payPassword')} />
    </Form.Item>
  );
}
