/**
 * Withdrawals in the mocks (contract/withdraw.ts), with the server's rules (server/withdrawals/):
 * saved addresses (checksum per network, usable after the delay unless a wallet signature named
 * the address), options, a request (pay password, then a wallet signature over exactly this
 * withdrawal; amount + fee frozen), cancel while in review (returned), history. Nothing is sent on
 * a chain here: a withdrawal that needs no review stays 处理中.
 */
import { getAddress } from 'ethers';
import dayjs from 'dayjs';
import { contract } from '../contract';
import { checkAmount, fromUnits, toUnits } from '../contract/rules/money';
import { DEPOSIT_NETWORKS } from '../contract/rules/wallet';
import {
  DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS, MAX_WITHDRAW_ADDRESSES, WITHDRAW_NETWORKS, WITHDRAW_RULES, withdrawAddressStatement, withdrawRule, withdrawStatement,
} from '../contract/rules/withdraw';
import type { ReviewReasonType, WithdrawAddressType, WithdrawalType } from '../contract/withdraw';
import { refusal } from './_errors';
import { byId, mockRoutes, newestFirst, paginate } from './_kit';
import { addFrozen, balanceOf, book, checkPayPassword, nextId, type MockUser } from './_state';
import { spendProof } from './_stepUp';
import { timestamp } from './_time';

const DELAY_MS = DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS * 3600_000;
const DAY_MS = 24 * 3600_000;

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

function addressView(a: SavedAddress): WithdrawAddressType {
  return { id: a.id, label: a.label, network: a.network, address: a.address, createdAt: at(a.createdAt), usableFrom: at(a.usableFrom), usable: Date.now() >= a.usableFrom };
}

function checksummed(network: string, text: string): string {
  const wanted = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(wanted) || /^0x0{40}$/.test(wanted)) throw refusal('BUSINESS_RULE', 'withdraw.wrongNetwork', { network });
  try {
    return getAddress(wanted);
  } catch {
    throw refusal('BUSINESS_RULE', 'withdraw.badChecksum', { network });
  }
}

function withdrawnLastDay(user: MockUser, currency: string): bigint {
  return stateOf(user)
    .withdrawals.filter((w) => w.view.currency === currency && w.at > Date.now() - DAY_MS && !['rejected', 'cancelled', 'failed'].includes(w.view.status))
    .reduce((sum, w) => sum + w.units, 0n);
}

const confirmationsNeeded = (network: string) => Math.max(1, ...DEPOSIT_NETWORKS.filter((r) => r.network === network).map((r) => r.confirmations));

