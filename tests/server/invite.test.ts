/**
 * Invitations over HTTP: details and link, the invitee list, binding an inviter by code (unknown
 * code, self, second bind, cycles, concurrent binds) and the commission paid with a purchase.
 */
import type { InviteDetailsType, InviteeType } from '../../contract/invite';
import { payCommission } from '../../server/invites/commission';
import { checkLedger } from '../../server/ledger/invariants';
import { runMoneyTransaction } from '../../server/ledger/moneyTransaction';
import { toUnits } from '../../contract/rules/money';
import { startTestApp, type TestApp } from './support/app';
import { DAY } from './support/clock';
import { bearer, signIn, TEST_HOST, type SignedIn } from './support/siwe';
import { systemBalance } from '../../server/ledger/balances';

const DETAILS = '/api/v1/web/user/invite/details';
const INVITEES = '/api/v1/web/user/invite';
const BIND = '/api/v1/web/user/invite/update';

let t: TestApp;
beforeAll(async () => {
  // 2026-03-10 12:00 at UTC+8: far from a day boundary of the display time zone
  t = await startTestApp();
  t.clock.set(Date.parse('2026-03-10T04:00:00Z'));
});
afterAll(async () => t.close());

async function details(user: SignedIn): Promise<InviteDetailsType> {
  const response = await t.app.inject({ method: 'GET', url: DETAILS, headers: bearer(user.token) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function invitees(user: SignedIn, query = ''): Promise<{ list: InviteeType[]; total: number }> {
  const response = await t.app.inject({ method: 'GET', url: `${INVITEES}${query}`, headers: bearer(user.token) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const bind = (user: SignedIn, code: string) => t.app.inject({ method: 'POST', url: BIND, headers: bearer(user.token), payload: { code } });

const codeOf = (user: SignedIn) => user.data.user.inviteCode;

async function userId(user: SignedIn): Promise<bigint> {
  const row = await t.db.selectFrom('users').select('id').where('address', '=', user.wallet.address).executeTakeFirstOrThrow();
  return row.id;
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

describe('invite details', () => {
  it('gives the code, a link on the configured origin, the rate and empty figures', async () => {
    const user = await signIn(t.app, t.clock);
    expect(await details(user)).toEqual({
      code: codeOf(user),
      link: `https://${TEST_HOST}/login?invite=${codeOf(user)}`,
      inviteeCount: 0,
      commissionYesterday: '0',
      commissionTotal: '0',
      commissionRate: '5',
      currency: 'USDT',
      inviter: null,
    });
  });

  it('builds the link on the first configured origin, never on the Host the request names, and shows the configured rate', async () => {
    const other = await startTestApp({ config: { publicOrigins: [`https://${TEST_HOST}`, 'https://m.powerfi.test'], commissionRate: '2.5' } });
    try {
      const user = await signIn(other.app, other.clock);
      const response = await other.app.inject({ method: 'GET', url: DETAILS, headers: { ...bearer(user.token), host: 'phish.example' } });
      expect(response.json().data).toMatchObject({ link: `https://${TEST_HOST}/login?invite=${codeOf(user)}`, commissionRate: '2.5' });
    } finally {
      await other.close();
    }
  });

  it('lists the users who signed up through the link, newest first, paged', async () => {
    const inviter = await signIn(t.app, t.clock);
    const first = await signIn(t.app, t.clock, { invite: codeOf(inviter) });
    t.clock.advance(1000);
    const second = await signIn(t.app, t.clock, { invite: codeOf(inviter).toLowerCase() });
    await signIn(t.app, t.clock); // not invited

    expect(await details(inviter)).toMatchObject({ inviteeCount: 2 });
    expect((await details(first)).inviter).toEqual({ uid: inviter.data.user.uid, address: short(inviter.wallet.address) });
    const page = await invitees(inviter);
    expect(page.total).toBe(2);
    expect(page.list).toEqual([
      { uid: second.data.user.uid, address: short(second.wallet.address), joinedAt: second.data.user.createdAt, commission: '0' },
      { uid: first.data.user.uid, address: short(first.wallet.address), joinedAt: first.data.user.createdAt, commission: '0' },
    ]);
    const pageTwo = await invitees(inviter, '?page=2&pageSize=1');
    expect(pageTwo).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(pageTwo.list.map((i) => i.uid)).toEqual([first.data.user.uid]);
  });

  it('needs a session', async () => {
    for (const [method, url] of [['GET', DETAILS], ['GET', INVITEES]] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: BIND, payload: { code: 'ABCDEFGH' } })).statusCode).toBe(401);
  });
});

describe('binding an inviter by code', () => {
  it('binds once (code case and spaces ignored) and answers with the new details', async () => {
    const inviter = await signIn(t.app, t.clock);
    const user = await signIn(t.app, t.clock);
    const response = await bind(user, ` ${codeOf(inviter).toLowerCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.inviter).toEqual({ uid: inviter.data.user.uid, address: short(inviter.wallet.address) });
    expect((await invitees(inviter)).list.map((i) => i.uid)).toEqual([user.data.user.uid]);
  });

  it('refuses a second bind, also to the same inviter', async () => {
    const inviter = await signIn(t.app, t.clock);
    const another = await signIn(t.app, t.clock);
    const user = await signIn(t.app, t.clock, { invite: codeOf(inviter) });
    for (const code of [codeOf(another), codeOf(inviter)]) {
      const response = await bind(user, code);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errCode: 'BUSINESS_RULE', errMessage: '您已綁定邀請人，不能更改' });
    }
    expect((await details(user)).inviter?.uid).toBe(inviter.data.user.uid);
  });

  it('refuses an unknown code, naming it', async () => {
    const user = await signIn(t.app, t.clock);
    const response = await bind(user, 'ZZZZ9999');
    expect(response.statusCode).toBe(422);
    expect(response.json().errMessage).toBe('邀請碼 ZZZZ9999 不存在，請核對後再輸入');
    expect((await details(user)).inviter).toBeNull();
  });

  it('refuses your own code', async () => {
    const user = await signIn(t.app, t.clock);
    const response = await bind(user, codeOf(user));
    expect(response.statusCode).toBe(422);
    expect(response.json().errMessage).toBe('不能綁定自己的邀請碼');
  });

  it('refuses anyone in your own invitee chain (direct and further down): no cycles', async () => {
    const top = await signIn(t.app, t.clock);
    const child = await signIn(t.app, t.clock, { invite: codeOf(top) });
    const grandchild = await signIn(t.app, t.clock, { invite: codeOf(child) });
    for (const below of [child, grandchild]) {
      const response = await bind(top, codeOf(below));
      expect(response.statusCode).toBe(422);
      expect(response.json().errMessage).toBe('不能綁定您邀請的好友（或其邀請的人）為邀請人');
    }
    expect((await details(top)).inviter).toBeNull();
    // someone outside the chain is fine
    const outsider = await signIn(t.app, t.clock);
    expect((await bind(top, codeOf(outsider))).statusCode).toBe(200);
  });

  it('lets only one of two users binding each other at the same moment succeed', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await signIn(t.app, t.clock);
      const b = await signIn(t.app, t.clock);
      const responses = await Promise.all([bind(a, codeOf(b)), bind(b, codeOf(a))]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      const inviters = [(await details(a)).inviter, (await details(b)).inviter].filter(Boolean);
      expect(inviters).toHaveLength(1);
    }
  });

  it('explains the refusal in the requested language', async () => {
    const user = await signIn(t.app, t.clock);
    const response = await t.app.inject({ method: 'POST', url: BIND, headers: { ...bearer(user.token), 'accept-language': 'zh-CN' }, payload: { code: codeOf(user) } });
    expect(response.json().errMessage).toBe('不能绑定自己的邀请码');
  });
});

describe('commission', () => {
  const RATE = '5';

  it('pays the configured share of a purchase to the inviter in USDT, from the commission account, and the ledger stays balanced', async () => {
    const inviter = await signIn(t.app, t.clock);
    const buyer = await signIn(t.app, t.clock, { invite: codeOf(inviter) });
    const buyerId = await userId(buyer);
    const paid = await runMoneyTransaction(t.db, (trx) =>
      payCommission(trx, { buyerId, amountUnits: toUnits('1234.56789'), ref: 'power-order:test-1', now: t.clock.now(), rate: RATE }),
    );
    // 5 % of 1234.56789 = 61.7283945
    expect(paid).toEqual({ inviterId: await userId(inviter), amount: toUnits('61.7283945') });

    const inviterAccount = await t.db.selectFrom('ledger_accounts').select('available').where('owner', '=', `u${await userId(inviter)}`).where('currency', '=', 'USDT').executeTakeFirstOrThrow();
    expect(inviterAccount.available).toBe(toUnits('61.7283945'));
    expect(await systemBalance(t.db, 'commission', 'USDT')).toBeLessThanOrEqual(-toUnits('61.7283945'));
    const entries = await t.db.selectFrom('ledger_entries').select(['type', 'amount', 'remark']).where('user_id', '=', await userId(inviter)).execute();
    expect(entries).toEqual([{ type: 'commission', amount: toUnits('61.7283945'), remark: buyer.data.user.uid }]);
    const report = await checkLedger(t.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);

    expect(await details(inviter)).toMatchObject({ commissionTotal: '61.7283945', commissionYesterday: '0' });
    expect((await invitees(inviter)).list).toEqual([expect.objectContaining({ uid: buyer.data.user.uid, commission: '61.7283945' })]);
  });

  it("counts a commission as yesterday's on the next day of the display time zone only", async () => {
    const inviter = await signIn(t.app, t.clock);
    const buyer = await signIn(t.app, t.clock, { invite: codeOf(inviter) });
    const buyerId = await userId(buyer);
    await runMoneyTransaction(t.db, (trx) => payCommission(trx, { buyerId, amountUnits: toUnits('100'), ref: 'power-order:test-2', now: t.clock.now(), rate: RATE }));
    const savedNow = t.clock.now();
    try {
      // a day later the session has idled out: sign in again with the same wallet
      t.clock.advance(DAY);
      expect(await details(await signIn(t.app, t.clock, { wallet: inviter.wallet }))).toMatchObject({ commissionYesterday: '5', commissionTotal: '5' });
      t.clock.advance(DAY);
      expect(await details(await signIn(t.app, t.clock, { wallet: inviter.wallet }))).toMatchObject({ commissionYesterday: '0', commissionTotal: '5' });
    } finally {
      t.clock.set(savedNow);
    }
  });

  it('uses the rate it is given and rounds down to 1e-8; a zero commission posts nothing', async () => {
    const inviter = await signIn(t.app, t.clock);
    const buyer = await signIn(t.app, t.clock, { invite: codeOf(inviter) });
    const buyerId = await userId(buyer);
    const pay = (amount: string, ref: string, rate: string) =>
      runMoneyTransaction(t.db, (trx) => payCommission(trx, { buyerId, amountUnits: toUnits(amount), ref, now: t.clock.now(), rate }));
    // 2.5 % of 3.33333333 = 0.08333333325 → 0.08333333
    expect(await pay('3.33333333', 'finance-order:test-3a', '2.5')).toEqual({ inviterId: await userId(inviter), amount: toUnits('0.08333333') });
    // 2.5 % of 0.00000039 = 0.00000000975 → 0
    expect(await pay('0.00000039', 'finance-order:test-3b', '2.5')).toBeNull();
    expect(await details(inviter)).toMatchObject({ commissionTotal: '0.08333333' });
    expect((await invitees(inviter)).list[0].commission).toBe('0.08333333');
  });

  it('pays nothing when the buyer has no inviter', async () => {
    const buyer = await signIn(t.app, t.clock);
    const buyerId = await userId(buyer);
    const before = await t.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    const paid = await runMoneyTransaction(t.db, (trx) => payCommission(trx, { buyerId, amountUnits: toUnits('500'), ref: 'power-order:test-4', now: t.clock.now(), rate: RATE }));
    expect(paid).toBeNull();
    const after = await t.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    expect(BigInt(after.n)).toBe(BigInt(before.n));
  });

  it('disappears with the purchase when the purchase transaction fails', async () => {
    const inviter = await signIn(t.app, t.clock);
    const buyer = await signIn(t.app, t.clock, { invite: codeOf(inviter) });
    const buyerId = await userId(buyer);
    await expect(
      runMoneyTransaction(t.db, async (trx) => {
        await payCommission(trx, { buyerId, amountUnits: toUnits('80'), ref: 'power-order:test-5', now: t.clock.now(), rate: RATE });
        throw new Error('the purchase failed after the commission');
      }),
    ).rejects.toThrow('the purchase failed');
    expect(await details(inviter)).toMatchObject({ commissionTotal: '0' });
    const entries = await t.db.selectFrom('ledger_entries').select('id').where('user_id', '=', await userId(inviter)).execute();
    expect(entries).toEqual([]);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('is paid once per purchase ref', async () => {
    const inviter = await signIn(t.app, t.clock);
    const buyer = await signIn(t.app, t.clock, { invite: codeOf(inviter) });
    const buyerId = await userId(buyer);
    const pay = () => runMoneyTransaction(t.db, (trx) => payCommission(trx, { buyerId, amountUnits: toUnits('10'), ref: 'power-order:test-6', now: t.clock.now(), rate: RATE }));
    await pay();
    await expect(pay()).rejects.toThrow();
    expect(await details(inviter)).toMatchObject({ commissionTotal: '0.5' });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
