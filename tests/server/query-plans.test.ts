/**
 * Every query uses an index, and every index serves a query. The test records every
 * statement the server sends while a user with data in every domain calls every GET endpoint and
 * the money calls (transfer, conversion, power and finance purchases, mall checkout and pay, a
 * records page past the first), and while the jobs run (daily settlement, the mall sweep, the
 * withdrawal signer on a local chain, the price feed with an HTTP source and its retention) and the
 * price commands. It then
 * asks the database for each statement's plan:
 *
 * - no statement reads a table that grows with users or time by a full scan (PostgreSQL: with
 *   `enable_seqscan = off`, so that tiny test tables do not make a scan the cheaper plan; a
 *   sequential scan then means no index can serve the query; an index scan without an index
 *   condition is a full scan too. SQLite: `SCAN table`, or an automatic index, in EXPLAIN QUERY
 *   PLAN);
 * - nor, on PostgreSQL, does the generic plan of a statement with values (made without them, with
 *   `plan_cache_mode = force_generic_plan`): the server names its statements, and PostgreSQL may
 *   keep such a plan for a named statement after five runs;
 * - every index that is not unique (a unique index guards integrity whether or not a query reads
 *   it) appears in some plan: an index that serves no query only costs writes.
 *
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { FEATURES } from '../../contract/features';
import { sweepOrders } from '../../server/mall/sweep';
import { settlePendingDays } from '../../server/settlement/pendingDays';
import { isSqlite } from '../../server/db';
import { directRpc } from '../../server/deposits/rpc';
import { confirmingUpTo } from '../../server/deposits/store';
import { WITHDRAW_OPS_COMMANDS } from '../../server/ops/withdrawCommands';
import { DEPOSIT_REVIEW_OPS_COMMANDS } from '../../server/ops/depositReview';
import { WithdrawalSigner, type SignerNetwork } from '../../server/withdrawals/signer';
import { PRICE_OPS_COMMANDS } from '../../server/ops/priceCommands';
import { pruneSnapshots } from '../../server/prices/store';
import { fundedWallet, startLocalChain } from '../chain/localChain';
import { call } from './products.fixture';
import { startTestApp, type TestApp } from './support/app';
import { addHistory, busyUser, getUrl, GET_ENDPOINTS, LISTS, withQuery, type BusyUser } from './support/busyUser';
import { bearer } from './support/siwe';
import { ADMIN_API, operatorProof, opHeaders, signedInOperator } from './support/operators';
import { poll, priceConfig, startPriceServer, type PriceServer } from './support/priceFeed';
import { recordStatements } from './support/statements';

/** tables that grow with users or with time: never read by a full scan */
const GROWING = new Set([
  'users', 'auth_nonces', 'auth_sessions', 'step_up_challenges', 'addresses', 'invite_commissions',
  'ledger_accounts', 'ledger_transactions', 'ledger_entries', 'idempotency_keys', 'pay_password_guards',
  'deposits', 'chain_deposits', 'transfers', 'convert_quotes', 'conversions', 'power_orders', 'power_bills',
  'finance_orders', 'finance_interest', 'power_exchanges', 'settled_days', 'mall_orders', 'mall_traces',
  'withdrawal_addresses', 'withdrawals', 'withdrawal_txs', 'price_snapshots', 'notifications',
  // a row per currency per day, read only by the operator's `reconcile --last`
  'reconciliations',
]);
/** tables an operator fills (the catalogue, prices, configuration): a scan of them is fine */
const BOUNDED = new Set([
  'app_meta', 'prices', 'account_products', 'content_links', 'power_products', 'finance_products',
  'mall_categories', 'mall_goods', 'mall_skus', 'chain_cursors', 'chain_job_runs', 'kysely_migration', 'kysely_migration_lock',
  // a row per currency (price) or network (withdrawals) an operator halted
  'price_halts', 'withdrawal_halts',
  // the people who run the platform, and a row per feature flag switched in the console (polled)
  'operators', 'feature_flag_overrides',
  // catalogue and content texts in zh-TW and en-US, a few per catalogue row
  'translations',
  // grown by operators' own actions (a person's pace: thousands of rows a year), read by the
  // console, whose lists count their rows; their filters still read by index (below)
  'operator_sessions', 'operator_challenges', 'audit_log', 'approvals',
]);

