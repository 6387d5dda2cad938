/**
 * Withdrawals in the mocks (contract/withdraw.ts), with the server's rules: the checks are the pure
 * functions of contract/rules/withdraw.ts the server calls too; the mocks keep only state (on the
 * mocks' clock, mock/_time.ts):
 * saved addresses (checksum per network, usable after the delay unless a wallet signature named
 * the address), options, a request (pay password, then a wallet signature over exactly this
 * withdrawal; amount + fee frozen), cancel while in review (returned), history, one withdrawal.
 * Nothing is sent on a chain here: a withdrawal that needs no review stays 处理中.
 */
import dayjs from 'dayjs';
import { contract } from '../contract';
import { fromUnits, toSignedUnits, toUnits } from '../contract/rules/money';
import { withdrawHeldUntil } from '../contract/rules/payPassword';
import {
  DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS, MAX_WITHDRAW_ADDRESSES, PLATFORM_WINDOW_MS, WITHDRAW_NETWORKS, WITHDRAW_PLATFORM_HOURLY_LIMIT, WITHDRAW_RULES, WITHDRAW_WINDOW_MS,
  checkWithdrawAddress, checkWithdrawAmount, checkWithdrawFunds, checksumWithdrawAddress, confirmationsNeeded, maxWithdrawNow, withdrawAddressStatement,
  withdrawReviewReasons, withdrawRule, withdrawStatement, type WithdrawRefusal,
} from '../contract/rules/withdraw';
import type { WalletEntryType } from '../contract/user';
import type { WithdrawAddressType, WithdrawalType } from '../contract/withdraw';
import { DEFAULT_EXPLORER_TX_URLS, explorerTxUrl } from '../contract/rules/withdrawNetworks';
import { refusal } from './_errors';
import { byId, mockRoutes, newestFirst, paginate } from './_kit';
import { addFrozen, balanceOf, book, checkPayPassword, entryTime, nextId, state, type MockUser } from './_state';
import { spendProof } from './_stepUp';
import { now, timestamp } from './_time';

const DELAY_MS = DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS * 3600_000;
/** returned withdrawals count towards no limit */
const RETURNED = ['rejected', 'cancelled', 'failed'];

interface SavedAddress { id: string; label: string; network: string; address: string; createdAt: number; usableFrom: number }
interface MockWithdrawal { view: WithdrawalType; at: number; units: bigint; fee: bigint }
interface WithdrawState { addresses: SavedAddress[]; withdrawals: MockWithdrawal[] }

const states = new WeakMap<MockUser, WithdrawState>();
function stateOf(user: MockUser): WithdrawState {
  let found = states.get(user);
  if (!found) states.set(user, (found = { addresses: [], withdrawals: [] }));
  return found;
}

const at = (ms: number) => timestamp(dayjs(ms));

/** When withdrawals may start again after the user's pay password reset, while they are held (server/payPassword/reset.ts). */
export function withdrawHoldOf(user: MockUser): string | undefined {
  const end = withdrawHeldUntil(user.payPasswordResetAt, now());
  return end === null ? undefined : at(end);
}

function addressView(a: SavedAddress): WithdrawAddressType {
  return { id: a.id, label: a.label, network: a.network, address: a.address, createdAt: at(a.createdAt), usableFrom: at(a.usableFrom), usable: now() >= a.usableFrom };
}

function refuseIf(found: WithdrawRefusal | null): void {
  if (found) throw refusal(found.code, found.messageKey, found.params);
}

/** every user's withdrawals of `currency` still counting (not returned) made after `since` */
function withdrawalsSince(users: Iterable<MockUser>, currency: string, since: number): bigint {
  let total = 0n;
  for (const user of users) {
    for (const w of stateOf(user).withdrawals) if (w.view.currency === currency && w.at > since && !RETURNED.includes(w.view.status)) total += w.units;
  }
  return total;
}

const withdrawnLastDay = (user: MockUser, currency: string) => withdrawalsSince([user], currency, now() - WITHDRAW_WINDOW_MS);

