/**
 * The ledger core: balanced postings only, a user balance never below zero, system accounts may
 * go negative, the journal is append-only (UPDATE/DELETE refused by the database), and the
 * invariants hold after a random workload of deposits, transfers, conversions and failing
 * requests (fast-check).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './support/app';
import { convert, deposit, newUser, quote, transfer, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { systemOwner, userOwner } from '../../server/ledger/accounts';
import { checkLedger } from '../../server/ledger/invariants';
import { runMoneyTransaction } from '../../server/ledger/moneyTransaction';
import { post, UnbalancedPostingError } from '../../server/ledger/post';
import { toUnits } from '../../contract/rules/money';

let t: TestApp;
let users: MoneyUser[];
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  users = [];
  for (let i = 0; i < 4; i += 1) users.push(await newUser(t.app, t.db, t.clock));
});
afterAll(async () => t.close());

const entryCount = async () => Number((await t.db.selectFrom('ledger_entries').select(sql<bigint>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

describe('post', () => {
  it('refuses lines that do not sum to zero per currency, writing nothing', async () => {
    const before = await entryCount();
    await expect(
      runMoneyTransaction(t.db, (trx) =>
        post(trx, {
          ref: 'test:unbalanced',
          now: t.clock.now(),
          lines: [
            { owner: userOwner(users[0].userId), currency: 'USDT', amount: 5n, type: 'deposit' },
            { owner: systemOwner('deposits'), currency: 'BTC', amount: -5n, type: 'deposit' },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(UnbalancedPostingError);
    expect(await entryCount()).toBe(before);
  });

  it('refuses a user balance below zero (422) and rolls everything back; system accounts may go negative', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const before = await entryCount();
    const spend = (amount: bigint) =>
      runMoneyTransaction(t.db, (trx) =>
        post(trx, {
          ref: 'test:spend',
          now: t.clock.now(),
          lines: [
            { owner: systemOwner('deposits'), currency: 'USDT', amount: -amount, type: 'deposit' },
            { owner: userOwner(user.userId), currency: 'USDT', amount, type: 'deposit' },
            { owner: userOwner(user.userId), currency: 'USDT', amount: -2n * amount, type: 'mall_payment' },
            { owner: systemOwner('mall'), currency: 'USDT', amount: 2n * amount, type: 'mall_payment' },
          ],
        }),
      );
    await expect(spend(toUnits('1'))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', statusCode: 422 });
    expect(await entryCount()).toBe(before);
    const posted = await runMoneyTransaction(t.db, (trx) =>
      post(trx, {
        ref: 'test:deposit',
        now: t.clock.now(),
        lines: [
          { owner: systemOwner('deposits'), currency: 'USDT', amount: -toUnits('3'), type: 'deposit' },
          { owner: userOwner(user.userId), currency: 'USDT', amount: toUnits('3'), type: 'deposit' },
        ],
      }),
    );
    expect(posted.map((e) => e.balanceAfter)).toEqual([expect.any(BigInt), toUnits('3')]);
    expect(posted[0].balanceAfter).toBeLessThan(0n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('moves money between the available and frozen buckets of one account, both valued', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    await deposit(t.db, t.clock, user, '10');
    await runMoneyTransaction(t.db, (trx) =>
      post(trx, {
        ref: 'test:freeze',
        now: t.clock.now(),
        lines: [
          { owner: userOwner(user.userId), currency: 'USDT', amount: -toUnits('4'), type: 'finance_subscribe' },
          { owner: userOwner(user.userId), currency: 'USDT', amount: toUnits('4'), type: 'finance_subscribe', bucket: 'frozen' },
        ],
      }),
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/account/account?currency=USDT', headers: bearer(user.token) });
    expect(response.json().data).toEqual({ totalUsdt: '10', totalPartial: false, balances: [{ currency: 'USDT', available: '6', frozen: '4', priceUsdt: '1', valueUsdt: '10', priceAt: null, priceDemo: false }] });
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('returns the entries in line order (id, account, balance after) as stored', async () => {
    const [a, b] = [await newUser(t.app, t.db, t.clock, { payPassword: null }), await newUser(t.app, t.db, t.clock, { payPassword: null })];
    await deposit(t.db, t.clock, a, '10');
    const posted = await runMoneyTransaction(t.db, (trx) =>
      post(trx, {
        ref: 'test:order',
        now: t.clock.now(),
        lines: [
          { owner: userOwner(a.userId), currency: 'USDT', amount: -toUnits('3'), type: 'transfer_out' },
          { owner: userOwner(b.userId), currency: 'USDT', amount: toUnits('3'), type: 'transfer_in' },
          { owner: userOwner(a.userId), currency: 'USDT', amount: -toUnits('1'), type: 'transfer_fee' },
          { owner: systemOwner('fees'), currency: 'USDT', amount: toUnits('1'), type: 'transfer_fee' },
        ],
      }),
    );
    const stored = await t.db
      .selectFrom('ledger_entries')
      .select(['id', 'account_id', 'amount', 'balance_after'])
      .where('id', 'in', posted.map((e) => e.id))
      .orderBy('id')
      .execute();
    expect(stored).toEqual(posted.map((e) => ({ id: e.id, account_id: e.accountId, amount: e.line.amount, balance_after: e.balanceAfter })));
    expect(posted.slice(0, 3).map((e) => e.balanceAfter)).toEqual([toUnits('7'), toUnits('3'), toUnits('6')]);
    expect(posted[0].accountId).toBe(posted[2].accountId);
  });

  it('locks accounts in one order: opposite postings at once all succeed without a retry', async () => {
    const [a, b] = [await newUser(t.app, t.db, t.clock, { payPassword: null }), await newUser(t.app, t.db, t.clock, { payPassword: null })];
    await deposit(t.db, t.clock, a, '100');
    await deposit(t.db, t.clock, b, '100');
    const move = (from: MoneyUser, to: MoneyUser, i: number) =>
      // no runMoneyTransaction: a deadlock (40P01) would fail the test instead of being retried
      t.db.transaction().execute((trx) =>
        post(trx, {
          ref: `test:opposite:${i}`,
          now: t.clock.now(),
          lines: [
            { owner: userOwner(from.userId), currency: 'USDT', amount: -1n, type: 'transfer_out' },
            { owner: userOwner(to.userId), currency: 'USDT', amount: 1n, type: 'transfer_in' },
          ],
        }),
      );
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? move(a, b, i) : move(b, a, i))));
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('makes missing accounts in that order too: postings that make the same new accounts at once, listed either way round, all succeed without a retry', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = [await newUser(t.app, t.db, t.clock, { payPassword: null }), await newUser(t.app, t.db, t.clock, { payPassword: null })];
      const credit = (i: number) => {
        const lines = [
          { owner: userOwner(a.userId), currency: 'ETH', amount: 1n, type: 'transfer_in' as const },
          { owner: userOwner(b.userId), currency: 'ETH', amount: 1n, type: 'transfer_in' as const },
        ];
        // no runMoneyTransaction: a deadlock (40P01) would fail the test instead of being retried
        return t.db.transaction().execute((trx) =>
          post(trx, {
            ref: `test:new-accounts:${round}:${i}`,
            now: t.clock.now(),
            lines: [...(i % 2 ? lines : lines.reverse()), { owner: systemOwner('fees'), currency: 'ETH', amount: -2n, type: 'transfer_fee' }],
          }),
        );
      };
      await Promise.all(Array.from({ length: 10 }, (_, i) => credit(i)));
      const accounts = await t.db.selectFrom('ledger_accounts').select('available').where('user_id', 'in', [a.userId, b.userId]).where('currency', '=', 'ETH').execute();
      expect(accounts.map((account) => account.available)).toEqual([10n, 10n]);
    }
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('has the database refuse UPDATE and DELETE of journal rows', async () => {
    await deposit(t.db, t.clock, users[0], '50');
    const entry = await t.db.selectFrom('ledger_entries').select(['id', 'amount']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await expect(t.db.updateTable('ledger_entries').set({ amount: 1n }).where('id', '=', entry.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('ledger_entries').where('id', '=', entry.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_entries`.execute(t.db)).rejects.toThrow(/append-only/);
    const after = await t.db.selectFrom('ledger_entries').select('amount').where('id', '=', entry.id).executeTakeFirstOrThrow();
    expect(after.amount).toBe(entry.amount);
  });

  it('has the database refuse a negative user balance even if code forgot to check', async () => {
    await expect(
      t.db.updateTable('ledger_accounts').set({ available: -1n }).where('user_id', '=', users[0].userId).execute(),
    ).rejects.toThrow(/constraint|check/i);
  });
});

/* ---------- random workload ---------- */

