/**
 * No GET writes. Every GET endpoint of the contract is called, signed in as a user with
 * data in every domain (addresses, deposits, a transfer, mall orders of which one unpaid order is
 * past its pay window and one shipped order past its confirm window, neither swept yet), and the
 * database must be byte for byte what it was: every table's rows, checksummed, before and after
 * each call. Overdue orders are moved by the jobs and the buyer's actions, never by a read; the
 * reads show them as of now. Each call comes more than a minute after the caller's previous one,
 * so a session's last use is due to be recorded at every call: that too is no GET's write (it is
 * written off the request path, server/auth/sessionTouches.ts).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { FEATURES } from '../../contract/features';
import { isSqlite, type Db } from '../../server/db';
import { orderApi, stockOf } from './mall.fixture';
import { startTestApp, type TestApp } from './support/app';
import { busyUser, getUrl, GET_ENDPOINTS, type BusyUser } from './support/busyUser';
import { bearer } from './support/siwe';
import { opHeaders, signedInOperator } from './support/operators';
import { askWithdrawal, saveWithdrawAddress } from './support/withdrawals';

/**
 * The one GET whose purpose is to issue a single-use token the next call consumes, stored so that
 * every server process accepts it: the sign-in nonce, a GET because docs/decisions.md names it so
 * (docs/decisions.md, "Server layout"). It writes by design; the test below checks it is still the
 * only one. (A conversion quote is issued by a POST.)
 */
const ISSUES_A_TOKEN = new Set(['auth.nonce', 'admin.nonce']);

/** Every table's rows, each table sorted and hashed: equal snapshots mean an unchanged database. */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = isSqlite(db)
    ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
    : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const lines = rows.rows.map((row) => JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value))).sort();
    result[name] = `${lines.length} rows ${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return result;
}

let t: TestApp;
let token: string;
/** an admin's: every console GET is open to the role (console.read, operators.manage, features.manage, audit.read) */
let operatorToken: string;
let ids: BusyUser['ids'];
/** each caller's clock: its own line of time, so that the operator's 15-minute idle limit is never reached between its calls */
const callerTime = new Map<string, number>();

beforeAll(async () => {
  // sessions that outlive the ten days it takes a shipped order to be overdue
  const month = 30 * 24 * 3600 * 1000;
  t = await startTestApp({ seed: true, config: { featureFlags: Object.fromEntries(FEATURES.map((f) => [f, true])), tokenIdleTtlMs: month, tokenAbsoluteTtlMs: month } });
  const busy = await busyUser(t);
  token = busy.buyer.token;
  // a withdrawal for withdraw.detail (in review: its address is new), the clock left where it is
  const prover = { token, wallet: busy.buyer.wallet! };
  const withdrawal = await askWithdrawal(t, prover, await saveWithdrawAddress(t, prover, 'cold', { wait: false }), '20');
  ids = { ...busy.ids, withdrawal };
  operatorToken = (await signedInOperator(t, 'admin')).token;
  for (const caller of [token, operatorToken]) callerTime.set(caller, t.clock.now());
});

afterAll(async () => {
  await t?.close();
});

const GETS = GET_ENDPOINTS;

/** past the minute after which a session's use is due to be recorded (server/auth/sessions.ts) */
const PAST_TOUCH_INTERVAL = 61_000;

/** the headers of the endpoint's caller, the clock set a touch interval past that caller's previous call */
function callerOf(name: string): Record<string, string> {
  const callerToken = name.startsWith('admin.') ? operatorToken : token;
  const at = callerTime.get(callerToken)! + PAST_TOUCH_INTERVAL;
  callerTime.set(callerToken, at);
  t.clock.set(at);
  return name.startsWith('admin.') ? opHeaders(operatorToken) : bearer(token);
}

describe('GET endpoints', () => {
  it('the unswept orders are there: an expired unpaid one and an overdue shipped one', async () => {
    const rows = await t.db.selectFrom('mall_orders').select(['id', 'status']).orderBy('id').execute();
    expect(rows.map((r) => r.status)).toEqual(['shipped', 'unpaid']);
    expect(await stockOf(t, ids.skuId)).toBe(2);
  });

  it.each(GETS.filter(({ name }) => !ISSUES_A_TOKEN.has(name)))('$name answers 200 and writes nothing', async ({ name, endpoint }) => {
    const before = await snapshot(t.db);
    const headers = callerOf(name);
    const response = await t.app.inject({ method: 'GET', url: getUrl({ name, endpoint }, ids), headers });
    expect({ name, status: response.statusCode }).toEqual({ name, status: 200 });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('reads show overdue orders and held stock as the sweep will leave them', async () => {
    const api = orderApi(t);
    const buyer = { id: 0n, uid: '', token };
    expect((await api.detail(buyer, ids.unpaid)).body.data).toMatchObject({ status: 'cancelled', cancelledAt: '2026-03-01 12:30:00', actions: [] });
    expect((await api.detail(buyer, ids.shipped)).body.data).toMatchObject({ status: 'completed', completedAt: '2026-03-11 12:00:00' });
    expect((await api.list(buyer, 5)).body.data.list.map((o) => o.id)).toEqual([ids.unpaid]);
    expect((await api.list(buyer, 4)).body.data.list.map((o) => o.id)).toEqual([ids.shipped]);
    expect((await api.list(buyer, 1)).body.data.total).toBe(0);
    expect((await api.list(buyer, 3)).body.data.total).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/web/mall/goods/${ids.goods}` });
    expect(page.json().data.skus[0].stock).toBe(4);
    expect(await stockOf(t, ids.skuId)).toBe(2);
  });

  it('writes only in the GETs listed as issuing a token (so that list cannot go stale)', async () => {
    for (const { name, endpoint } of GETS.filter(({ name }) => ISSUES_A_TOKEN.has(name))) {
      const before = await snapshot(t.db);
      const headers = callerOf(name);
    const response = await t.app.inject({ method: 'GET', url: getUrl({ name, endpoint }, ids), headers });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 200 });
      expect(await snapshot(t.db)).not.toEqual(before);
    }
  });
});