export default mockRoutes(contract.withdraw, {
  addresses: ({ user }) => [...stateOf(user).addresses].reverse().map(addressView),

  addressAdd: ({ user, body }) => {
    if (!WITHDRAW_NETWORKS.includes(body.network)) throw refusal('BUSINESS_RULE', 'withdraw.unsupported', { currency: '', network: body.network });
    const address = checksummed(body.network, body.address);
    const saved = stateOf(user).addresses;
    if (saved.length >= MAX_WITHDRAW_ADDRESSES) throw refusal('BUSINESS_RULE', 'withdraw.addressLimit', { max: MAX_WITHDRAW_ADDRESSES });
    if (saved.some((a) => a.network === body.network && a.address === address)) throw refusal('CONFLICT', 'withdraw.addressExists', { network: body.network });
    if (body.proof) spendProof(user, 'withdrawAddress.add', body.proof, { statement: withdrawAddressStatement({ network: body.network, address }), mismatch: 'withdraw.addressProofMismatch' });
    const now = Date.now();
    const added = { id: nextId(), label: body.label.trim(), network: body.network, address, createdAt: now, usableFrom: body.proof ? now : now + DELAY_MS };
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
      const dailyLeft = toUnits(rule.dailyLimit) - withdrawnLastDay(user, rule.currency);
      let maxNow = [available - toUnits(rule.fee), toUnits(rule.maxAmount), dailyLeft].reduce((a, b) => (b < a ? b : a));
      maxNow -= maxNow % 10n ** BigInt(8 - rule.decimals);
      return {
        ...rule,
        dailyLeft: fromUnits(dailyLeft > 0n ? dailyLeft : 0n),
        available: fromUnits(available),
        maxNow: fromUnits(maxNow >= toUnits(rule.minAmount) ? maxNow : 0n),
      };
    }),
    addressDelayHours: DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS,
  }),

  request: ({ user, body }) => {
    checkPayPassword(user, body.payPassword);
    const rule = withdrawRule(body.currency, body.network);
    if (!rule) throw refusal('BUSINESS_RULE', 'withdraw.unsupported', { currency: body.currency, network: body.network });
    const { currency, network } = rule;
    if (checkAmount(body.amount)?.code === 'notPositive') throw refusal('VALIDATION_FAILED', 'money.notPositive');
    if ((body.amount.split('.')[1] ?? '').length > rule.decimals) throw refusal('BUSINESS_RULE', 'money.tooManyDecimals', { currency, decimals: rule.decimals });
    const amount = toUnits(body.amount);
    if (amount < toUnits(rule.minAmount)) throw refusal('BUSINESS_RULE', 'withdraw.belowMinimum', { min: rule.minAmount, currency });
    if (amount > toUnits(rule.maxAmount)) throw refusal('BUSINESS_RULE', 'withdraw.aboveMaximum', { max: rule.maxAmount, currency });
    const saved = stateOf(user).addresses.find((a) => a.id === body.addressId);
    if (!saved) throw refusal('NOT_FOUND', 'withdraw.addressNotFound');
    if (saved.network !== network) throw refusal('BUSINESS_RULE', 'withdraw.addressNetworkMismatch', { saved: saved.network, network });
    if (Date.now() < saved.usableFrom) throw refusal('BUSINESS_RULE', 'withdraw.addressInDelay', { time: at(saved.usableFrom) });
    spendProof(user, 'withdraw', body.proof, { statement: withdrawStatement({ amount: body.amount, currency, network, address: saved.address }), mismatch: 'withdraw.proofMismatch' });
    const fee = toUnits(rule.fee);
    const available = balanceOf(user, currency).available;
    if (amount + fee > available) {
      throw refusal('INSUFFICIENT_BALANCE', 'withdraw.insufficient', { amount: fromUnits(amount), fee: rule.fee, required: fromUnits(amount + fee), currency, available: fromUnits(available) });
    }
    const left = toUnits(rule.dailyLimit) - withdrawnLastDay(user, currency);
    if (amount > left) throw refusal('BUSINESS_RULE', 'withdraw.dailyLimit', { limit: rule.dailyLimit, left: fromUnits(left > 0n ? left : 0n), currency });
    const reasons: ReviewReasonType[] = [];
    if (amount > toUnits(rule.reviewAbove)) reasons.push('amount');
    if (Date.now() < saved.createdAt + DELAY_MS) reasons.push('newAddress');
    const id = nextId();
    book(user, 'withdraw', currency, -(amount + fee), `withdraw:${id}`);
    addFrozen(user, currency, amount + fee);
    const now = timestamp();
    const view: WithdrawalType = {
      id, currency, network, address: saved.address, addressLabel: saved.label, amount: fromUnits(amount), fee: rule.fee,
      status: reasons.length ? 'review' : 'processing', reviewReasons: reasons, reason: null, txHash: null,
      confirmations: 0, confirmationsNeeded: confirmationsNeeded(network), createdAt: now, updatedAt: now, cancellable: reasons.length > 0,
    };
    stateOf(user).withdrawals.push({ view, at: Date.now(), units: amount, fee });
    return view;
  },

  cancel: ({ user, body }) => {
    const found = stateOf(user).withdrawals.find((w) => w.view.id === body.id);
    if (!found) throw refusal('NOT_FOUND', 'withdraw.notFound');
    if (found.view.status !== 'review') throw refusal('CONFLICT', 'withdraw.notCancellable');
    addFrozen(user, found.view.currency, -(found.units + found.fee));
    book(user, 'withdraw_refund', found.view.currency, found.units + found.fee, `withdraw:${found.view.id}`);
    Object.assign(found.view, { status: 'cancelled', cancellable: false, updatedAt: timestamp() });
    return found.view;
  },

  history: ({ user, query }) => paginate(newestFirst(stateOf(user).withdrawals.map((w) => w.view)), query, byId),
});
