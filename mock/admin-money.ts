/**
 * The operator console's money calls for `max dev` (contract/admin/money.ts), over the mocks' own
 * users (mock/admin-users.ts): a withdrawal queue with a few demo withdrawals (one above the
 * four-eyes threshold), their detail, approve (a second, different operator — another token —
 * confirms one above WITHDRAW_SECOND_APPROVAL_ABOVE; the same one twice is refused) and reject
 * (amount and fee returned), network halts, deposits seen and credited, deciding those held for
 * review, and asking for a credit by hand (a pending approval, as the server answers it).
 */
import dayjs from 'dayjs';
import {
  adminMoneyEndpoints, type AdminDepositType, type AdminWithdrawalHaltType, type AdminWithdrawalType,
} from '../contract/admin/money';
import type { ApprovalViewType } from '../contract/admin/core';
import { fromUnits, toUnits } from '../contract/rules/money';
import { WITHDRAW_NETWORKS, WITHDRAW_SECOND_APPROVAL_ABOVE } from '../contract/rules/withdraw';
import { DEPOSIT_NETWORKS } from '../contract/rules/wallet';
import { refusal } from './_errors';
import { mockRoutes, paginate } from './_kit';
import { book, nextId, type MockUser } from './_state';
import { now, timestamp } from './_time';
import { consoleUsers, frozenAccounts, userByUid, userSummary } from './admin-users';
import { mockOperatorOf } from './admin-core';

/** the demo operators the console's tokens stand for: each token is one operator */
const OPERATOR_ADDRESSES = [
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
];
const operatorOfToken = new Map<string, string>();
/** the operator signed in through the console's mock (mock/admin-core.ts); else one demo operator per token */
function operatorAddress(token: string | null): string {
  try {
    return mockOperatorOf(token).address;
  } catch {
    // a token the console's mock did not hand out (the mock's own tests): one demo operator each
  }
  const key = token ?? 'anonymous';
  let address = operatorOfToken.get(key);
  if (!address) operatorOfToken.set(key, (address = OPERATOR_ADDRESSES[operatorOfToken.size % OPERATOR_ADDRESSES.length]));
  return address;
}

interface MockWithdrawal {
  view: AdminWithdrawalType;
  owner: MockUser;
}
interface MockDeposit {
  view: AdminDepositType;
  owner: MockUser;
}

const withdrawals: MockWithdrawal[] = [];
const deposits: MockDeposit[] = [];
const approvals: ApprovalViewType[] = [];
const halts: AdminWithdrawalHaltType[] = [];

const minutesAgo = (minutes: number) => timestamp(dayjs(now()).subtract(minutes, 'minute'));
const randomHex = (bytes: number) => `0x${Array.from({ length: bytes }, () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0')).join('')}`;

function aboveSecondApproval(currency: string, amount: string): boolean {
  const above = WITHDRAW_SECOND_APPROVAL_ABOVE[currency];
  return above !== undefined && toUnits(amount) > toUnits(above);
}

function addWithdrawal(owner: MockUser, w: Pick<AdminWithdrawalType, 'status' | 'currency' | 'network' | 'amount' | 'fee' | 'reviewReasons'> & { minutes: number }): void {
  withdrawals.push({
    owner,
    view: {
      id: nextId(), user: userSummary(owner), status: w.status, currency: w.currency, network: w.network,
      toAddress: '0x2546BcD3c84621e976D8185a91A922aE77ECEc30', toLabel: '我的錢包', amount: w.amount, fee: w.fee, reviewReasons: w.reviewReasons,
      operator: w.status === 'review' ? null : OPERATOR_ADDRESSES[2], reason: w.status === 'rejected' ? '地址在制裁名單上' : null,
      txHash: ['completed', 'broadcast', 'confirming'].includes(w.status) ? randomHex(32) : null,
      createdAt: minutesAgo(w.minutes), reviewedAt: w.status === 'review' ? null : minutesAgo(w.minutes - 5),
      needsSecondApproval: aboveSecondApproval(w.currency, w.amount), pendingApprovalId: null, firstApprover: null,
    },
  });
}

