/**
 * The transfer page checks the recipient as it is typed, before any pay
 * password. The answer names the recipient by a masked address only (never the full address or
 * anything else); an unknown recipient or oneself is a 404 with a clear message; the lookup needs
 * a session and is rate limited per caller, so it cannot walk the user table.
 */
import { startTestApp, type TestApp } from './support/app';
import { newUser, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';

const LIMIT = 8;
let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
beforeAll(async () => {
  t = await startTestApp({ seed: true, config: { rateLimit: { authMax: 1000, moneyMax: LIMIT, windowMs: 60_000 } } });
  alice = await newUser(t.app, t.db, t.clock);
  bob = await newUser(t.app, t.db, t.clock);
});
afterAll(async () => t.close());

const lookup = (token: string | undefined, to: string, language = 'zh-CN') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/web/account/transfer/recipient?to=${encodeURIComponent(to)}`,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
  });

test('names the recipient by a masked address only, by UID or by address in any letter case; refuses unknown ones, oneself, strangers and too many lookups', async () => {
  const masked = `${bob.address.slice(0, 4)}…${bob.address.slice(-4)}`;
  for (const to of [bob.uid, bob.address, bob.address.toLowerCase(), ` ${bob.uid} `]) {
    const response = await lookup(alice.token, to);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ maskedAddress: masked });
    expect(response.body).not.toContain(bob.address.slice(4, -4));
    expect(response.body).not.toContain(bob.address.toLowerCase().slice(4, -4));
  }

  const unknown = await lookup(alice.token, '99999999');
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toMatchObject({ success: false, errCode: 'NOT_FOUND' });
  expect(unknown.json().errMessage).toContain('找不到收款人：99999999');

  const unknownAddress = await lookup(alice.token, '0x000000000000000000000000000000000000dEaD');
  expect(unknownAddress.statusCode).toBe(404);
  expect(unknownAddress.json().errMessage).toContain('找不到收款人');

  const notARecipient = await lookup(alice.token, 'bob');
  expect(notARecipient.statusCode).toBe(404);
  expect(notARecipient.json().errMessage).toContain('找不到收款人');

  const self = await lookup(alice.token, alice.uid);
  expect(self.statusCode).toBe(404);
  expect(self.json().errMessage).toContain('不能转账给自己');
  expect(self.body).not.toContain(alice.address);

  expect((await lookup(undefined, bob.uid)).statusCode).toBe(401);

  // 8 lookups so far for alice: the next one is over the limit; bob has his own budget
  const limited = await lookup(alice.token, bob.uid);
  expect(limited.statusCode).toBe(429);
  expect(limited.json().success).toBe(false);
  expect((await lookup(bob.token, alice.uid)).statusCode).toBe(200);
});
