/**
 * The mocks' in-memory world: users, sessions, nonces and everything a user owns. Files starting
 * with `_` are helpers, excluded from Umi's mock loading in .umirc.ts (`mock.exclude`).
 * Plausible, not a second server; the rule tables (fees, minimums, limits, statuses, lockout) are
 * the server's own, imported from contract/rules/.
 */
import type { NotificationKindType } from '../contract/notification';
import { randomBytes } from 'crypto';
import type { ConvertQuoteType, ConvertRecordType, PowerBillType, PowerExchangeRecordType, TransferRecordType } from '../contract/account';
import type { RechargeResponseType } from '../contract/account';
import type { AddressType } from '../contract/address';
import type { LogisticsType, MallOrderType } from '../contract/mall';
import type { FinanceOrderType, PowerOrderType } from '../contract/product';
import { fromUnits } from '../contract/rules/money';
import type { LedgerEntryKind, ProfileType, WalletEntryType } from '../contract/user';
import { createCatalog } from './_catalog';
import { now as mockNow, timestamp } from './_time';
import { MockError, refusal } from './_errors';
import { PAY_PASSWORD_LOCK_MS, PAY_PASSWORD_MAX_FAILURES, lockMinutesLeft } from '../contract/rules/payPassword';

export type DepositRecordType = RechargeResponseType['records']['list'][number];

export interface Balance {
  available: bigint;
  frozen: bigint;
}

/** Mined coin of the power account, not yet exchanged. */
export interface MinedCoin {
  outputYesterday: bigint;
  outputTotal: bigint;
  available: bigint;
}

/** Interest a finance order accrued on one day (paid out at maturity). */
export interface InterestAccrual {
  orderId: string;
  day: string;
  amount: bigint;
}

export interface Commission {
  fromUid: string;
  amount: bigint;
  day: string;
}

export interface MockUser {
  uid: string;
  address: string;
  inviteCode: string;
  inviterUid: string | null;
  createdAt: string;
  payPassword: string | null;
  /** when the pay password was last set or changed (ms; the mocks' clock), if ever */
  payPasswordChangedAt: number | null;
  /** when the pay password was last reset with a wallet signature alone (ms), if ever: withdrawals are held after it */
  payPasswordResetAt: number | null;
  /** wrong pay-password tries in a row, and when the lock they caused ends (ms since epoch; 0: none) */
  payPasswordGuard: { failures: number; lockedUntil: number };
  balances: Map<string, Balance>;
  /** ledger entries, oldest first */
  entries: WalletEntryType[];
  deposits: DepositRecordType[];
  transfers: TransferRecordType[];
  quotes: Map<string, ConvertQuoteType>;
  /** quotes already converted (a quote is used once) */
  usedQuotes: Set<string>;
  converts: ConvertRecordType[];
  mined: Map<string, MinedCoin>;
  bills: PowerBillType[];
  exchanges: PowerExchangeRecordType[];
  powerOrders: PowerOrderType[];
  financeOrders: FinanceOrderType[];
  interest: InterestAccrual[];
  commissions: Commission[];
  addresses: AddressType[];
  mallOrders: MallOrderType[];
  logistics: Map<string, LogisticsType>;
  /** the message centre, oldest first (mock/notification.ts) */
  notifications: MockNotification[];
}

/** A notification as the mocks keep it: the contract's, its read flag flipped in place. */
export interface MockNotification {
  id: string;
  kind: NotificationKindType;
  payload: Record<string, string>;
  createdAt: string;
  read: boolean;
}

export interface MockSessionInfo {
  /** public id (not the token) */
  id: string;
  userAgent: string;
  createdAt: number;
}

interface IdempotentReply {
  request: string;
  status: number;
  body: unknown;
}

export const state = {
  users: new Map<string, MockUser>(),
  /** session token → uid */
  sessions: new Map<string, string>(),
  /** SIWE nonce → expiry (ms since epoch) */
  nonces: new Map<string, number>(),
  /** session token → what the session list shows */
  sessionInfo: new Map<string, MockSessionInfo>(),
  /** step-up nonce → the user and purpose it was issued for, and its expiry */
  challenges: new Map<string, { uid: string; purpose: string; expires: number }>(),
  idempotency: new Map<string, IdempotentReply>(),
  catalog: createCatalog(),
  lastId: 100000,
  lastUid: 10086000,
};

/** A fresh numeric id as the contract's decimal string. */
export function nextId(): string {
  state.lastId += 1;
  return String(state.lastId);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}

export function findUserByAddress(address: string): MockUser | undefined {
  const wanted = address.toLowerCase();
  return [...state.users.values()].find((u) => u.address.toLowerCase() === wanted);
}

export function findUserByInviteCode(code: string): MockUser | undefined {
  const wanted = code.trim().toUpperCase();
  return [...state.users.values()].find((u) => u.inviteCode === wanted);
}

