/**
 * Keyset paging (server/http/paging.ts): every list that grows with time answers a
 * `nextCursor`, and walking a list page by page along it gives exactly the rows of the offset
 * listing, in the same order, each once, ending with a null cursor, even when a row is added
 * in the middle of the walk. A cursor that does not fit the list, or one sent to a list without a
 * sort key, is a 400. A page asked by cursor, or with `count=false`, carries no `total` and runs no
 * `count(` (the statements the driver is sent are recorded); one asked by `page` still has its total. The query
 * plans of these pages are checked in query-plans.test.ts.
 * SQLite, and PostgreSQL when DATABASE_URL is set.
 */
import { FEATURES } from '../../contract/features';
import { PAY_PASSWORD, call, type TestUser } from './products.fixture';
import { startTestApp, type TestApp } from './support/app';
import { addHistory, busyUser, LISTS, withQuery, type BusyUser, type Page } from './support/busyUser';
import { recordStatements } from './support/statements';

let t: TestApp;
let busy: BusyUser;

beforeAll(async () => {
  const month = 30 * 24 * 3600 * 1000;
  t = await startTestApp({ seed: true, config: { featureFlags: Object.fromEntries(FEATURES.map((f) => [f, true])), tokenIdleTtlMs: month, tokenAbsoluteTtlMs: month } });
  busy = await busyUser(t);
  await addHistory(t, busy);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function pageOf(user: TestUser, list: (typeof LISTS)[number], query: string): Promise<Page> {
  const answer = await call(t, user, 'GET', withQuery(list.url, query));
  if (answer.status !== 200) throw new Error(`${list.url} ${query}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return list.page(answer.body.data);
}

async function walk(user: TestUser, list: (typeof LISTS)[number], pageSize: number, between?: () => Promise<void>): Promise<{ rows: string[]; pages: number }> {
  const rows: string[] = [];
  let page = await pageOf(user, list, `pageSize=${pageSize}`);
  let pages = 1;
  rows.push(...page.list.map((row) => JSON.stringify(row)));
  while (page.nextCursor) {
    if (pages === 1) await between?.();
    page = await pageOf(user, list, `pageSize=${pageSize}&cursor=${encodeURIComponent(page.nextCursor)}`);
    pages++;
    rows.push(...page.list.map((row) => JSON.stringify(row)));
    if (pages > 100) throw new Error(`${list.url}: the walk does not end`);
  }
  expect(page.nextCursor).toBeNull();
  return { rows, pages };
}

describe('keyset paging', () => {
  it.each(LISTS)('$url: the walk by cursor is the offset listing, one row a page', async (list) => {
    const all = await pageOf(busy.buyer, list, 'pageSize=100');
    // the history gives every list more than one row: the walk crosses pages
    expect(all.list.length).toBeGreaterThanOrEqual(2);
    expect(all.nextCursor).toBeNull();
    const { rows, pages } = await walk(busy.buyer, list, 1);
    expect(rows).toEqual(all.list.map((row) => JSON.stringify(row)));
    expect(pages).toBe(all.list.length);
  });

  it('a row added during the walk shifts nothing: the walk still gives each older row once', async () => {
    const list = LISTS[0];
    const before = (await pageOf(busy.buyer, list, 'pageSize=100')).list.map((row) => JSON.stringify(row));
    const { rows } = await walk(busy.buyer, list, 3, async () => {
      const sent = await call(t, busy.buyer, 'POST', '/account/transfer/create', { to: busy.friend.uid, amount: '10', currency: 'USDT', payPassword: PAY_PASSWORD });
      expect(sent.status).toBe(200);
    });
    expect(rows).toEqual(before);
    // with offsets the new entries (transfer and fee) would have pushed two rows back onto page 2
    expect((await pageOf(busy.buyer, list, 'pageSize=100')).list).toHaveLength(before.length + 2);
  });

  it('refuses a cursor that does not fit the list, and a cursor where a list has no sort key', async () => {
    const refused = async (url: string) => {
      const answer = await call(t, busy.buyer, 'GET', url);
      return { url, status: answer.status, message: answer.body.errMessage };
    };
    const bad = '列表位置無效，請重新整理列表';
    // the bills sort by (day, id): a bare id is not their cursor; the ledger sorts by id alone
    expect(await refused('/account/power-bill?cursor=12')).toEqual({ url: '/account/power-bill?cursor=12', status: 400, message: bad });
    expect(await refused('/user/wallet/details?cursor=2026-03-01.12')).toEqual({ url: '/user/wallet/details?cursor=2026-03-01.12', status: 400, message: bad });
    expect(await refused('/user/wallet/details?cursor=abc')).toEqual({ url: '/user/wallet/details?cursor=abc', status: 400, message: bad });
    expect(await refused('/mall/goods?cursor=5')).toEqual({ url: '/mall/goods?cursor=5', status: 400, message: bad });
    // not even the shape of a cursor: the contract's pattern refuses it
    expect((await refused('/user/wallet/details?cursor=1%3B%20drop%20table')).status).toBe(400);
  });

  it.each(LISTS)('$url: a page asked by cursor has no total and counts nothing; a page asked by number has its total', async (list) => {
    /** the page, and the statements the driver ran for it */
    const recorded = async (query: string) => {
      const recorder = recordStatements(t.testDb.kind);
      recorder.start();
      try {
        return { page: await pageOf(busy.buyer, list, query), ran: [...recorder.ran] };
      } finally {
        recorder.stop();
      }
    };
    const counts = (ran: string[]) => ran.filter((statement) => /\bcount\s*\(/i.test(statement));
    const all = await pageOf(busy.buyer, list, 'pageSize=100');
    const first = await recorded('pageSize=1');
    expect(first.page.total).toBe(all.list.length);
    // the recording sees the page's statements, the count among them
    expect(counts(first.ran).length).toBeGreaterThanOrEqual(1);
    expect(first.page.nextCursor).toEqual(expect.any(String));
    const next = await recorded(`pageSize=1&cursor=${encodeURIComponent(first.page.nextCursor!)}`);
    expect(next.page).not.toHaveProperty('total');
    expect(next.page.list).toEqual([all.list[1]]);
    expect(next.ran.length).toBeGreaterThanOrEqual(1);
    expect(counts(next.ran)).toEqual([]);
    // by number, as the seed's API pages: the same rows, and the total
    const second = await recorded('page=2&pageSize=1');
    expect(second.page.list).toEqual([all.list[1]]);
    expect(second.page.total).toBe(all.list.length);
    expect(counts(second.ran).length).toBeGreaterThanOrEqual(1);
    // count=false (the app's lists, which never show a total): the first page is not counted either
    const uncounted = await recorded('pageSize=1&count=false');
    expect(uncounted.page.list).toEqual([all.list[0]]);
    expect(uncounted.page.nextCursor).toBe(first.page.nextCursor);
    expect(uncounted.page).not.toHaveProperty('total');
    expect(counts(uncounted.ran)).toEqual([]);
  });

  it('lists without a sort key answer no cursor, and are counted even with count=false (they are short)', async () => {
    const goods = await call(t, null, 'GET', '/mall/goods');
    expect(goods.status).toBe(200);
    expect(goods.body.data).not.toHaveProperty('nextCursor');
    const uncounted = await call(t, null, 'GET', '/mall/goods?count=false');
    expect(uncounted.body.data.total).toBe(goods.body.data.total);
    // count takes true or false, nothing else
    expect((await call(t, null, 'GET', '/mall/goods?count=maybe')).status).toBe(400);
  });
});
