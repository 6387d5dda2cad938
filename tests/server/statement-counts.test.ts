/**
 * Statements the calls of the load's mix must not repeat: each is a round trip to PostgreSQL and
 * its parse and plan there. A valuation reads the price halts once for all its currencies, and the
 * power products read no price; a money call claims its Idempotency-Key with one statement, counts
 * a pay-password try with one, and writes its ledger entries with one insert and its accounts with
 * one update, however many lines and accounts the posting has; a transfer reads its sender's row
 * once. Runs on both databases.
 */
import { BALANCES_URL, deposit, newUser, startWithPayee, transfer, type MoneyUser } from './support/ledger';
import type { TestApp } from './support/app';
import { bearer } from './support/siwe';
import { statementsRunBy } from './support/statements';

let t: TestApp;
let payee: MoneyUser;
beforeAll(async () => {
  ({ t, payee } = await startWithPayee());
});
afterAll(async () => t.close());

async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
  return (await statementsRunBy(t.testDb.kind, call)).map((statement) => statement.replace(/\s+/g, ' ').trim().toLowerCase());
}

const matching = (statements: string[], pattern: RegExp) => statements.filter((statement) => pattern.test(statement));

it('balances: the price halts are read once for every currency valued', async () => {
  const user = await newUser(t.app, t.db, t.clock);
  const statements = await statementsOf(async () => {
    const response = await t.app.inject({ method: 'GET', url: BALANCES_URL, headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
  });
  expect(matching(statements, /from "price_halts"/)).toHaveLength(1);
});

it('the power products read no price (they carry none)', async () => {
  const statements = await statementsOf(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/product/power' });
    expect(response.statusCode).toBe(200);
  });
  expect(matching(statements, /from "power_products"/).length).toBeGreaterThan(0);
  expect(matching(statements, /"price_/)).toEqual([]);
});

it('a transfer: one statement each for the key, the try, the entries and the accounts', async () => {
  const user = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, user, '100');
  const statements = await statementsOf(async () => {
    // a user's first pay-password check: nothing remembered, so the try is written
    const response = await transfer(t.app, user, { to: payee.uid, amount: '10' }, 'statement-counts-1');
    expect(response.statusCode).toBe(200);
  });
  // the sender's row read once: whether it is frozen (share-locked on PostgreSQL) and its UID
  expect(matching(statements, /^select .* from "users" where "id" = (\$1|\?)( for share)?$/)).toHaveLength(1);
  // claimed, then the outcome stored
  expect(matching(statements, /^(insert into|update|delete from) "idempotency_keys"/)).toHaveLength(2);
  // the try counted, then settled; each commits alone, on PostgreSQL without a BEGIN and COMMIT
  // around it (SQLite wraps each in a transaction, for its commit group)
  expect(matching(statements, /^(insert into|update) "pay_password_guards"/)).toHaveLength(2);
  expect(matching(statements, /^begin\b/)).toHaveLength(t.testDb.kind === 'postgres' ? 1 : 3);
  // the sender's, the payee's and the fee's accounts, four lines: one insert, one update (each
  // account still locked by a statement of its own on PostgreSQL, a missing one made in between;
  // SQLite's write lock covers them all)
  if (t.testDb.kind === 'postgres') expect(matching(statements, /from "ledger_accounts" .* for update$/).length).toBeGreaterThanOrEqual(3);
  expect(matching(statements, /^insert into "ledger_entries"/)).toHaveLength(1);
  expect(matching(statements, /^update "ledger_accounts"/)).toHaveLength(1);
});
