/**
 * Shared by the products, power and settlement tests: products with round figures inserted
 * directly, users who are signed in, have a pay password and a USDT balance, and typed calls.
 */
import { randomBytes } from 'node:crypto';
import type { ApiEnvelope } from '../../contract';
import { creditDeposit } from '../../server/deposits/creditByHand';
import { cliActor } from '../../server/operators/actor';
import { toUnits } from '../../contract/rules/money';
import type { TestApp } from './support/app';
import { idempotencyHeader, TEST_HOST, signIn, type TestWallet } from './support/siwe';
import { postPayPass } from './support/stepUp';

export const PAY_PASSWORD = '246810';
/** 2026-03-01 12:00 in UTC+8 (the default display zone) */
export const MARCH_FIRST_NOON = Date.parse('2026-03-01T04:00:00Z');
const DAY_MS = 24 * 3600 * 1000;

export interface TestUser {
  id: bigint;
  uid: string;
  token: string;
  /** the wallet that signed in (for wallet proofs) */
  wallet?: TestWallet;
}

export async function newUser(t: TestApp, usdt = '0', invite?: string): Promise<TestUser> {
  const { token, wallet } = await signIn(t.app, t.clock, invite ? { invite } : {});
  const user = await t.db.selectFrom('users').select(['id', 'uid']).where('address', '=', wallet.address).executeTakeFirstOrThrow();
  const set = await postPayPass(t.app, t.clock, { token, wallet }, { newPassword: PAY_PASSWORD });
  if (set.statusCode !== 200) throw new Error(`pay-pass failed: ${set.body}`);
  if (usdt !== '0') {
    await creditDeposit(t.db, { uid: user.uid, network: 'ERC20', currency: 'USDT', amount: usdt, txHash: `0x${randomBytes(32).toString('hex')}` }, { actor: cliActor('test'), now: t.clock.now(), reason: '' });
  }
  return { id: user.id, uid: user.uid, token, wallet };
}

export interface PowerProductInput {
  price?: string;
  termDays?: number;
  dailyOutput?: string;
  electricityFee?: string;
  managementFeeRate?: string;
  stock?: number;
  minUnits?: number;
  saleStart?: number;
  saleEnd?: number;
}

export async function insertPowerProduct(t: TestApp, p: PowerProductInput = {}): Promise<string> {
  const now = t.clock.now();
  const row = await t.db
    .insertInto('power_products')
    .values({
      title: 'BTC test power', coin: 'BTC', unit: 'TH/s',
      price_per_unit: toUnits(p.price ?? '10'), term_days: BigInt(p.termDays ?? 30),
      daily_output_per_unit: toUnits(p.dailyOutput ?? '0.00001'), electricity_fee_per_unit: toUnits(p.electricityFee ?? '0.000002'),
      management_fee_rate: toUnits(p.managementFeeRate ?? '5'), stock: BigInt(p.stock ?? 1000), sold: 0n, min_units: BigInt(p.minUnits ?? 1),
      sale_start: BigInt(p.saleStart ?? now - DAY_MS), sale_end: BigInt(p.saleEnd ?? now + 365 * DAY_MS), sort: 0n, active: 1n, created_at: BigInt(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export interface FinanceProductInput {
  annualRate?: string;
  lockDays?: number;
  minAmount?: string;
  maxAmount?: string;
  quota?: string;
}

export async function insertFinanceProduct(t: TestApp, p: FinanceProductInput = {}): Promise<string> {
  const row = await t.db
    .insertInto('finance_products')
    .values({
      title: 'USDT test finance', currency: 'USDT', annual_rate: toUnits(p.annualRate ?? '7.3'), lock_days: BigInt(p.lockDays ?? 10),
      min_amount: toUnits(p.minAmount ?? '10'), max_amount: toUnits(p.maxAmount ?? '100000'), quota: toUnits(p.quota ?? '1000000'),
      sold: 0n, sort: 0n, active: 1n, created_at: BigInt(t.clock.now()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export interface Answer<T> {
  status: number;
  body: ApiEnvelope<T>;
}

export async function call<T = any>(t: TestApp, user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object, idempotencyKey?: string): Promise<Answer<T>> {
  const response = await t.app.inject({
    method,
    url: `/api/v1/web${url}`,
    headers: {
      host: TEST_HOST,
      'accept-language': 'zh-TW',
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...idempotencyHeader(idempotencyKey),
    },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as ApiEnvelope<T> };
}

export async function balance(t: TestApp, userId: bigint, currency: string): Promise<{ available: bigint; frozen: bigint }> {
  const row = await t.db.selectFrom('ledger_accounts').select(['available', 'frozen']).where('owner', '=', `u${userId}`).where('currency', '=', currency).executeTakeFirst();
  return { available: row?.available ?? 0n, frozen: row?.frozen ?? 0n };
}
