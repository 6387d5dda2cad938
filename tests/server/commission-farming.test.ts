/**
 * Invite commission cannot be farmed by self-referral (docs/invites.md). The attack: one person
 * with two accounts, the second invited by the first, cycles the same 5 000 USDT through a 7-day
 * finance product. Before, the inviter got 5 % of the principal at once, every week, while the
 * principal came back at maturity. Now a finance subscription pays nothing up front, and at
 * maturity the inviter gets the rate × the interest actually paid, once per order. A power
 * purchase, whose price is never returned, still pays the rate × its price at once.
 */
import { sql } from 'kysely';
import { checkLedger } from '../../server/ledger/invariants';
import { fromUnits, percentOf, toUnits } from '../../contract/rules/money';
import { settlePendingDays } from '../../server/settlement/pendingDays';
import { MARCH_FIRST_NOON, PAY_PASSWORD, balance, call, insertFinanceProduct, insertPowerProduct, newUser, type TestUser } from './products.fixture';
import { startTestApp, type TestApp } from './support/app';
import { DAY } from './support/clock';

const RATE = '5';
const OFFSET = 480;

let t: TestApp;
beforeAll(async () => {
  // sessions outlive the weeks the clock travels
  t = await startTestApp({ config: { commissionRate: RATE, tokenIdleTtlMs: 365 * DAY, tokenAbsoluteTtlMs: 365 * DAY } });
  t.clock.set(MARCH_FIRST_NOON);
});
afterAll(async () => t.close());

/** A self-referral pair: `inviter` with nothing, `invitee` (bound to it) with `usdt`. */
async function pair(usdt: string): Promise<{ inviter: TestUser; invitee: TestUser }> {
  const inviter = await newUser(t, '0');
  const { invite_code: code } = await t.db.selectFrom('users').select('invite_code').where('id', '=', inviter.id).executeTakeFirstOrThrow();
  const invitee = await newUser(t, usdt, code);
  return { inviter, invitee };
}

const usdtOf = async (user: TestUser) => (await balance(t, user.id, 'USDT')).available;

async function interestPaid(orderId: string): Promise<bigint> {
  const row = await t.db.selectFrom('finance_interest').select(sql<bigint>`coalesce(sum(amount), 0)`.as('total')).where('order_id', '=', BigInt(orderId)).executeTakeFirstOrThrow();
  return BigInt(row.total);
}

async function subscribe(user: TestUser, productId: string, amount: string): Promise<string> {
  const answer = await call(t, user, 'POST', '/product/finance-order/create', { productId, amount, payPassword: PAY_PASSWORD });
  expect(answer.status).toBe(200);
  return answer.body.data.id;
}

describe('the self-referral farming loop', () => {
  it('pays nothing on a finance subscription, then exactly the rate × interest paid at maturity, once; three weekly cycles earn the pair no more', async () => {
    const { inviter, invitee } = await pair('5000');
    const product = await insertFinanceProduct(t, { annualRate: '10', lockDays: 7, minAmount: '100', maxAmount: '100000' });
    let expectedCommission = 0n;
    let totalInterest = 0n;
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const principal = await usdtOf(invitee);
      const orderId = await subscribe(invitee, product, fromUnits(principal));
      // the attack used to pay 5 % of the principal right here
      expect(await usdtOf(inviter)).toBe(expectedCommission);

      t.clock.advance(8 * DAY);
      await settlePendingDays(t.db, t.clock, OFFSET, RATE);
      const interest = await interestPaid(orderId);
      expect(interest).toBeGreaterThan(0n);
      totalInterest += interest;
      expectedCommission += percentOf(interest, toUnits(RATE), 'down');
      expect(await usdtOf(invitee)).toBe(principal + interest);
      expect(await usdtOf(inviter)).toBe(expectedCommission);
      // settling again pays nothing more
      await settlePendingDays(t.db, t.clock, OFFSET, RATE);
      expect(await usdtOf(inviter)).toBe(expectedCommission);
    }
    // what the pair gained: the interest and the rate × that interest, nothing on the 5 000 cycled three times
    expect((await usdtOf(inviter)) + (await usdtOf(invitee)) - toUnits('5000')).toBe(totalInterest + expectedCommission);
    // 3 × 5 % of 10 %-a-year interest on 5 000 for 7 days ≈ 1.44 USDT; the old rule paid 3 × 250
    expect(expectedCommission).toBeLessThan(toUnits('1.5'));
    const commissions = await t.db.selectFrom('invite_commissions').select(['ref', 'purchase_amount', 'amount']).where('inviter_id', '=', inviter.id).orderBy('id').execute();
    expect(commissions).toHaveLength(3);
    expect(commissions.every((c) => c.ref.startsWith('finance-interest:'))).toBe(true);
    const report = await checkLedger(t.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);

    const details = await call(t, inviter, 'GET', '/user/invite/details');
    expect(details.body.data.commissionTotal).toBe(fromUnits(expectedCommission));
  });

  it('pays nothing when a finance order is subscribed and redeemed without an inviter', async () => {
    const loner = await newUser(t, '1000');
    const product = await insertFinanceProduct(t, { annualRate: '10', lockDays: 2, minAmount: '100' });
    await subscribe(loner, product, '1000');
    t.clock.advance(3 * DAY);
    await settlePendingDays(t.db, t.clock, OFFSET, RATE);
    const rows = await t.db.selectFrom('invite_commissions').select('id').where('invitee_id', '=', loner.id).execute();
    expect(rows).toEqual([]);
  });

  it('still pays the rate × the price of a power purchase at once: that money is spent, never returned', async () => {
    const { inviter, invitee } = await pair('1000');
    const product = await insertPowerProduct(t, { price: '10' });
    const bought = await call(t, invitee, 'POST', '/product/power-order/create', { productId: product, units: 30, payPassword: PAY_PASSWORD });
    expect(bought.status).toBe(200);
    expect(await usdtOf(inviter)).toBe(toUnits('15'));
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
