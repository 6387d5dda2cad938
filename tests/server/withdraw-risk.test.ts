/**
 * The platform's circuit breaker: once every user's withdrawals of a currency in the last hour pass
 * WITHDRAW_PLATFORM_HOURLY_LIMIT_<CURRENCY>, each further one waits for review (reason
 * platformLimit) and the log warns; returned withdrawals do not count, and the hour is half-open.
 * The operator's list names every reason. SQLite, or PostgreSQL when DATABASE_URL is set.
 */
import { toUnits } from '../../contract/rules/money';
import { loadConfig } from '../../server/config';
import { WITHDRAW_OPS_COMMANDS } from '../../server/ops/withdrawCommands';
import { startTestApp, type TestApp } from './support/app';
import { DAY, HOUR } from './support/clock';
import { deposit, newUser, PAY_PASSWORD, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { walletProof } from './support/stepUp';
import { saveWithdrawAddress, type SavedAddress } from './support/withdrawals';
import { withdrawStatement } from '../../contract/rules/withdraw';

const logs: string[] = [];
let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
let aliceTo: SavedAddress;
let bobTo: SavedAddress;

beforeAll(async () => {
  t = await startTestApp({ seed: true, logs, config: { tokenIdleTtlMs: 30 * DAY, withdrawPlatformHourlyLimit: { USDT: toUnits('100'), ETH: toUnits('1') } } });
  alice = await newUser(t.app, t.db, t.clock);
  bob = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '1000');
  await deposit(t.db, t.clock, bob, '1000');
  aliceTo = await saveWithdrawAddress(t, alice);
  bobTo = await saveWithdrawAddress(t, bob);
  t.clock.advance(DAY);
});
afterAll(async () => t.close());

async function withdraw(user: MoneyUser, to: SavedAddress, amount: string): Promise<{ id: string; status: string; reviewReasons: string[] }> {
  const proof = await walletProof(t.app, t.clock, user, 'withdraw', { statement: withdrawStatement({ amount, currency: 'USDT', network: 'ERC20', address: to.address }) });
  const response = await t.app.inject({
    method: 'POST', url: '/api/v1/web/withdraw/request', headers: bearer(user.token),
    payload: { currency: 'USDT', network: 'ERC20', addressId: to.id, amount, payPassword: PAY_PASSWORD, proof },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const warnings = () => logs.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40 && line.msg.includes('hourly limit'));

it('sends every withdrawal to review once the hour\'s total of all users passes the limit, and warns', async () => {
  const first = await withdraw(alice, aliceTo, '60');
  expect(first.reviewReasons).not.toContain('platformLimit');
  t.clock.advance(HOUR - 2);
  // 60 + 50 > 100 within the hour: another user's withdrawal trips it
  const tripped = await withdraw(bob, bobTo, '50');
  expect(tripped).toMatchObject({ status: 'review' });
  expect(tripped.reviewReasons).toContain('platformLimit');
  expect(warnings()).toHaveLength(1);

  const printed: Array<Record<string, unknown>> = [];
  await WITHDRAW_OPS_COMMANDS['withdraw:list'].run(['--status', 'review'], { db: t.db, clock: t.clock, print: (line) => printed.push(line as Record<string, unknown>) });
  expect(printed.find((line) => line.id === tripped.id)).toMatchObject({ reviewReasons: expect.arrayContaining(['platformLimit', 'firstWithdrawal']) });

  // alice's 60 is now exactly an hour old (outside); bob's 50 still counts: 50 + 50 = 100 is not past the limit
  t.clock.advance(2);
  const after = await withdraw(alice, aliceTo, '50');
  expect(after.reviewReasons).not.toContain('platformLimit');

  // a rejected withdrawal is returned and no longer counts
  await WITHDRAW_OPS_COMMANDS['withdraw:reject'].run([after.id, '--reason', 'test'], { db: t.db, clock: t.clock, print: () => undefined });
  await WITHDRAW_OPS_COMMANDS['withdraw:reject'].run([tripped.id, '--reason', 'test'], { db: t.db, clock: t.clock, print: () => undefined });
  expect((await withdraw(bob, bobTo, '90')).reviewReasons).not.toContain('platformLimit');
  expect(warnings()).toHaveLength(1);
});

it('reads WITHDRAW_PLATFORM_HOURLY_LIMIT_<CURRENCY>, with the rule table\'s defaults, and refuses a bad value', () => {
  expect(loadConfig({}).withdrawPlatformHourlyLimit).toEqual({ USDT: toUnits('200000'), ETH: toUnits('100') });
  expect(loadConfig({ WITHDRAW_PLATFORM_HOURLY_LIMIT_USDT: '5000' }).withdrawPlatformHourlyLimit.USDT).toBe(toUnits('5000'));
  expect(() => loadConfig({ WITHDRAW_PLATFORM_HOURLY_LIMIT_ETH: 'lots' })).toThrow('WITHDRAW_PLATFORM_HOURLY_LIMIT_ETH must be a positive amount');
});
