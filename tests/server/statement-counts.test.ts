/**
 * Statements the calls of the load's mix must not repeat: each is a round trip to PostgreSQL and
 * its parse and plan there. A valuation reads the price halts once for all its currencies, and the
 * power products read no price; a money call claims its Idempotency-Key with one statement, counts
 * a pay-password try with one, makes its missing ledger accounts with one insert, locks them with
 * one select, and writes its ledger transaction, entries and accounts with one more on PostgreSQL
 * (three on SQLite, where a statement is no round trip), however many lines and accounts the
 * posting has; a transfer reads its sender's row once and no balance before the lock; a conversion
 * takes its quote with one statement and checks the desk's position with two (lock, then read).
 * The catalogue's public reads and the orders page translate their texts in the statement that
 * reads the rows, and a page asked by number is counted in it too.
 * Runs on both databases.
 */
import { BALANCES_URL, PAY_PASSWORD, convert, deposit, newUser, quote, startWithPayee, transfer, type MoneyUser } from './support/ledger';
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

/** A posting's writes: on PostgreSQL one statement, the ledger transaction, its entries and its accounts; on SQLite one each. */
function expectOnePostingWritten(statements: string[]): void {
  const writes = matching(statements, /^(with .*)?(insert into "ledger_transactions"|insert into "ledger_entries"|update "ledger_accounts")/);
  if (t.testDb.kind === 'postgres') {
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^with "posted_transaction" as \(insert into "ledger_transactions" .*\), "posted_entries" as \(insert into "ledger_entries" .*\), "posted_accounts" as \(update "ledger_accounts" .*\) select "id" from "posted_entries"$/);
  } else {
    expect(writes.map((statement) => statement.slice(0, 30))).toEqual(['insert into "ledger_transactio', 'insert into "ledger_entries" (', 'update "ledger_accounts" set "']);
  }
}

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

it('the catalogue\'s public reads: their texts translated and their lists counted in the statements that read them', async () => {
  const statementsFor = async (url: string) =>
    statementsOf(async () => {
      // a reader in zh-TW, whose texts come from the translations
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/web${url}`, headers: { 'accept-language': 'zh-TW' } });
      expect(response.statusCode).toBe(200);
    });
  const powerProducts = await statementsFor('/product/power');
  expect(powerProducts).toHaveLength(1);
  expect(powerProducts[0]).toMatch(/^select .*"translations".* from "power_products"/);
  expect(await statementsFor('/product/finance')).toHaveLength(1);
  // the page of goods, then the categories
  const goods = await statementsFor('/mall/goods?pageSize=5');
  expect(goods.map((statement) => /from "(mall_goods|mall_categories)"/.exec(statement.replace(/\(select .*?\)/g, ''))?.[1])).toEqual(['mall_goods', 'mall_categories']);
  // the goods item, then its SKUs
  expect(await statementsFor('/mall/goods/1')).toHaveLength(2);
  expect(await statementsFor('/content/link')).toHaveLength(1);
});

it('a page of a user\'s list asked by number: counted in the statement that reads it, the orders\' titles translated there too', async () => {
  const buyer = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, buyer, '100');
  const headers = { ...bearer(buyer.token), 'accept-language': 'zh-TW' };
  const bought = await t.app.inject({ method: 'POST', url: '/api/v1/web/product/power-order/create', headers: { ...headers, 'idempotency-key': 'statement-counts-orders' }, payload: { productId: '1', units: 1, payPassword: PAY_PASSWORD } });
  expect(bought.statusCode).toBe(200);
  const statementsFor = async (url: string, expectPage: (page: { list: Array<{ title?: string }>; total: number }) => void) =>
    (await statementsOf(async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/web${url}`, headers });
      expect(response.statusCode).toBe(200);
      expectPage(response.json().data);
    })).filter((statement) => !/"auth_sessions"/.test(statement));
  const orders = await statementsFor('/product/power-order', (page) => {
    expect(page.total).toBe(1);
    expect(page.list[0].title).toBe(bought.json().data.title);
  });
  expect(orders).toHaveLength(2);
  expect(orders[0]).toMatch(/^select \*, coalesce\(\(select .* from "translations" .*\) as "title_in_locale", \(select count\(\*\) .*\) as "list_total" from "power_orders" where "user_id" = /);
  // the power order's output, summed by its own statement
  expect(orders[1]).toMatch(/from "power_bills"/);
  // the deposit, the purchase: the records page counts them in the statement that reads them
  const records = await statementsFor('/user/wallet/details?page=1&pageSize=20', (page) => expect(page.total).toBe(2));
  expect(records).toHaveLength(1);
  expect(records[0]).toMatch(/\(select count\(\*\) .*\) as "list_total" from "ledger_entries"/);
});

it('a transfer: one statement each for the key, the try, the lock and the posting\'s writes', async () => {
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
  // the sender's, the payee's and the fee's accounts, four lines: made if missing by one insert,
  // read (on PostgreSQL locked) by one select, then written with the entries; no balance read
  // before that, the refusal of a short one comes from the lock's
  expect(matching(statements, /^insert into "ledger_accounts"/)).toHaveLength(1);
  expect(matching(statements, /from "ledger_accounts"/)).toEqual(matching(statements, /^select .* from "ledger_accounts" where \("owner", "currency"\) in /));
  expect(matching(statements, /from "ledger_accounts"/)).toHaveLength(1);
  if (t.testDb.kind === 'postgres') expect(matching(statements, /from "ledger_accounts" .* for update$/)).toHaveLength(1);
  expectOnePostingWritten(statements);
  // in all on PostgreSQL: the session and the pay password read, the try counted and settled,
  // BEGIN, the key claimed, the sender and the payee read, the transfer's row, the accounts made
  // and locked, the posting's writes, the key's outcome, COMMIT
  if (t.testDb.kind === 'postgres') expect(statements).toHaveLength(14);
});

it('a conversion: its quote taken by one statement, the desk checked by two, its six accounts made by one and locked by one', async () => {
  const user = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, user, '100');
  const quoted = await quote(t.app, user, { from: 'USDT', to: 'BTC', amount: '10' });
  expect(quoted.statusCode).toBe(200);
  const statements = await statementsOf(async () => {
    const response = await convert(t.app, user, quoted.json().data.quoteId, 'statement-counts-2');
    expect(response.statusCode).toBe(200);
  });
  // the quote read and marked used at once; the reasons for a refusal are read only on a refusal
  expect(matching(statements, /"convert_quotes"/)).toEqual(matching(statements, /^update "convert_quotes" set "used_at" = .* returning /));
  expect(matching(statements, /"convert_quotes"/)).toHaveLength(1);
  // the desk's position in both currencies: locked by one statement (PostgreSQL), then read by one
  expect(matching(statements, /pg_advisory_xact_lock/)).toHaveLength(t.testDb.kind === 'postgres' ? 1 : 0);
  expect(matching(statements, /^select .* from "ledger_accounts" where "owner" in /)).toHaveLength(1);
  // the user's first BTC: its account and the exchange's are among those made
  expect(matching(statements, /^insert into "ledger_accounts"/)).toHaveLength(1);
  expect(matching(statements, /^select .* from "ledger_accounts" where \("owner", "currency"\) in .*/)).toHaveLength(1);
  expectOnePostingWritten(statements);
  // in all on PostgreSQL: the session and the pay password read, the try counted and settled,
  // BEGIN, the key claimed, the quote taken, the price halts read, the desk locked and read, the
  // conversion's row, the accounts made and locked, the posting's writes, the key's outcome, COMMIT
  if (t.testDb.kind === 'postgres') expect(statements).toHaveLength(16);
});