type Command =
  | { kind: 'deposit'; user: number; amount: string }
  | { kind: 'transfer'; from: number; to: number; amount: string; currency: 'USDT' | 'BTC' }
  | { kind: 'convert'; user: number; from: 'USDT' | 'BTC'; amount: string; expire: boolean }
  | { kind: 'unknownRecipient'; user: number }
  | { kind: 'badAmount'; user: number };

const decimal = (maxWhole: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 99_999_999 })).map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`);
const who = fc.integer({ min: 0, max: 3 });

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: who, amount: decimal(500).filter((a) => toUnits(a) >= toUnits('10')) }),
  fc.record({ kind: fc.constant('transfer' as const), from: who, to: who, amount: decimal(400), currency: fc.constantFrom('USDT' as const, 'BTC' as const) }),
  fc.record({ kind: fc.constant('transfer' as const), from: who, to: who, amount: fc.constantFrom('0.0002', '0.001', '0.00123456'), currency: fc.constant('BTC' as const) }),
  fc.record({ kind: fc.constant('convert' as const), user: who, from: fc.constant('USDT' as const), amount: decimal(300), expire: fc.boolean() }),
  fc.record({ kind: fc.constant('convert' as const), user: who, from: fc.constant('BTC' as const), amount: fc.constantFrom('0.0002', '0.0005', '0.0031'), expire: fc.constant(false) }),
  fc.record({ kind: fc.constant('unknownRecipient' as const), user: who }),
  fc.record({ kind: fc.constant('badAmount' as const), user: who }),
);

async function run(c: Command): Promise<number> {
  switch (c.kind) {
    case 'deposit':
      await deposit(t.db, t.clock, users[c.user], c.amount);
      return 200;
    case 'transfer':
      return (await transfer(t.app, users[c.from], { to: users[c.to].uid, amount: c.amount, currency: c.currency })).statusCode;
    case 'unknownRecipient':
      return (await transfer(t.app, users[c.user], { to: '1', amount: '10' })).statusCode;
    case 'badAmount':
      return (await transfer(t.app, users[c.user], { to: users[(c.user + 1) % 4].uid, amount: '10.123456789' })).statusCode;
    case 'convert': {
      const to = c.from === 'USDT' ? 'BTC' : 'USDT';
      const quoted = await quote(t.app, users[c.user], { from: c.from, to, amount: c.amount });
      if (quoted.statusCode !== 200) return quoted.statusCode;
      if (c.expire) t.clock.advance(31_000);
      return (await convert(t.app, users[c.user], quoted.json().data.quoteId)).statusCode;
    }
  }
}

describe('random workload (property)', () => {
  it('keeps every currency summing to zero, every balance equal to its entries, none negative', async () => {
    const statuses = new Set<number>();
    const succeeded = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (randomCommands) => {
        // every run starts with a deposit and a conversion that can succeed, so the workload surely
        // mixes all three kinds of success whatever the random draw
        const commands: Command[] = [
          { kind: 'deposit', user: 0, amount: '100' },
          { kind: 'convert', user: 0, from: 'USDT', amount: '20', expire: false },
          ...randomCommands,
        ];
        for (const c of commands) {
          const status = await run(c);
          statuses.add(status);
          if (status === 200) succeeded.add(c.kind);
          expect([200, 400, 404, 422]).toContain(status);
        }
        const report = await checkLedger(t.db);
        expect(report.problems).toEqual([]);
        expect(Object.values(report.currencySums).every((sum) => sum === 0n)).toBe(true);
        const negative = await t.db.selectFrom('ledger_accounts').select('id').where('user_id', 'is not', null).where((eb) => eb.or([eb('available', '<', 0n), eb('frozen', '<', 0n)])).execute();
        expect(negative).toEqual([]);
      }),
      { numRuns: 12 },
    );
    // the workload really mixed successes and refusals
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 422]));
    expect([...succeeded]).toEqual(expect.arrayContaining(['deposit', 'transfer', 'convert']));
  });
});
