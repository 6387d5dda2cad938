/**
 * requestKeys, the key rule of the checkout and the address save: the same request retried after
 * no answer keeps its Idempotency-Key (the server replays, nothing is created twice); once the
 * server answered, success or refusal, the next call gets a new key (the server keeps a key's
 * first answer for 24 h, so "insufficient balance" would otherwise be replayed after a deposit).
 */
import { requestKeys, serverAnswered, withRequestKey } from '@/services/idempotencyKey';

const noAnswer = Object.assign(new Error('timeout of 30000ms exceeded'), { code: 'ECONNABORTED' });
const refusal = Object.assign(new Error('可用餘額不足'), { name: 'BizError', response: { status: 422 } });

async function keyOf(keys: ReturnType<typeof requestKeys>, request: object, outcome?: Error): Promise<string> {
  let sent = '';
  await withRequestKey(keys, request, async (key) => {
    sent = key;
    if (outcome) throw outcome;
  }).catch(() => undefined);
  return sent;
}

it('tells an answered failure from a call that got no answer', () => {
  expect(serverAnswered(refusal)).toBe(true);
  expect(serverAnswered({ response: { status: 502 } })).toBe(true);
  expect(serverAnswered(noAnswer)).toBe(false);
  expect(serverAnswered(undefined)).toBe(false);
});

it('keeps the key of a request retried after no answer, labelled', async () => {
  const keys = requestKeys('mall-order');
  const first = await keyOf(keys, { skuId: '1', quantity: 2 }, noAnswer);
  expect(first).toMatch(/^mall-order-[0-9a-f]{32}$/);
  expect(await keyOf(keys, { skuId: '1', quantity: 2 }, noAnswer)).toBe(first);
});

it('gets a new key after an answered refusal, after a success, and for another request', async () => {
  const keys = requestKeys();
  const refused = await keyOf(keys, { amount: '10' }, refusal);
  const retried = await keyOf(keys, { amount: '10' });
  expect(retried).not.toBe(refused);
  expect(await keyOf(keys, { amount: '10' }, noAnswer)).not.toBe(retried);
  const lost = await keyOf(keys, { amount: '10' }, noAnswer);
  expect(await keyOf(keys, { amount: '11' }, noAnswer)).not.toBe(lost);
});
