/**
 * `postBatch` (server/ledger/post.ts), as daily settlement uses it: a posting of up to
 * MAX_BATCH_LINES lines in the statements of `post`, built for the batch; the system side merged;
 * every entry with its balance after; on PostgreSQL its ledger transaction, entries and balances
 * written by one statement. Past the limit, posted twice, or taking a user below zero: refused,
 * nothing written. Runs on both databases.
 */
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './support/app';
import { statementsRunBy } from './support/statements';
import { ApiError } from '../../server/http/errors';
import { systemOwner, userOwner } from '../../server/ledger/accounts';
import { checkLedger } from '../../server/ledger/invariants';
import { runMoneyTransaction } from '../../server/ledger/moneyTransaction';
import { MAX_BATCH_LINES, postBatch, type BatchPosting, type LedgerLine } from '../../server/ledger/post';

let t: TestApp;
let userIds: bigint[];
beforeAll(async () => {
  t = await startTestApp();
  const users = await t.db
    .insertInto('users')
    .values(
      Array.from({ length: MAX_BATCH_LINES }, (_, i) => ({
        uid: String(80_000_000 + i), address: `0x${(0xc000 + i).toString(16).padStart(40, '0')}`, invite_code: `PB${i}`,
        inviter_id: null, pay_password_hash: null, created_at: 0n, pay_password_changed_at: null,
      })),
    )
    .returning('id')
    .execute();
  userIds = users.map((user) => user.id);
}, 60_000);
afterAll(async () => t.close());

const count = async (table: 'ledger_entries' | 'ledger_transactions') =>
  Number((await t.db.selectFrom(table).select(sql<bigint>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

/**
 * each user of `users` paid `amount` units of BTC from the payouts account, whose side is two lines
 * (merged by postBatch into one): the users' count and two lines in all
 */
function payouts(ref: string, users: bigint[], amount: bigint): BatchPosting {
  const paid = amount * BigInt(users.length);
  const lines: LedgerLine[] = [
    ...users.map((userId): LedgerLine => ({ owner: userOwner(userId), currency: 'BTC', amount, type: 'power_output', remark: ref })),
    { owner: systemOwner('payouts'), currency: 'BTC', amount: -(paid - amount), type: 'power_output' },
    { owner: systemOwner('payouts'), currency: 'BTC', amount: -amount, type: 'power_output' },
  ];
  return { ref, now: t.clock.now(), lines, systemRemark: `${ref} ${users.length} orders` };
}

const available = async (userId: bigint) =>
  (await t.db.selectFrom('ledger_accounts').select('available').where('user_id', '=', userId).where('currency', '=', 'BTC').executeTakeFirst())?.available ?? 0n;

it('posts MAX_BATCH_LINES lines: every user line its own entry, the system side merged into one, balances as the entries say', async () => {
  const users = userIds.slice(0, MAX_BATCH_LINES - 2);
  const posting = payouts('test:batch:full', users, 7n);
  expect(posting.lines).toHaveLength(MAX_BATCH_LINES);
  let written = 0;
  const statements = await statementsRunBy(t.testDb.kind, async () => {
    written = await runMoneyTransaction(t.db, (trx) => postBatch(trx, posting));
  });
  expect(written).toBe(users.length + 1);
  // the accounts made by one statement, locked by one; the writes one on PostgreSQL, three on SQLite
  const ledger = statements.filter((statement) => /"ledger_(accounts|entries|transactions)"/.test(statement));
  expect(ledger.map((statement) => statement.slice(0, 40))).toHaveLength(t.testDb.kind === 'postgres' ? 3 : 5);
  if (t.testDb.kind === 'postgres') expect(ledger[2]).toMatch(/^with "posted_transaction" as \(insert into "ledger_transactions"/);
  const entries = await t.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
    .select(['e.user_id', 'e.amount', 'e.balance_after', 'e.remark'])
    .where('x.ref', '=', 'test:batch:full')
    .orderBy('e.id')
    .execute();
  expect(entries).toHaveLength(users.length + 1);
  expect(entries[0]).toEqual({ user_id: users[0], amount: 7n, balance_after: 7n, remark: 'test:batch:full' });
  const system = entries.filter((entry) => entry.user_id === null);
  expect(system).toEqual([{ user_id: null, amount: -7n * BigInt(users.length), balance_after: -7n * BigInt(users.length), remark: `test:batch:full ${users.length} orders` }]);
  expect(await available(users[users.length - 1])).toBe(7n);
  expect((await checkLedger(t.db)).problems).toEqual([]);
}, 60_000);

it('carries one account\'s several lines in one batch, each entry with its balance after, the account its final balance', async () => {
  const [userId] = userIds;
  const posting = payouts('test:batch:repeat', [userId, userId, userId], 5n);
  await runMoneyTransaction(t.db, (trx) => postBatch(trx, posting));
  const entries = await t.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
    .select(['e.balance_after'])
    .where('x.ref', '=', 'test:batch:repeat')
    .where('e.user_id', '=', userId)
    .orderBy('e.id')
    .execute();
  expect(entries.map((entry) => entry.balance_after)).toEqual([12n, 17n, 22n]);
  expect(await available(userId)).toBe(22n);
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

describe('refused, nothing written', () => {
  let before: { entries: number; transactions: number; balance: bigint };
  beforeEach(async () => {
    before = { entries: await count('ledger_entries'), transactions: await count('ledger_transactions'), balance: await available(userIds[1]) };
  });
  afterEach(async () => {
    expect({ entries: await count('ledger_entries'), transactions: await count('ledger_transactions'), balance: await available(userIds[1]) }).toEqual(before);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('more than MAX_BATCH_LINES lines', async () => {
    const posting = payouts('test:batch:over', userIds.slice(0, MAX_BATCH_LINES - 1), 1n);
    await expect(runMoneyTransaction(t.db, (trx) => postBatch(trx, posting))).rejects.toThrow(`at most ${MAX_BATCH_LINES} lines, not ${MAX_BATCH_LINES + 1}`);
  });

  it('a batch posted twice (409)', async () => {
    const second = runMoneyTransaction(t.db, (trx) => postBatch(trx, payouts('test:batch:full', userIds.slice(1, 3), 1n)));
    await expect(second).rejects.toBeInstanceOf(ApiError);
    await expect(second).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('a batch that takes a user below zero (422)', async () => {
    const posting = payouts('test:batch:short', userIds.slice(1, 3), 1n);
    posting.lines.push(
      { owner: userOwner(userIds[1]), currency: 'BTC', amount: -100n, type: 'power_output' },
      { owner: systemOwner('payouts'), currency: 'BTC', amount: 100n, type: 'power_output' },
    );
    await expect(runMoneyTransaction(t.db, (trx) => postBatch(trx, posting))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  });
});
