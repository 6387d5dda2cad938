/**
 * Idempotency-Key on money-moving POSTs, as Stripe does it: 50 parallel identical requests with one
 * key → one effect and identical responses; the same key with another body → 409; a replay says
 * `Idempotent-Replayed: true`; the first outcome is kept, a business refusal included (the attack:
 * a key that got 422 used to return 200 after a deposit); bad input and a wrong pay password are
 * not kept; keys expire after 24 h; keys are per user.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './support/app';
import { balanceOf, deposit, startWithAliceAndBob, transfer, type MoneyUser } from './support/ledger';
import { checkLedger } from '../../server/ledger/invariants';
import { insertSku, newBuyer, stockOf } from './mall.fixture';
import { call } from './products.fixture';
import { TEST_HOST } from './support/siwe';

let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
beforeAll(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob('500'));
});
afterAll(async () => t.close());

const transferCount = async () => Number((await t.db.selectFrom('transfers').select(sql<bigint>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

describe('Idempotency-Key', () => {
  it('turns 50 parallel identical requests into one effect with identical responses', async () => {
    const key = randomUUID();
    const before = await transferCount();
    const responses = await Promise.all(Array.from({ length: 50 }, () => transfer(t.app, alice, { to: bob.uid, amount: '12' }, key)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const bodies = responses.map((r) => JSON.stringify(r.json().data));
    expect(new Set(bodies).size).toBe(1);
    expect(await transferCount()).toBe(before + 1);
    expect(await balanceOf(t.app, alice)).toBe('487');
    expect(await balanceOf(t.app, bob)).toBe('12');
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('answers a later retry with the first response, and 409 for the same key with another body', async () => {
    const key = randomUUID();
    const first = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, key);
    const again = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, key);
    expect(again.json().data).toEqual(first.json().data);
    const other = await transfer(t.app, alice, { to: bob.uid, amount: '11' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ success: false, errCode: 'IDEMPOTENCY_CONFLICT', errMessage: '相同的冪等鍵已用於不同的請求內容' });
    expect(await balanceOf(t.app, alice)).toBe('476');
  });

  it('marks a replay with Idempotent-Replayed: true, and only a replay', async () => {
    const key = randomUUID();
    const first = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    expect((await transfer(t.app, alice, { to: bob.uid, amount: '10' })).headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps the first outcome, a refusal included: a key that got 422 still gets 422 after a deposit, and nothing moves', async () => {
    const key = randomUUID();
    const aliceBefore = await balanceOf(t.app, alice);
    const count = await transferCount();
    const refused = await transfer(t.app, alice, { to: bob.uid, amount: '5000' }, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['idempotent-replayed']).toBeUndefined();
    await deposit(t.db, t.clock, alice, '10000');
    const replayed = await transfer(t.app, alice, { to: bob.uid, amount: '5000' }, key);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toMatchObject({ success: false, errCode: refused.json().errCode, errMessage: refused.json().errMessage });
    expect(await transferCount()).toBe(count);
    expect(await balanceOf(t.app, alice)).toBe(String(Number(aliceBefore) + 10000));
    // a new key is a new attempt
    expect((await transfer(t.app, alice, { to: bob.uid, amount: '5000' }, randomUUID())).statusCode).toBe(200);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('does not keep what never started executing: bad input (400) and a wrong pay password may be retried with the key', async () => {
    const key = randomUUID();
    const bad = await transfer(t.app, alice, { to: bob.uid, amount: '-1' }, key);
    expect(bad.statusCode).toBe(400);
    const wrongPassword = await transfer(t.app, alice, { to: bob.uid, amount: '10', payPassword: '000000' }, key);
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errCode).toBe('PAY_PASSWORD_WRONG');
    const fixed = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, key);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets a key after 24 hours: the same key then acts again', async () => {
    const key = randomUUID();
    const count = await transferCount();
    expect((await transfer(t.app, alice, { to: bob.uid, amount: '10' }, key)).statusCode).toBe(200);
    const saved = t.clock.now();
    try {
      t.clock.advance(24 * 3600 * 1000 - 1000);
      const within = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, key);
      expect(within.headers['idempotent-replayed']).toBe('true');
      expect(await transferCount()).toBe(count + 1);
      t.clock.advance(1000);
      const after = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, key);
      expect(after.statusCode).toBe(200);
      expect(after.headers['idempotent-replayed']).toBeUndefined();
      expect(await transferCount()).toBe(count + 2);
    } finally {
      t.clock.set(saved);
    }
  });

  it('keeps keys per user and never stores the pay password', async () => {
    const key = randomUUID();
    await deposit(t.db, t.clock, bob, '100');
    expect((await transfer(t.app, alice, { to: bob.uid, amount: '10' }, key)).statusCode).toBe(200);
    const bobs = await transfer(t.app, bob, { to: alice.uid, amount: '10' }, key);
    expect(bobs.statusCode).toBe(200);
    expect(bobs.json().data.counterpartyUid).toBe(alice.uid);
    const stored = await t.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored.map((s) => ({ ...s, user_id: String(s.user_id), created_at: String(s.created_at) })))).not.toContain('246810');
  });

  it('refuses a malformed key with 400', async () => {
    const response = await transfer(t.app, alice, { to: bob.uid, amount: '10' }, 'not a valid key!');
    expect(response.statusCode).toBe(400);
    expect(response.json().errMessage).toContain('Idempotency-Key');
  });
});

describe('order-creating POSTs take the key too', () => {
  const ADDRESS = { receiver: '李四', phone: '13900139000', region: { province: '广东省', city: '深圳市', district: '福田区' }, detail: '福华路 2 号', isDefault: false };

  it('mall checkout: a retried checkout is the same order, marked as a replay, with the stock held once', async () => {
    const buyer = await newBuyer(t, '100');
    const skuId = await insertSku(t, { price: '10', stock: 5 });
    const key = randomUUID();
    const first = await call(t, buyer, 'POST', '/mall/order/create', { skuId, quantity: 2, addressId: buyer.addressId }, key);
    expect(first.status).toBe(200);
    const again = await t.app.inject({
      method: 'POST', url: '/api/v1/web/mall/order/create',
      headers: { authorization: `Bearer ${buyer.token}`, host: TEST_HOST, 'idempotency-key': key },
      payload: { skuId, quantity: 2, addressId: buyer.addressId },
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.body.data);
    expect(await stockOf(t, skuId)).toBe(3);
    expect((await call(t, buyer, 'POST', '/mall/order/create', { skuId, quantity: 3, addressId: buyer.addressId }, key)).status).toBe(409);
  });

  it('address create: a retry adds no second address and is marked as a replay', async () => {
    const buyer = await newBuyer(t, '0');
    const key = randomUUID();
    const first = await call(t, buyer, 'POST', '/user/address/create', ADDRESS, key);
    expect(first.status).toBe(200);
    const again = await t.app.inject({
      method: 'POST', url: '/api/v1/web/user/address/create',
      headers: { authorization: `Bearer ${buyer.token}`, host: TEST_HOST, 'idempotency-key': key },
      payload: ADDRESS,
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.body.data);
    const count = await t.db.selectFrom('addresses').select(sql<bigint>`count(*)`.as('n')).where('user_id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2); // newBuyer's own and this one
  });
});

