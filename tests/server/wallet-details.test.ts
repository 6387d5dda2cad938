/**
 * The user's ledger entries (/user/wallet/details): signed amounts with balance after, filters by
 * type, currency and display-time dates, paging (by page and by cursor), never another user's
 * entries, and fast pages at 100 000 entries.
 */
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './support/app';
import { deposit, DETAILS_URL, newUser, transfer, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { ownerKey, userOwner } from '../../server/ledger/accounts';

let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
// 2026-03-01 10:00 and 2026-03-03 10:00 at UTC+8 (the display offset)
const MARCH_1 = Date.parse('2026-03-01T02:00:00Z');
const MARCH_3 = Date.parse('2026-03-03T02:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  alice = await newUser(t.app, t.db, t.clock);
  bob = await newUser(t.app, t.db, t.clock);
  t.clock.set(MARCH_1);
  await deposit(t.db, t.clock, alice, '100');
  t.clock.set(MARCH_3);
  await deposit(t.db, t.clock, alice, '0.02', 'ETH');
  expect((await transfer(t.app, alice, { to: bob.uid, amount: '30' })).statusCode).toBe(200);
});
afterAll(async () => t.close());

interface Entry { id: string; type: string; currency: string; amount: string; balanceAfter: string; remark: string; createdAt: string }
const details = async (user: MoneyUser, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `${DETAILS_URL}${query}`, headers: bearer(user.token) });
  expect(response.statusCode).toBe(200);
  return response.json().data as { list: Entry[]; total: number; page: number; pageSize: number };
};

describe('wallet details', () => {
  it('lists every entry of the user, newest first, signed, with the balance after', async () => {
    const page = await details(alice);
    expect(page.total).toBe(4);
    expect(page.list.map((e) => [e.type, e.currency, e.amount, e.balanceAfter])).toEqual([
      ['transfer_fee', 'USDT', '-1', '69'],
      ['transfer_out', 'USDT', '-30', '70'],
      ['deposit', 'ETH', '0.02', '0.02'],
      ['deposit', 'USDT', '100', '100'],
    ]);
    expect(page.list[1].remark).toBe(`uid ${bob.uid}`);
    expect(page.list[3].createdAt).toBe('2026-03-01 10:00:00');
  });

  it('filters by type, currency and date (display time zone)', async () => {
    expect((await details(alice, '?type=deposit')).list.map((e) => e.currency)).toEqual(['ETH', 'USDT']);
    expect((await details(alice, '?currency=ETH')).list.map((e) => e.amount)).toEqual(['0.02']);
    expect((await details(alice, '?currency=BTC')).total).toBe(0);
    expect((await details(alice, '?from=2026-03-01&to=2026-03-01')).list.map((e) => e.amount)).toEqual(['100']);
    expect((await details(alice, '?from=2026-03-02')).total).toBe(3);
    expect((await details(alice, '?to=2026-02-28')).total).toBe(0);
    expect((await details(alice, '?type=transfer_out&currency=USDT&from=2026-03-03&to=2026-03-03')).list.map((e) => e.amount)).toEqual(['-30']);
  });

  it('pages', async () => {
    const first = await details(alice, '?page=1&pageSize=3');
    const second = await details(alice, '?page=2&pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.list).toHaveLength(3);
    expect(second.list).toHaveLength(1);
    expect(new Set([...first.list, ...second.list].map((e) => e.id)).size).toBe(4);
  });

  it('never returns another user\'s entries', async () => {
    const page = await details(bob);
    expect(page.list.map((e) => [e.type, e.amount])).toEqual([['transfer_in', '30']]);
    const stranger = await newUser(t.app, t.db, t.clock, { payPassword: null });
    expect((await details(stranger)).total).toBe(0);
    expect((await details(stranger, '?currency=USDT')).total).toBe(0);
  });

  it('refuses an unknown type with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${DETAILS_URL}?type=bogus`, headers: bearer(alice.token) });
    expect(response.statusCode).toBe(400);
  });
});

describe('at 100 000 entries', () => {
  const ENTRIES = 100_000;
  const CHUNK = 1_000;

  it('serves first, deep and filtered pages fast', async () => {
    const heavy = await newUser(t.app, t.db, t.clock, { payPassword: null });
    await deposit(t.db, t.clock, heavy, '1000');
    const account = await t.db.selectFrom('ledger_accounts').select('id').where('owner', '=', ownerKey(userOwner(heavy.userId))).executeTakeFirstOrThrow();
    const { id: transactionId } = await t.db.insertInto('ledger_transactions').values({ ref: 'test:bulk', created_at: BigInt(MARCH_3) }).returning('id').executeTakeFirstOrThrow();
    // bulk rows straight into the journal: only the read path is measured here
    for (let start = 0; start < ENTRIES; start += CHUNK) {
      await t.db
        .insertInto('ledger_entries')
        .values(
          Array.from({ length: CHUNK }, (_, i) => ({
            transaction_id: transactionId, account_id: account.id, user_id: heavy.userId, currency: 'USDT', bucket: 'available' as const,
            amount: 1n, balance_after: BigInt(start + i), type: (start + i) % 10 === 0 ? 'commission' : 'power_output', remark: '',
            created_at: BigInt(MARCH_3 + (start + i) * 1000),
          })),
        )
        .execute();
    }
    // as autovacuum (PostgreSQL) or `PRAGMA optimize` (SQLite) would after such a load
    await sql`analyze ledger_entries`.execute(t.db);
    const timed = async (query: string) => {
      const started = performance.now();
      const page = await details(heavy, query);
      return { page, ms: performance.now() - started };
    };
    await timed('?page=1'); // warm-up
    // the cursor of the last page but two, as a walk by cursor would reach it
    const oldest = await t.db.selectFrom('ledger_entries').select((eb) => eb.fn.min('id').as('id')).where('user_id', '=', heavy.userId).executeTakeFirstOrThrow();
    const deepCursor = String(BigInt(oldest.id!) + 60n);
    const results = {
      first: await timed('?page=1&pageSize=20'),
      deep: await timed(`?page=${ENTRIES / 20}&pageSize=20`),
      byType: await timed('?type=commission&page=200&pageSize=20'),
      byCurrency: await timed('?currency=USDT&page=2500&pageSize=20'),
      byDate: await timed('?from=2026-03-04&page=10&pageSize=20'),
      deepByCursor: await timed(`?cursor=${deepCursor}&pageSize=20`),
    };
    expect(results.first.page.total).toBe(ENTRIES + 1);
    expect(results.deep.page.list).toHaveLength(20);
    // the 20 entries before the cursor, newest first, and a cursor to the rest
    expect(results.deepByCursor.page.list.map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => String(BigInt(deepCursor) - 1n - BigInt(i))));
    expect((results.deepByCursor.page as { nextCursor?: string }).nextCursor).toBe(String(BigInt(deepCursor) - 20n));
    expect(results.byType.page.total).toBe(ENTRIES / 10);
    expect(results.byType.page.list.every((e) => e.type === 'commission')).toBe(true);
    for (const [name, { ms }] of Object.entries(results)) {
      // a generous bound for a loaded 2-core box: it catches pathological regressions (loading or sorting every row in code)
      expect({ name, fast: ms < 1000 }).toEqual({ name, fast: true });
    }
    console.info(`wallet details at ${ENTRIES} entries (${t.testDb.kind}):`, Object.fromEntries(Object.entries(results).map(([k, v]) => [k, `${v.ms.toFixed(1)} ms`])));
  }, 180_000);
});
