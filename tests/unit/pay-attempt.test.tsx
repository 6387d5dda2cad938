/**
 * usePayAttempt, the Idempotency-Key rule of every money move: the same request with the same
 * password keeps its Idempotency-Key, another password or request gets a new one, so does the
 * attempt after a success or an answered refusal; what an attempt made once (a wallet proof) is
 * reused by its retries and made anew after an answer; two requests of one try (an order and its
 * payment) each keep their key; and a second submit while one is in flight is ignored.
 */
import { act, renderHook } from '@testing-library/react';
import { usePayAttempt, type KeyFor, type OnceFor } from '@/hooks/usePayAttempt';

type Request = { amount: string; coin?: string };

function attempts(label?: (request?: Request) => string) {
  const { result } = renderHook(() => usePayAttempt<Request>(label));
  /** one attempt with this password and request that fails (or succeeds); resolves to its key */
  const attempt = async (password: string, request: Request, succeeds = false) => {
    let key = '';
    await act(async () => {
      await result.current.run(async (keyFor: KeyFor<Request>) => {
        key = keyFor(password, request);
        if (!succeeds) throw new Error('refused or no answer');
      });
    });
    return key;
  };
  return { result, attempt };
}

it('keeps the key for the same request with the same password (fields in any order)', async () => {
  const { attempt } = attempts();
  const first = await attempt('111111', { amount: '10', coin: 'BTC' });
  expect(first).toMatch(/^[0-9a-f]{32}$/);
  expect(await attempt('111111', { amount: '10', coin: 'BTC' })).toBe(first);
  expect(await attempt('111111', { coin: 'BTC', amount: '10' })).toBe(first);
});

it('gets a new key for another password or another request', async () => {
  const { attempt } = attempts();
  const first = await attempt('111111', { amount: '10' });
  const otherPassword = await attempt('123456', { amount: '10' });
  expect(otherPassword).not.toBe(first);
  const otherRequest = await attempt('123456', { amount: '11' });
  expect(otherRequest).not.toBe(otherPassword);
});

it('gets a new key for the attempt after a success, even with the same request and password', async () => {
  const { attempt } = attempts();
  const paid = await attempt('111111', { amount: '10' }, true);
  expect(await attempt('111111', { amount: '10' })).not.toBe(paid);
});

it('gets a new key after the server answered a refusal (it keeps that answer under the old key)', async () => {
  const { result } = renderHook(() => usePayAttempt<Request>());
  const keys: string[] = [];
  const refusal = Object.assign(new Error('餘額不足'), { name: 'BizError', response: { status: 422 } });
  for (let i = 0; i < 2; i += 1) {
    await act(async () => {
      await result.current.run(async (keyFor: KeyFor<Request>) => {
        keys.push(keyFor('111111', { amount: '10' }));
        throw refusal;
      });
    });
  }
  expect(keys[1]).not.toBe(keys[0]);
});

it('forgets the key on reset (a closed confirmation)', async () => {
  const { result, attempt } = attempts();
  const first = await attempt('111111', { amount: '10' });
  act(() => result.current.reset());
  expect(await attempt('111111', { amount: '10' })).not.toBe(first);
});

it('names the keys with the label of the request', async () => {
  const { attempt } = attempts((request) => `mall-pay-${request?.amount}`);
  expect(await attempt('111111', { amount: '7' })).toMatch(/^mall-pay-7-[0-9a-f]{32}$/);
});

it('ignores a second submit while one is in flight, and reports success and failure', async () => {
  const { result } = renderHook(() => usePayAttempt());
  const answers: Array<() => void> = [];
  const pay = jest.fn(() => new Promise<void>((resolve) => answers.push(resolve)));
  let first!: Promise<boolean>;
  let second!: Promise<boolean>;
  act(() => {
    first = result.current.run(pay);
    second = result.current.run(pay);
  });
  expect(pay).toHaveBeenCalledTimes(1);
  expect(result.current.busy).toBe(true);
  await act(async () => answers.forEach((answer) => answer()));
  expect(await second).toBe(false);
  expect(await first).toBe(true);
  expect(result.current.busy).toBe(false);
  // once the first is answered, the next submit goes through
  let refused!: boolean;
  await act(async () => {
    refused = await result.current.run(() => Promise.reject(new Error('wrong pay password')));
  });
  expect(refused).toBe(false);
});

const noAnswer = Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK' });
const answered = Object.assign(new Error('餘額不足'), { name: 'BizError', response: { status: 422 } });

it('makes what an attempt signs once: a retry after no answer reuses it with the key, an answer makes it anew', async () => {
  const { result } = renderHook(() => usePayAttempt<Request>());
  let signatures = 0;
  const sign = jest.fn(async () => `proof-${(signatures += 1)}`);
  const sent: Array<{ key: string; proof: string }> = [];
  const attempt = (outcome?: Error) =>
    act(async () => {
      await result.current.run(async (keyFor: KeyFor<Request>, once: OnceFor<Request>) => {
        sent.push({ key: keyFor('111111', { amount: '10' }), proof: await once('111111', { amount: '10' }, sign) });
        if (outcome) throw outcome;
      });
    });
  await attempt(noAnswer);
  await attempt(answered);
  await attempt();
  await attempt();
  expect(sent[1]).toEqual(sent[0]);
  expect(sent[0].proof).toBe('proof-1');
  // after the refusal: a new key and a new proof; after the success again
  expect(sent[2].proof).toBe('proof-2');
  expect(sent[2].key).not.toBe(sent[1].key);
  expect(sent[3].proof).toBe('proof-3');
  expect(sent[3].key).not.toBe(sent[2].key);
});

it('does not keep what failed to be made (a declined signature): the next try asks again, under the same key', async () => {
  const { result } = renderHook(() => usePayAttempt<Request>());
  const sign = jest.fn().mockRejectedValueOnce(new Error('declined')).mockResolvedValueOnce('proof');
  const keys: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    await act(async () => {
      await result.current.run(async (keyFor: KeyFor<Request>, once: OnceFor<Request>) => {
        keys.push(keyFor('111111', { amount: '10' }));
        await once('111111', { amount: '10' }, sign);
      });
    });
  }
  expect(sign).toHaveBeenCalledTimes(2);
  expect(keys[1]).toBe(keys[0]);
});

it('keeps the key of each request of one try until an answer: a checkout\'s order and its payment', async () => {
  const { result } = renderHook(() => usePayAttempt<string | Request>((request) => (typeof request === 'string' ? `pay-${request}` : 'order')));
  const tries: Array<{ order: string; pay?: string }> = [];
  const checkout = (payOutcome?: Error) =>
    act(async () => {
      await result.current.run(async (keyFor: KeyFor<string | Request>) => {
        const keys: { order: string; pay?: string } = { order: keyFor('', { amount: '10' }) };
        tries.push(keys);
        keys.pay = keyFor('111111', '42');
        if (payOutcome) throw payOutcome;
      });
    });
  await checkout(noAnswer);
  await checkout(noAnswer);
  expect(tries[0].order).toMatch(/^order-[0-9a-f]{32}$/);
  expect(tries[0].pay).toMatch(/^pay-42-[0-9a-f]{32}$/);
  expect(tries[1]).toEqual(tries[0]);
  await checkout(answered);
  await checkout();
  expect(tries[3].order).not.toBe(tries[2].order);
  expect(tries[3].pay).not.toBe(tries[2].pay);
});