interface Plan {
  /** full scans of growing tables */
  fullScans: string[];
  /** the indexes the plan reads */
  indexes: string[];
}

type PgNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PgNode[] };

function pgPlan(node: PgNode, plan: Plan = { fullScans: [], indexes: [] }): Plan {
  const table = node['Relation Name'];
  if (node['Index Name']) plan.indexes.push(node['Index Name']);
  if (table && GROWING.has(table)) {
    if (node['Node Type'] === 'Seq Scan') plan.fullScans.push(`${table}: sequential scan`);
    if (/^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond']) plan.fullScans.push(`${table}: whole index ${node['Index Name']}`);
  }
  for (const child of node.Plans ?? []) pgPlan(child, plan);
  return plan;
}

/** words that may follow a table name and are not its alias */
const SQL_WORDS = new Set(['where', 'on', 'join', 'left', 'inner', 'cross', 'group', 'order', 'limit', 'union', 'set', 'as', 'using', 'natural', 'returning']);

function sqlitePlan(statement: string, details: string[]): Plan {
  // EXPLAIN QUERY PLAN names a table by its alias when it has one (`"t" as "a"`, or `t a` in raw SQL)
  const tableOf = new Map<string, string>();
  for (const match of statement.matchAll(/\b(?:from|join)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi)) {
    if (match[2] && !SQL_WORDS.has(match[2].toLowerCase())) tableOf.set(match[2], match[1]);
  }
  const plan: Plan = { fullScans: [], indexes: [] };
  for (const detail of details) {
    const index = /USING (?:COVERING )?INDEX (\w+)/.exec(detail);
    if (index) plan.indexes.push(index[1]);
    // a full scan, an automatic index (which SQLite builds by reading the whole table, for each
    // run), or a search that names no index to search with
    const scan = /^SCAN (\w+)/.exec(detail) ?? /^SEARCH (\w+) USING AUTOMATIC/.exec(detail) ?? /^SEARCH (\w+)$/.exec(detail);
    const table = scan && (tableOf.get(scan[1]) ?? scan[1]);
    if (table && GROWING.has(table)) plan.fullScans.push(`${table}: ${detail}`);
  }
  return plan;
}

/** a value of a recorded statement as an SQL literal */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.map((item) => JSON.stringify(String(item))).join(',')}}`);
  return client.escapeLiteral(String(value));
}

let t: TestApp;
let prices: PriceServer;
let busy: BusyUser;
let recorder: ReturnType<typeof recordStatements>;
const plans = new Map<string, Plan>();
/** PostgreSQL: the generic plan of each statement with values (one made without them) */
const genericPlans = new Map<string, Plan>();

async function explainAll(): Promise<void> {
  const statements = [...recorder.statements.values()];
  if (t.testDb.kind === 'postgres') {
    const { databaseUrl, databaseSchema } = t.testDb.options;
    const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path="${databaseSchema}"` });
    await client.connect();
    try {
      const planOf = (result: pg.QueryResult) => pgPlan((result.rows[0]['QUERY PLAN'] as { Plan: PgNode }[])[0].Plan);
      for (const statement of statements) {
        await client.query('begin');
        await client.query('set local enable_seqscan = off');
        plans.set(statement.sql, planOf(await client.query(`explain (format json) ${statement.sql}`, statement.parameters)));
        if (statement.parameters.length > 0) {
          // the plan made without the values, which a prepared statement may keep after five runs
          await client.query('set local plan_cache_mode = force_generic_plan');
          await client.query(`prepare generic_plan as ${statement.sql}`);
          // EXECUTE takes its values as literals (an untyped literal takes the statement's parameter type)
          const values = statement.parameters.map((value) => literal(client, value)).join(', ');
          genericPlans.set(statement.sql, planOf(await client.query(`explain (format json) execute generic_plan(${values})`)));
        }
        await client.query('rollback');
        await client.query('deallocate all');
      }
    } finally {
      await client.end();
    }
  } else {
    const reader = new BetterSqlite3(t.testDb.options.sqlitePath, { readonly: true });
    try {
      for (const statement of statements) {
        const explain = reader.prepare(`explain query plan ${statement.sql}`);
        const rows = explain.all(...new Array((statement.sql.match(/\?/g) ?? []).length).fill(null)) as { detail: string }[];
        plans.set(statement.sql, sqlitePlan(statement.sql, rows.map((row) => row.detail)));
      }
    } finally {
      reader.close();
    }
  }
}