/** deposits credited and conversions received (convert_in less convert_fee) in `currency` within the window */
function inflowLastDay(user: MockUser, currency: string): bigint {
  const since = now() - WITHDRAW_WINDOW_MS;
  return user.entries
    .filter((e) => e.currency === currency && ['deposit', 'convert_in', 'convert_fee'].includes(e.type) && (entryTime(e) ?? 0) > since)
    .reduce((sum, e) => sum + toSignedUnits(e.amount), 0n);
}

export default mockRoutes(contract.withdraw, {
  addresses: ({ user }) => [...stateOf(user).addresses].reverse().map(addressView),

  addressAdd: ({ user, body }) => {
    if (!WITHDRAW_NETWORKS.includes(body.network)) throw refusal('BUSINESS_RULE', 'withdraw.unsupported', { currency: '', network: body.network });
    const checked = checksumWithdrawAddress(body.network, body.address);
    if ('refusal' in checked) throw refusal(checked.refusal.code, checked.refusal.messageKey, checked.refusal.params);
    const { address } = checked;
    const saved = stateOf(user).addresses;
    if (saved.length >= MAX_WITHDRAW_ADDRESSES) throw refusal('BUSINESS_RULE', 'withdraw.addressLimit', { max: MAX_WITHDRAW_ADDRESSES });
    if (saved.some((a) => a.network === body.network && a.address === address)) throw refusal('CONFLICT', 'withdraw.addressExists', { network: body.network });
    if (body.proof) spendProof(user, 'withdrawAddress.add', body.proof, { statement: withdrawAddressStatement({ network: body.network, address }), mismatch: 'withdraw.addressProofMismatch' });
    const added = { id: nextId(), label: body.label.trim(), network: body.network, address, createdAt: now(), usableFrom: body.proof ? now() : now() + DELAY_MS };
    saved.push(added);
    return addressView(added);
  },

  addressDelete: ({ user, body }) => {
    const state = stateOf(user);
    if (!state.addresses.some((a) => a.id === body.id)) throw refusal('NOT_FOUND', 'withdraw.addressNotFound');
    state.addresses = state.addresses.filter((a) => a.id !== body.id);
    return null;
  },

  options: ({ user }) => ({
    options: WITHDRAW_RULES.map((rule) => {
      const available = balanceOf(user, rule.currency).available;
      const withdrawn = withdrawnLastDay(user, rule.currency);
      const dailyLeft = toUnits(rule.dailyLimit) - withdrawn;
      return {
        ...rule,
        dailyLeft: fromUnits(dailyLeft > 0n ? dailyLeft : 0n),
        available: fromUnits(available),
        maxNow: fromUnits(maxWithdrawNow(rule, { available, withdrawnLastDay: withdrawn })),
      };
    }),
    addressDelayHours: DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS,
    ...(withdrawHoldOf(user) ? { withdrawHeldUntil: withdrawHoldOf(user) } : {}),
  }),

  request: ({ user, body, token }) => {
    checkPayPassword(user, body.payPassword);
    const heldUntil = withdrawHoldOf(user);
    if (heldUntil) throw refusal('BUSINESS_RULE', 'payPassword.resetWithdrawHold', { time: heldUntil }, { withdrawHeldUntil: heldUntil });
    const rule = withdrawRule(body.currency, body.network);
    if (!rule) throw refusal('BUSINESS_RULE', 'withdraw.unsupported', { currency: body.currency, network: body.network });
    const { currency, network } = rule;
    refuseIf(checkWithdrawAmount(rule, body.amount));
    const amount = toUnits(body.amount);
    const saved = stateOf(user).addresses.find((a) => a.id === body.addressId);
    if (!saved) throw refusal('NOT_FOUND', 'withdraw.addressNotFound');
    refuseIf(checkWithdrawAddress(rule, saved, now(), at));
    spendProof(user, 'withdraw', body.proof, { statement: withdrawStatement({ amount: body.amount, currency, network, address: saved.address }), mismatch: 'withdraw.proofMismatch' });
    const funds = { amount, available: balanceOf(user, currency).available, withdrawnLastDay: withdrawnLastDay(user, currency) };
    refuseIf(checkWithdrawFunds(rule, funds));
    const reasons = withdrawReviewReasons(rule, {
      ...funds,
      now: now(),
      addressCreatedAt: saved.createdAt,
      addressDelayMs: DELAY_MS,
      payPasswordChangedAt: user.payPasswordChangedAt,
      inflowLastDay: inflowLastDay(user, currency),
      firstWithdrawal: !stateOf(user).withdrawals.some((w) => !RETURNED.includes(w.view.status)),
      sessionStartedAt: (token && state.sessionInfo.get(token)?.createdAt) || now(),
      platformLastHour: withdrawalsSince(state.users.values(), currency, now() - PLATFORM_WINDOW_MS),
      platformHourlyLimit: toUnits(WITHDRAW_PLATFORM_HOURLY_LIMIT[currency] ?? '0'),
    });
    const fee = toUnits(rule.fee);
    const id = nextId();
    book(user, 'withdraw', currency, -(amount + fee), `withdraw:${id}`);
    addFrozen(user, currency, amount + fee);
    const createdAt = timestamp();
    const view: WithdrawalType = {
      id, currency, network, address: saved.address, addressLabel: saved.label, amount: fromUnits(amount), fee: rule.fee,
      status: reasons.length ? 'review' : 'processing', reviewReasons: reasons, reason: null, txHash: null,
      confirmations: 0, confirmationsNeeded: confirmationsNeeded(network), createdAt, updatedAt: createdAt, cancellable: reasons.length > 0,
    };
    stateOf(user).withdrawals.push({ view, at: now(), units: amount, fee });
    return view;
  },

  cancel: ({ user, body }) => {
    const found = stateOf(user).withdrawals.find((w) => w.view.id === body.id);
    if (!found) throw refusal('NOT_FOUND', 'withdraw.notFound');
    if (found.view.status !== 'review') throw refusal('CONFLICT', 'withdraw.notCancellable');
    addFrozen(user, found.view.currency, -(found.units + found.fee));
    book(user, 'withdraw_refund', found.view.currency, found.units + found.fee, `withdraw:${found.view.id}`);
    Object.assign(found.view, { status: 'cancelled', cancellable: false, updatedAt: timestamp(), finishedAt: timestamp() });
    return withdrawalView(found.view);
  },

  history: ({ user, query }) => paginate(newestFirst(stateOf(user).withdrawals.map((w) => withdrawalView(w.view))), query, byId),

  detail: ({ user, params }) => {
    const found = stateOf(user).withdrawals.find((w) => w.view.id === params.id);
    if (!found) throw refusal('NOT_FOUND', 'withdraw.notFound');
    return withdrawalView(found.view);
  },
});

/** A withdrawal with its times and explorer link as the server answers them (null until they happen). */
function withdrawalView(view: WithdrawalType): WithdrawalType {
  const prefix = DEFAULT_EXPLORER_TX_URLS[view.network];
  return {
    ...view,
    reviewedAt: view.reviewedAt ?? null,
    broadcastAt: view.broadcastAt ?? null,
    finishedAt: view.finishedAt ?? null,
    txUrl: view.txHash && prefix ? explorerTxUrl(prefix, view.txHash) : null,
  };
}

/** The withdrawal a ledger entry of `user` belongs to (remark `withdraw:<id>`), for /user/wallet/details. */
export function withdrawalOfEntry(user: MockUser, entry: Pick<WalletEntryType, 'type' | 'remark'>): WalletEntryType['withdrawal'] {
  if (entry.type !== 'withdraw' && entry.type !== 'withdraw_refund') return undefined;
  const found = stateOf(user).withdrawals.find((w) => entry.remark === `withdraw:${w.view.id}`);
  return found && { id: found.view.id, status: found.view.status };
}