function addDeposit(owner: MockUser, d: Pick<AdminDepositType, 'kind' | 'status' | 'network' | 'currency' | 'amount' | 'source'> & { minutes: number }): void {
  deposits.push({
    owner,
    view: {
      id: nextId(), kind: d.kind, user: userSummary(owner), status: d.status, network: d.network, currency: d.currency, amount: d.amount,
      txHash: randomHex(32), logIndex: d.kind === 'credited' && d.source === 'ops' ? -1 : 3, source: d.source,
      operator: d.source === 'watcher' ? 'watcher' : d.source === 'ops' ? OPERATOR_ADDRESSES[1] : null,
      reason: d.status === 'rejected' ? '資金來源不明' : null, blockNumber: d.kind === 'seen' ? '19876543' : null, createdAt: minutesAgo(d.minutes),
    },
  });
}

/** the demo queue, made once the console first looks */
function seed(): void {
  if (withdrawals.length || deposits.length) return;
  const [first, second, third] = consoleUsers();
  addWithdrawal(first, { status: 'review', currency: 'USDT', network: 'ERC20', amount: '25000', fee: '5', reviewReasons: ['amount'], minutes: 90 });
  addWithdrawal(second, { status: 'review', currency: 'USDT', network: 'BEP20', amount: '120', fee: '1', reviewReasons: ['firstWithdrawal', 'newAddress'], minutes: 45 });
  addWithdrawal(third ?? first, { status: 'review', currency: 'ETH', network: 'ERC20', amount: '6', fee: '0.002', reviewReasons: ['amount', 'afterInflow'], minutes: 30 });
  addWithdrawal(first, { status: 'processing', currency: 'USDT', network: 'BEP20', amount: '300', fee: '1', reviewReasons: [], minutes: 600 });
  addWithdrawal(second, { status: 'completed', currency: 'USDT', network: 'ERC20', amount: '80', fee: '5', reviewReasons: [], minutes: 3000 });
  addWithdrawal(third ?? second, { status: 'rejected', currency: 'USDT', network: 'ERC20', amount: '15000', fee: '5', reviewReasons: ['amount', 'newSession'], minutes: 5000 });
  addDeposit(first, { kind: 'seen', status: 'review', network: 'ERC20', currency: 'USDT', amount: '60000', source: null, minutes: 20 });
  addDeposit(second, { kind: 'seen', status: 'below_minimum', network: 'BEP20', currency: 'USDT', amount: '3', source: null, minutes: 50 });
  addDeposit(third ?? first, { kind: 'seen', status: 'confirming', network: 'ERC20', currency: 'ETH', amount: '1.5', source: null, minutes: 2 });
  addDeposit(first, { kind: 'credited', status: 'credited', network: 'ERC20', currency: 'USDT', amount: '500', source: 'watcher', minutes: 2000 });
  addDeposit(second, { kind: 'credited', status: 'credited', network: 'BEP20', currency: 'USDT', amount: '1200', source: 'ops', minutes: 4000 });
  addDeposit(third ?? second, { kind: 'seen', status: 'rejected', network: 'ERC20', currency: 'USDT', amount: '80000', source: null, minutes: 6000 });
}

function withdrawalById(id: string): MockWithdrawal {
  seed();
  const found = withdrawals.find((w) => w.view.id === id);
  if (!found) throw refusal('NOT_FOUND', 'withdraw.notFound');
  return found;
}

function depositById(id: string): MockDeposit {
  seed();
  const found = deposits.find((d) => d.view.id === id && d.view.kind === 'seen');
  if (!found) throw refusal('NOT_FOUND', 'deposit.notFound');
  return found;
}

/** the row as the console sees it now: the user's frozen flag and a first reviewer waiting for a second */
function withdrawalView(w: MockWithdrawal): AdminWithdrawalType {
  const pending = approvals.find((a) => a.action === 'withdraw.approve' && a.target === `withdrawal:${w.view.id}` && a.status === 'pending');
  return { ...w.view, user: userSummary(w.owner), pendingApprovalId: pending?.id ?? null, firstApprover: pending?.requestedBy ?? null };
}

const depositView = (d: MockDeposit): AdminDepositType => ({ ...d.view, user: userSummary(d.owner) });