beforeAll(async () => {
  const month = 30 * 24 * 3600 * 1000;
  // ETH priced by a source (its snapshots read), the other coins by the demo feed
  prices = await startPriceServer();
  prices.answer('/eth', { body: { price: '2500' } });
  const featureFlags = Object.fromEntries(FEATURES.map((f) => [f, true]));
  t = await startTestApp({ seed: true, config: { featureFlags, tokenIdleTtlMs: month, tokenAbsoluteTtlMs: month, prices: priceConfig({ PRICE_SOURCES_ETH: prices.url('/eth', '/price') }) } });
  recorder = recordStatements(t.testDb.kind);
  recorder.start();
  busy = await busyUser(t);
  const { buyer } = busy;
  const expectOk = (answer: { status: number; body: unknown }, what: string) => {
    if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  await addHistory(t, busy);
  await poll(t.db, t.config.prices, t.clock);
  // every read, then the lists with their filters and a page past the first
  for (const endpoint of GET_ENDPOINTS) await t.app.inject({ method: 'GET', url: getUrl(endpoint, busy.ids), headers: bearer(buyer.token) });
  const category = (await t.db.selectFrom('mall_goods').select('category_id').where('id', '=', BigInt(busy.ids.goods)).executeTakeFirstOrThrow()).category_id;
  for (const url of [`/mall/goods?categoryId=${category}`, '/content/link?type=banner']) expectOk(await call(t, buyer, 'GET', url), url);
  // the long lists: the first page, a page by offset and the next one by cursor
  for (const list of LISTS) {
    const first = await call(t, buyer, 'GET', withQuery(list.url, 'pageSize=2'));
    expectOk(first, list.url);
    expectOk(await call(t, buyer, 'GET', withQuery(list.url, 'page=2&pageSize=2')), list.url);
    const cursor = list.page(first.body.data).nextCursor;
    if (cursor) expectOk(await call(t, buyer, 'GET', withQuery(list.url, `pageSize=2&cursor=${encodeURIComponent(cursor)}`)), list.url);
  }
  // the jobs: a day to settle, overdue orders to sweep
  t.clock.advance(24 * 3600 * 1000);
  await settlePendingDays(t.db, t.clock, t.config.displayUtcOffsetMinutes, t.config.commissionRate);
  await sweepOrders(t.db, t.clock.now());
  // the withdrawal signer sends addHistory's two withdrawals and follows them on a local chain
  const local = await startLocalChain();
  try {
    const net: SignerNetwork = { network: 'ERC20', chainId: 1337n, nativeCurrency: 'ETH', tokens: { USDT: { address: await local.usdt.getAddress(), decimals: 6 } }, confirmations: 1, replaceAfterMs: 600_000, maxFeePerGas: 10n ** 12n };
    const signer = new WithdrawalSigner(t.db, net, await fundedWallet(local, '1000'), directRpc(local.provider), t.clock);
    await signer.run();
    await signer.run();
    expect(await t.db.selectFrom('withdrawals').select('status').where('status', '=', 'completed').execute()).toHaveLength(2);
  } finally {
    await local.stop();
  }
  // the deposit watcher's reads (no chain needed for them) and the operator's lists of withdrawals and deposits in review
  await confirmingUpTo(t.db, 'ERC20', 1000);
  expect(await WITHDRAW_OPS_COMMANDS['withdraw:list'].run(['--status', 'review'], { db: t.db, clock: t.clock, print: () => undefined })).toBe(0);
  expect(await DEPOSIT_REVIEW_OPS_COMMANDS['deposit:list'].run([], { db: t.db, clock: t.clock, print: () => undefined })).toBe(0);
  // the price feed: a conversion at a fed price, a poll that agrees on none (the last agreed price
  // is looked up), the market's history, retention and the operator's commands
  await poll(t.db, t.config.prices, t.clock);
  const quote = await call<{ quoteId: string }>(t, buyer, 'POST', '/account/convert/quote', { from: 'USDT', to: 'ETH', amount: '10' });
  expectOk(quote, 'quote');
  expectOk(await call(t, buyer, 'POST', '/account/convert/create', { quoteId: quote.body.data.quoteId, payPassword: '246810' }), 'convert');
  prices.answer('/eth', { status: 503, body: {} });
  await poll(t.db, t.config.prices, t.clock);
  for (const url of ['/market/prices', '/account/account', '/account/convert']) expectOk(await call(t, buyer, 'GET', url), url);
  await pruneSnapshots(t.db, t.clock.now());
  const opsContext = { db: t.db, clock: t.clock, config: t.config, print: () => undefined };
  expect(await PRICE_OPS_COMMANDS['prices:halt'].run(['ETH', '--reason', 'test'], opsContext)).toBe(0);
  expect(await PRICE_OPS_COMMANDS['prices:status'].run([], opsContext)).toBe(1);
  expect(await PRICE_OPS_COMMANDS['prices:resume'].run(['ETH'], opsContext)).toBe(0);
  // the console's own reads: the audit log by each filter, approvals waiting, an operator's sessions, a step-up challenge
  const admin = await signedInOperator(t, 'admin');
  const support = await signedInOperator(t, 'support');
  const day = new Date(t.clock.now()).toISOString();
  for (const url of [`/audit?actor=${admin.address}`, '/audit?target=operator:x', `/audit?from=${day}&to=${day}`, '/approvals?status=pending', '/sessions']) {
    const answer = await t.app.inject({ method: 'GET', url: `${ADMIN_API}${url}`, headers: opHeaders(url === '/sessions' ? support.token : admin.token) });
    expectOk({ status: answer.statusCode, body: answer.json() }, url);
  }
  await operatorProof(t, admin, 'approval.confirm', '1');
  recorder.stop();
  await explainAll();
}, 120_000);

afterAll(async () => {
  recorder?.stop();
  await t?.close();
  await prices?.close();
});

describe('query plans', () => {
  it('every table is classified as growing or bounded', async () => {
    const tables = isSqlite(t.db)
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db);
    expect(tables.rows.map((row) => row.name).filter((name) => !GROWING.has(name) && !BOUNDED.has(name))).toEqual([]);
  });

  it('PostgreSQL: the server\'s connections compile no JIT (a count over a long list spent ~100 ms on it)', async () => {
    const setting = isSqlite(t.db) ? 'off' : (await sql<{ jit: string }>`show jit`.execute(t.db)).rows[0].jit;
    expect(setting).toBe('off');
  });

  it('recorded the statements of the walk', () => {
    // the walk reaches every domain: far more statements than there are tables
    expect(plans.size).toBeGreaterThan(60);
  });

  it('no statement reads a growing table by a full scan', () => {
    const fullScans = [...plans].flatMap(([statement, plan]) => plan.fullScans.map((scan) => `${scan}\n    in: ${statement}`));
    expect(fullScans).toEqual([]);
  });

  it('PostgreSQL: nor does the plan made without the values, which a named statement keeps after five runs', () => {
    if (t.testDb.kind === 'postgres') expect(genericPlans.size).toBeGreaterThan(60);
    const fullScans = [...genericPlans].flatMap(([statement, plan]) => plan.fullScans.map((scan) => `${scan}\n    in: ${statement}`));
    expect(fullScans).toEqual([]);
  });

  it('every index that is not unique serves a recorded statement', async () => {
    const indexes = isSqlite(t.db)
      ? await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master where type = 'index' and sql is not null`.execute(t.db)
      : await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema()`.execute(t.db);
    const used = new Set([...plans.values()].flatMap((plan) => plan.indexes));
    const unused = indexes.rows.filter((index) => !/\bunique\b/i.test(index.definition) && !used.has(index.name)).map((index) => index.name);
    expect(unused.sort()).toEqual([]);
  });
});
