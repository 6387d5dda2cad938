/**
 * Money test helpers: a signed-in user with a pay password and an ops-credited deposit, and
 * calls to the money endpoints with optional Idempotency-Key.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { creditDeposit } from '../../../server/deposits/creditByHand';
import { cliActor } from '../../../server/operators/actor';
import type { Db } from '../../../server/db';
import type { Clock } from '../../../server/time';
import { startTestApp, type TestApp, type TestAppOptions } from './app';
import { bearer, idempotencyHeader, signIn, type TestWallet } from './siwe';
import { PAY_PASS_URL, postPayPass } from './stepUp';

export const PAY_PASSWORD = '246810';
export const TRANSFER_URL = '/api/v1/web/account/transfer/create';
export const CONVERT_URL = '/api/v1/web/account/convert/create';
export const QUOTE_URL = '/api/v1/web/account/convert/quote';
export { PAY_PASS_URL };
export const BALANCES_URL = '/api/v1/web/account/account';
export const DETAILS_URL = '/api/v1/web/user/wallet/details';

export interface MoneyUser {
  token: string;
  /** the wallet that signed in: it signs the fresh proofs (step-up) */
  wallet: TestWallet;
  uid: string;
  address: string;
  userId: bigint;
}

export function randomTxHash(): string {
  return `0x${randomBytes(32).toString('hex')}`;
}

export async function newUser(app: FastifyInstance, db: Db, clock: Clock, options: { payPassword?: string | null } = {}): Promise<MoneyUser> {
  const { token, wallet, data } = await signIn(app, clock);
  const user = await db.selectFrom('users').select('id').where('uid', '=', data.user.uid).executeTakeFirstOrThrow();
  const password = options.payPassword === undefined ? PAY_PASSWORD : options.payPassword;
  if (password) {
    const response = await postPayPass(app, clock, { token, wallet }, { newPassword: password });
    if (response.statusCode !== 200) throw new Error(`pay-pass failed: ${response.body}`);
  }
  return { token, wallet, uid: data.user.uid, address: data.user.address, userId: user.id };
}

export async function deposit(db: Db, clock: Clock, user: MoneyUser, amount: string, currency = 'USDT', network = 'ERC20'): Promise<void> {
  await creditDeposit(db, { uid: user.uid, network, currency, amount, txHash: randomTxHash() }, { actor: cliActor('test'), now: clock.now(), reason: '' });
}

export function transfer(
  app: FastifyInstance,
  from: MoneyUser,
  body: { to: string; amount: string; currency?: string; payPassword?: string },
  idempotencyKey?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: TRANSFER_URL,
    headers: { ...bearer(from.token), ...idempotencyHeader(idempotencyKey) },
    payload: { currency: 'USDT', payPassword: PAY_PASSWORD, ...body },
  });
}

/** Asks a conversion quote for `amount` of `from` in `to`. */
export function quote(app: FastifyInstance, user: MoneyUser, body: { from: string; to: string; amount: string }): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: QUOTE_URL, headers: bearer(user.token), payload: body });
}

/** Converts at the quote `quoteId`, with the test pay password. */
export function convert(app: FastifyInstance, user: MoneyUser, quoteId: string, idempotencyKey?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: CONVERT_URL,
    headers: { ...bearer(user.token), ...idempotencyHeader(idempotencyKey) },
    payload: { quoteId, payPassword: PAY_PASSWORD },
  });
}

export async function balanceOf(app: FastifyInstance, user: MoneyUser, currency = 'USDT'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `${BALANCES_URL}?currency=${currency}`, headers: bearer(user.token) });
  const balance = response.json().data.balances.find((b: { currency: string }) => b.currency === currency);
  return balance?.available ?? '0';
}

/** A seeded test app (with `options`) and a payee: a user without a pay password, who only receives. */
export async function startWithPayee(options: TestAppOptions = {}): Promise<{ t: TestApp; payee: MoneyUser }> {
  const t = await startTestApp({ ...options, seed: true });
  return { t, payee: await newUser(t.app, t.db, t.clock, { payPassword: null }) };
}

/** A seeded test app with two users who have a pay password; alice holds `aliceUsdt` USDT. */
export async function startWithAliceAndBob(aliceUsdt: string): Promise<{ t: TestApp; alice: MoneyUser; bob: MoneyUser }> {
  const t = await startTestApp({ seed: true });
  const alice = await newUser(t.app, t.db, t.clock);
  const bob = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, aliceUsdt);
  return { t, alice, bob };
}
