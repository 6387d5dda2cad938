/**
 * The calls of the load's mix that write (sign-in, a conversion's quote and its use, a transfer
 * with a right or a wrong pay password) write only inside transactions, so that on SQLite every
 * commit can join the group of those in flight instead of flushing the disk alone. On PostgreSQL a
 * pay-password try, and the settling of a right one, are single statements committed by themselves
 * (db/index.ts `commitAlone`): a BEGIN and a COMMIT around them would only add round trips.
 */
import { Wallet } from 'ethers';
import type { TestApp } from './support/app';
import { convert, deposit, newUser, PAY_PASSWORD, quote, startWithPayee, transfer, type MoneyUser } from './support/ledger';
import { signIn } from './support/siwe';
import { statementsRunBy, writesOutsideTransactions } from './support/statements';

let t: TestApp;
let payee: MoneyUser;
beforeAll(async () => {
  ({ t, payee } = await startWithPayee());
});
afterAll(async () => t.close());

/** what `call` ran, checking it wrote something (so an empty list means something) */
async function writesAlone(call: () => Promise<unknown>, writes: RegExp): Promise<string[]> {
  const ran = await statementsRunBy(t.testDb.kind, call);
  expect(ran.some((statement) => /^\s*(insert|update)/i.test(statement) && writes.test(statement))).toBe(true);
  const alone = writesOutsideTransactions(ran);
  if (t.testDb.kind === 'sqlite') return alone;
  const payPasswordTry = /^(insert into|update) "pay_password_guards"/;
  return alone.filter((statement) => !payPasswordTry.test(statement));
}

it('sign-in: the nonce and the session', async () => {
  expect(await writesAlone(() => signIn(t.app, t.clock, { wallet: Wallet.createRandom() }), /auth_nonces/)).toEqual([]);
});

it('a conversion: its quote and the conversion', async () => {
  const user = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, user, '100');
  const written = await writesAlone(async () => {
    const quoted = await quote(t.app, user, { from: 'USDT', to: 'BTC', amount: '10' });
    expect(quoted.statusCode).toBe(200);
    const converted = await convert(t.app, user, quoted.json().data.quoteId);
    expect(converted.statusCode).toBe(200);
  }, /convert_quotes/);
  expect(written).toEqual([]);
});

it.each([
  ['a right pay password', PAY_PASSWORD, 200],
  ['a wrong one', '000000', 422],
])('a transfer with %s: the try is counted and settled inside transactions', async (_name, payPassword, status) => {
  const user = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, user, '100');
  const written = await writesAlone(async () => {
    expect((await transfer(t.app, user, { to: payee.uid, amount: '10', payPassword })).statusCode).toBe(status);
  }, /pay_password_guards/);
  expect(written).toEqual([]);
});