export function createUser(address: string, inviterUid: string | null = null): MockUser {
  state.lastUid += 1;
  const uid = String(state.lastUid);
  const user: MockUser = {
    uid,
    address,
    inviteCode: `PF${uid.slice(-4)}${randomToken(1).toUpperCase()}`,
    inviterUid,
    createdAt: timestamp(),
    payPassword: null,
    payPasswordChangedAt: null,
    payPasswordResetAt: null,
    payPasswordGuard: { failures: 0, lockedUntil: 0 },
    balances: new Map(),
    entries: [],
    deposits: [],
    transfers: [],
    quotes: new Map(),
    usedQuotes: new Set(),
    converts: [],
    mined: new Map(),
    bills: [],
    exchanges: [],
    powerOrders: [],
    financeOrders: [],
    interest: [],
    commissions: [],
    addresses: [],
    mallOrders: [],
    logistics: new Map(),
    notifications: [],
  };
  state.users.set(uid, user);
  return user;
}

export function profileOf(user: MockUser): ProfileType {
  return {
    uid: user.uid,
    address: user.address,
    inviteCode: user.inviteCode,
    hasPayPassword: user.payPassword !== null,
    inviterUid: user.inviterUid,
    createdAt: user.createdAt,
  };
}

export function balanceOf(user: MockUser, currency: string): Balance {
  let balance = user.balances.get(currency);
  if (!balance) {
    balance = { available: 0n, frozen: 0n };
    user.balances.set(currency, balance);
  }
  return balance;
}

/** Refuses with 422 unless `needed` of `currency` is available. */
export function requireAvailable(user: MockUser, currency: string, needed: bigint): void {
  if (balanceOf(user, currency).available < needed) throw new MockError('INSUFFICIENT_BALANCE');
}

/** Appends a ledger entry; `balanceAfter` is the balance of the account it belongs to. */
export function writeEntry(
  user: MockUser, type: LedgerEntryKind, currency: string, delta: bigint, balanceAfter: bigint, remark: string, at = timestamp(),
): void {
  const entry = { id: nextId(), type, currency, amount: fromUnits(delta), balanceAfter: fromUnits(balanceAfter), remark, createdAt: at };
  entryTimes.set(entry, mockNow());
  user.entries.push(entry);
}

/** when each ledger entry was written (ms; the mocks' clock): the wire's createdAt has whole seconds only */
const entryTimes = new WeakMap<WalletEntryType, number>();

export function entryTime(entry: WalletEntryType): number | undefined {
  return entryTimes.get(entry);
}

/** Changes an available balance by `delta` (never below zero) and writes the ledger entry. */
export function book(user: MockUser, type: LedgerEntryKind, currency: string, delta: bigint, remark: string, at = timestamp()): void {
  const balance = balanceOf(user, currency);
  if (balance.available + delta < 0n) throw new MockError('INSUFFICIENT_BALANCE');
  balance.available += delta;
  writeEntry(user, type, currency, delta, balance.available, remark, at);
}

/** Changes a frozen balance (principal locked in a finance order), next to its ledger entry. */
export function addFrozen(user: MockUser, currency: string, delta: bigint): void {
  balanceOf(user, currency).frozen += delta;
}

function lockedRefusal(lockedUntil: number, now: number): MockError {
  const minutes = lockMinutesLeft(lockedUntil, now);
  return refusal('PAY_PASSWORD_LOCKED', 'payPassword.locked', { minutes }, { retryAfterMinutes: minutes });
}

/**
 * Refuses unless the user has set a pay password and `given` matches it, with the server's lockout
 * (contract/rules/payPassword.ts): PAY_PASSWORD_MAX_FAILURES wrong tries in a row lock it for
 * PAY_PASSWORD_LOCK_MS (423), each wrong try says how many are left, a right one forgives the run.
 */
export function checkPayPassword(user: MockUser, given: string, now = Date.now()): void {
  if (user.payPassword === null) throw refusal('PAY_PASSWORD_REQUIRED', 'payPassword.notSet');
  const guard = user.payPasswordGuard;
  if (guard.lockedUntil > now) throw lockedRefusal(guard.lockedUntil, now);
  // an expired lock starts a fresh count
  if (guard.lockedUntil > 0) Object.assign(guard, { failures: 0, lockedUntil: 0 });
  if (user.payPassword === given) {
    guard.failures = 0;
    return;
  }
  guard.failures += 1;
  if (guard.failures >= PAY_PASSWORD_MAX_FAILURES) {
    guard.lockedUntil = now + PAY_PASSWORD_LOCK_MS;
    throw lockedRefusal(guard.lockedUntil, now);
  }
  const remaining = PAY_PASSWORD_MAX_FAILURES - guard.failures;
  throw refusal('PAY_PASSWORD_WRONG', 'payPassword.wrong', { remaining }, { remainingTries: remaining });
}