function newApproval(action: ApprovalViewType['action'], target: string, payload: Record<string, unknown>, by: string, reason: string): ApprovalViewType {
  if (approvals.some((a) => a.action === action && a.target === target && a.status === 'pending')) throw refusal('CONFLICT', 'admin.approval.alreadyPending');
  const approval: ApprovalViewType = {
    id: nextId(), action, target, payload, status: 'pending', requestedBy: by, reason, requestedAt: timestamp(), decidedBy: null, decidedAt: null,
  };
  approvals.push(approval);
  return approval;
}

function approve(w: MockWithdrawal, by: string): void {
  if (frozenAccounts.has(w.owner.uid)) throw refusal('ACCOUNT_FROZEN', 'ACCOUNT_FROZEN');
  w.view = { ...w.view, status: 'processing', operator: by, reviewedAt: timestamp() };
}

function haltsView() {
  return { networks: [...WITHDRAW_NETWORKS], halts: [...halts] };
}

function page<T>(items: T[], query: { page?: number; pageSize?: number }) {
  const p = paginate(items, query);
  return { list: p.list, total: items.length, page: p.page, pageSize: p.pageSize };
}

export default mockRoutes(adminMoneyEndpoints, {
  withdrawals: ({ query }) => {
    seed();
    const rows = withdrawals
      .filter((w) => (!query.status || w.view.status === query.status) && (!query.currency || w.view.currency === query.currency)
        && (!query.network || w.view.network === query.network) && (!query.uid || w.owner.uid === query.uid))
      .map(withdrawalView)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    // the review queue: who waited longest first
    if (query.status === 'review') rows.reverse();
    return page(rows, query);
  },

  withdrawalDetail: ({ params }) => {
    const w = withdrawalById(params.id);
    return {
      withdrawal: withdrawalView(w),
      balances: [...w.owner.balances.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, b]) => ({ currency, available: fromUnits(b.available), frozen: fromUnits(b.frozen) })),
      recentEntries: [...w.owner.entries].reverse().slice(0, 20).map((e) => ({
        id: e.id, type: e.type, currency: e.currency, bucket: 'available' as const, amount: e.amount, balanceAfter: e.balanceAfter, remark: e.remark, ref: `${e.type}:${e.id}`, createdAt: e.createdAt,
      })),
      recentWithdrawals: withdrawals.filter((o) => o.owner === w.owner && o !== w).map(withdrawalView).reverse().slice(0, 10),
      recentDeposits: deposits.filter((d) => d.owner === w.owner).map(depositView).reverse().slice(0, 10),
      approvals: approvals.filter((a) => a.target === `withdrawal:${w.view.id}`).reverse(),
    };
  },

  approveWithdrawal: ({ params, token }) => {
    const w = withdrawalById(params.id);
    const by = operatorAddress(token);
    if (w.view.status === 'processing' && w.view.operator) return { outcome: 'approved' as const, withdrawal: withdrawalView(w), approval: null };
    if (w.view.status !== 'review') throw refusal('CONFLICT', 'withdraw.refused.approve');
    if (!w.view.needsSecondApproval) {
      approve(w, by);
      return { outcome: 'approved' as const, withdrawal: withdrawalView(w), approval: null };
    }
    if (frozenAccounts.has(w.owner.uid)) throw refusal('ACCOUNT_FROZEN', 'ACCOUNT_FROZEN');
    const target = `withdrawal:${w.view.id}`;
    const pending = approvals.find((a) => a.action === 'withdraw.approve' && a.target === target && a.status === 'pending');
    if (!pending) {
      const approval = newApproval('withdraw.approve', target, { withdrawal: w.view.id, uid: w.owner.uid, amount: w.view.amount, currency: w.view.currency }, by, '');
      return { outcome: 'awaitingSecond' as const, withdrawal: withdrawalView(w), approval };
    }
    if (pending.requestedBy === by) throw refusal('CONFLICT', 'admin.approval.sameOperator');
    Object.assign(pending, { status: 'done', decidedBy: by, decidedAt: timestamp() });
    approve(w, by);
    return { outcome: 'approved' as const, withdrawal: withdrawalView(w), approval: pending };
  },

  rejectWithdrawal: ({ params, body, token }) => {
    const w = withdrawalById(params.id);
    if (w.view.status === 'rejected') return withdrawalView(w);
    if (w.view.status !== 'review' && w.view.status !== 'processing') throw refusal('CONFLICT', 'withdraw.refused.reject');
    const by = operatorAddress(token);
    w.view = { ...w.view, status: 'rejected', operator: by, reason: body.reason, reviewedAt: timestamp() };
    for (const a of approvals) {
      if (a.target === `withdrawal:${w.view.id}` && a.status === 'pending') Object.assign(a, { status: 'cancelled', decidedBy: by, decidedAt: timestamp() });
    }
    const returned = toUnits(w.view.amount) + toUnits(w.view.fee);
    book(w.owner, 'withdraw_refund', w.view.currency, returned, `withdraw:${w.view.id}`);
    return withdrawalView(w);
  },

  withdrawalHalts: () => haltsView(),

  haltWithdrawals: ({ body, token }) => {
    if (!WITHDRAW_NETWORKS.includes(body.network)) throw refusal('VALIDATION_FAILED', 'admin.money.unknownNetwork', { network: body.network });
    if (!halts.some((h) => h.network === body.network)) halts.push({ network: body.network, operator: operatorAddress(token), reason: body.reason, haltedAt: timestamp() });
    return haltsView();
  },

  resumeWithdrawals: ({ body }) => {
    if (!WITHDRAW_NETWORKS.includes(body.network)) throw refusal('VALIDATION_FAILED', 'admin.money.unknownNetwork', { network: body.network });
    const at = halts.findIndex((h) => h.network === body.network);
    if (at >= 0) halts.splice(at, 1);
    return haltsView();
  },

  deposits: ({ query }) => {
    seed();
    const rows = deposits
      .filter((d) => (!query.status || d.view.status === query.status) && (!query.network || d.view.network === query.network)
        && (!query.currency || d.view.currency === query.currency) && (!query.uid || d.owner.uid === query.uid))
      .map(depositView)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return page(rows, query);
  },

  approveDeposit: ({ params, token }) => {
    const d = depositById(params.id);
    if (d.view.status === 'credited' && d.view.operator) return depositView(d);
    if (d.view.status !== 'review') throw refusal('CONFLICT', 'deposit.refused.approve');
    d.view = { ...d.view, status: 'credited', operator: operatorAddress(token) };
    book(d.owner, 'deposit', d.view.currency, toUnits(d.view.amount), `${d.view.network} ${d.view.txHash}`);
    return depositView(d);
  },

  rejectDeposit: ({ params, body, token }) => {
    const d = depositById(params.id);
    if (d.view.status === 'rejected') return depositView(d);
    if (d.view.status !== 'review') throw refusal('CONFLICT', 'deposit.refused.reject');
    d.view = { ...d.view, status: 'rejected', operator: operatorAddress(token), reason: body.reason };
    return depositView(d);
  },

  creditDeposit: ({ body, token }) => {
    seed();
    const network = DEPOSIT_NETWORKS.find((n) => n.network === body.network && n.currency === body.currency);
    if (!network) throw refusal('VALIDATION_FAILED', 'deposit.unknownNetwork', { network: body.network, currency: body.currency });
    if (toUnits(body.amount) <= 0n) throw refusal('VALIDATION_FAILED', 'money.notPositive');
    if (toUnits(body.amount) < toUnits(network.minDeposit)) throw refusal('BUSINESS_RULE', 'deposit.belowMinimum', { min: network.minDeposit, currency: body.currency });
    const owner = userByUid(body.uid);
    const txHash = body.txHash.toLowerCase();
    const known = deposits.find((d) => d.view.network === body.network && d.view.txHash === txHash);
    if (known?.view.status === 'credited') throw refusal('CONFLICT', 'admin.money.alreadyCredited');
    if (known && (known.view.status === 'review' || known.view.status === 'rejected')) throw refusal('CONFLICT', 'admin.money.inReview');
    const approval = newApproval(
      'deposit.credit', `tx:${body.network}:${txHash}`,
      { uid: owner.uid, network: body.network, currency: body.currency, amount: body.amount, txHash }, operatorAddress(token), body.reason,
    );
    return { approval };
  },
});
