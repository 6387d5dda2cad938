/**
 * The parts of the Idempotency-Key rule (src/hooks/usePayAttempt.ts, tested in
 * pay-attempt.test.tsx): a fresh key, labelled or not, and telling an answered failure (the server
 * keeps that answer under the key) from a call that got no answer (its key may be retried).
 */
import { newIdempotencyKey, serverAnswered } from '@/services/idempotencyKey';

const noAnswer = Object.assign(new Error('timeout of 30000ms exceeded'), { code: 'ECONNABORTED' });
const refusal = Object.assign(new Error('可用餘額不足'), { name: 'BizError', response: { status: 422 } });

it('tells an answered failure from a call that got no answer', () => {
  expect(serverAnswered(refusal)).toBe(true);
  expect(serverAnswered(noAnswer)).toBe(false);
  expect(serverAnswered(undefined)).toBe(false);
});

it('keeps the key after a 429 or any 5xx: the server stored nothing under it, and a proxy may hide a payment that went through', () => {
  expect(serverAnswered({ response: { status: 502 } })).toBe(false);
  expect(serverAnswered({ response: { status: 504 } })).toBe(false);
  expect(serverAnswered(Object.assign(new Error('服務器錯誤'), { name: 'BizError', response: { status: 500 } }))).toBe(false);
  expect(serverAnswered(Object.assign(new Error('請求過於頻繁'), { name: 'BizError', info: { httpStatusCode: 429 } }))).toBe(false);
  expect(serverAnswered(Object.assign(new Error('支付密碼錯誤'), { name: 'BizError', info: { httpStatusCode: 403 } }))).toBe(true);
});

it('takes status 0 for no answer: the browser\'s failed request, which axios reports with a response', () => {
  const lost = Object.assign(new Error('Network Error'), { name: 'AxiosError', code: 'ERR_NETWORK', response: { status: 0, data: '' } });
  expect(serverAnswered(lost)).toBe(false);
});

it('makes a fresh key each time, after its label when given', () => {
  const first = newIdempotencyKey();
  expect(first).toMatch(/^[0-9a-f]{32}$/);
  expect(newIdempotencyKey()).not.toBe(first);
  expect(newIdempotencyKey('mall-order')).toMatch(/^mall-order-[0-9a-f]{32}$/);
});
