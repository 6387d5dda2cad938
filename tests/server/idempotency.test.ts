/**
 * Idempotency-Key on money-moving POSTs: 50 parallel identical requests with one key → one effect
 * and identical responses; the same key with another body → 409; a refused request stores
 * nothing, so the key can be used again; keys are per user.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './support/app';
import { balanceOf, deposit, startWithAliceAndBob, transfer, type MoneyUser } from './support/ledger';
import { checkLedger } from '../../server/ledger/invariants';

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

  it('stores nothing for a refused request, so the same key works once it can succeed', async () => {
    const key = randomUUID();
    const refused = await transfer(t.app, alice, { to: bob.uid, amount: '900' }, key);
    expect(refused.statusCode).toBe(422);
    await deposit(t.db, t.clock, alice, '1000');
    const retried = await transfer(t.app, alice, { to: bob.uid, amount: '900' }, key);
    expect(retried.statusCode).toBe(200);
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
