/**
 * The console's money calls: the withdrawal review queue (approve, with a second reviewer above
 * WITHDRAW_SECOND_APPROVAL_ABOVE; reject), halting a network's withdrawal signer, the deposits the
 * watcher saw or an operator credited (approve / reject those held for review) and crediting a
 * deposit by hand, which is carried out only when a second finance operator confirms it
 * (POST /admin/approvals/:id/confirm).
 *
 * Orders: the withdrawal list is newest first, except when filtered by status `review`: then it is
 * the review queue, oldest first (who waited longest comes first). The deposit list is newest first.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from '../endpoint';
import { Amount, CurrencyCode, Id, IdParams, Timestamp } from '../common';
import { Network, ReviewReason, WithdrawalStatus } from '../withdraw';
import { WalletProof } from '../stepUp';
import { AdminListQuery, AdminPage, AdminUserSummary, ProofBody, ProofReasonBody, Reason } from './common';
import { ApprovalRequested, ApprovalView } from './core';
import { AdminBalance, AdminLedgerEntry, AdminUid } from './users';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

/** A transaction hash: 0x and 64 hex digits. */
export const AdminTxHash = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' });

/* ---------- withdrawals ---------- */

export const AdminWithdrawal = Type.Object({
  id: Id,
  user: AdminUserSummary,
  status: WithdrawalStatus,
  currency: CurrencyCode,
  network: Network,
  /** the address it is sent to (checksummed) and the user's label of it */
  toAddress: Type.String(),
  toLabel: Type.String(),
  amount: Amount,
  fee: Amount,
  reviewReasons: Type.Array(ReviewReason),
  /** who approved or rejected it: an operator's address, `cli:<name>`, or null */
  operator: Type.Union([Type.String(), Type.Null()]),
  /** why it was rejected or failed */
  reason: Type.Union([Type.String(), Type.Null()]),
  txHash: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  reviewedAt: Type.Union([Timestamp, Type.Null()]),
  /** above WITHDRAW_SECOND_APPROVAL_ABOVE of its currency: two different reviewers must approve it */
  needsSecondApproval: Type.Boolean(),
  /** the first reviewer's approval waiting for a second one (an approvals row), or null */
  pendingApprovalId: Type.Union([Id, Type.Null()]),
  /** that first reviewer's address, or null */
  firstApprover: Type.Union([Type.String(), Type.Null()]),
});
export type AdminWithdrawalType = Static<typeof AdminWithdrawal>;

export const AdminWithdrawalsQuery = AdminListQuery({
  status: Type.Optional(WithdrawalStatus),
  currency: Type.Optional(CurrencyCode),
  network: Type.Optional(Network),
  uid: Type.Optional(AdminUid),
});
export type AdminWithdrawalsQueryType = Static<typeof AdminWithdrawalsQuery>;

/** Deposit records as the console shows them (see AdminDeposit). */
export const ADMIN_DEPOSIT_STATUSES = ['confirming', 'review', 'below_minimum', 'credited', 'rejected', 'dropped'] as const;
export type AdminDepositStatusType = (typeof ADMIN_DEPOSIT_STATUSES)[number];
export const AdminDepositStatus = literals(ADMIN_DEPOSIT_STATUSES);

/**
 * One deposit: `kind` 'seen' is a deposit the chain watcher saw and has not credited (confirming,
 * review, below_minimum, rejected, dropped; `id` is that record's, the one approve / reject take);
 * 'credited' is money in the balance (`id` is the credited deposit's), credited by the watcher
 * (`source` 'watcher') or by hand ('ops').
 */
export const AdminDeposit = Type.Object({
  id: Id,
  kind: literals(['seen', 'credited'] as const),
  user: AdminUserSummary,
  status: AdminDepositStatus,
  network: Type.String(),
  currency: CurrencyCode,
  amount: Amount,
  txHash: Type.String(),
  /** the Transfer log's index; -1: a native-coin deposit, or credited by hand for the whole transaction */
  logIndex: Type.Integer(),
  /** a credited deposit: 'watcher' or 'ops' (by hand); null for a seen one */
  source: Type.Union([literals(['watcher', 'ops'] as const), Type.Null()]),
  /** who credited, approved or rejected it (an operator's address, `cli:<name>`, `watcher`), or null */
  operator: Type.Union([Type.String(), Type.Null()]),
  /** why it was rejected */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** a seen deposit: its block */
  blockNumber: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
});
export type AdminDepositType = Static<typeof AdminDeposit>;

export const AdminWithdrawalDetail = Type.Object({
  withdrawal: AdminWithdrawal,
  balances: Type.Array(AdminBalance),
  /** the user's last ledger entries, newest first (at most 20) */
  recentEntries: Type.Array(AdminLedgerEntry),
  /** the user's other recent withdrawals, newest first (at most 10) */
  recentWithdrawals: Type.Array(AdminWithdrawal),
  /** the user's recent deposits, newest first (at most 10) */
  recentDeposits: Type.Array(AdminDeposit),
  /** second approvals asked on this withdrawal, newest first */
  approvals: Type.Array(ApprovalView),
});
export type AdminWithdrawalDetailType = Static<typeof AdminWithdrawalDetail>;

/**
 * What approving answers: 'approved' (sent to the signer: status processing), or 'awaitingSecond'
 * (above the four-eyes threshold: the first approval is recorded as `approval`, nothing moved yet).
 */
export const AdminWithdrawalApproveResult = Type.Object({
  outcome: literals(['approved', 'awaitingSecond'] as const),
  withdrawal: AdminWithdrawal,
  approval: Type.Union([ApprovalView, Type.Null()]),
});
export type AdminWithdrawalApproveResultType = Static<typeof AdminWithdrawalApproveResult>;

export const AdminWithdrawalHalt = Type.Object({
  network: Network,
  operator: Type.String(),
  reason: Type.String(),
  haltedAt: Timestamp,
});
export type AdminWithdrawalHaltType = Static<typeof AdminWithdrawalHalt>;

export const AdminHaltBody = Type.Object({ network: Network, reason: Reason });
export type AdminHaltBodyType = Static<typeof AdminHaltBody>;

/** The networks the withdrawal signer serves, and those halted now. */
export const AdminWithdrawalHalts = Type.Object({
  networks: Type.Array(Network),
  halts: Type.Array(AdminWithdrawalHalt),
});
export type AdminWithdrawalHaltsType = Static<typeof AdminWithdrawalHalts>;

/* ---------- deposits ---------- */

export const AdminDepositsQuery = AdminListQuery({
  status: Type.Optional(AdminDepositStatus),
  network: Type.Optional(Network),
  currency: Type.Optional(CurrencyCode),
  uid: Type.Optional(AdminUid),
});
export type AdminDepositsQueryType = Static<typeof AdminDepositsQuery>;

/**
 * Credit a deposit by hand: the confirmed on-chain transaction `txHash` on `network` brought
 * `amount` of `currency` to the user `uid`. The step-up's target is the tx hash (lower case).
 */
export const AdminDepositCreditBody = Type.Object({
  uid: AdminUid,
  currency: CurrencyCode,
  amount: Amount,
  network: Network,
  txHash: AdminTxHash,
  reason: Reason,
  proof: WalletProof,
});
export type AdminDepositCreditBodyType = Static<typeof AdminDepositCreditBody>;

export const adminMoneyEndpoints = {
  withdrawals: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/withdrawals', auth: false, operator: 'console.read',
    summary: 'Withdrawals, newest first (status review: the queue, oldest first), filtered by status, currency, network and user',
    query: AdminWithdrawalsQuery, response: AdminPage(AdminWithdrawal),
  }),
  withdrawalDetail: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/withdrawals/:id', auth: false, operator: 'console.read',
    summary: 'One withdrawal with its user\'s balances, recent ledger entries, withdrawals and deposits, and its approvals',
    params: IdParams, response: AdminWithdrawalDetail,
  }),
  approveWithdrawal: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/withdrawals/:id/approve', auth: false, operator: 'withdrawals.review',
    summary: 'Approve a withdrawal in review (step-up withdraw.approve on its id); above the four-eyes threshold a second reviewer must approve it too',
    params: IdParams, body: ProofBody, response: AdminWithdrawalApproveResult,
  }),
  rejectWithdrawal: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/withdrawals/:id/reject', auth: false, operator: 'withdrawals.review',
    summary: 'Reject a withdrawal in review with a reason (step-up withdraw.reject on its id): amount and fee return to the user',
    params: IdParams, body: ProofReasonBody, response: AdminWithdrawal,
  }),
  withdrawalHalts: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/withdrawal-halts', auth: false, operator: 'console.read',
    summary: 'The networks the withdrawal signer serves and those halted now', response: AdminWithdrawalHalts,
  }),
  haltWithdrawals: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/withdrawals/halt', auth: false, operator: 'withdrawals.review',
    summary: 'Stop the withdrawal signer of a network (approved withdrawals wait)', body: AdminHaltBody, response: AdminWithdrawalHalts,
  }),
  resumeWithdrawals: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/withdrawals/resume', auth: false, operator: 'withdrawals.review',
    summary: 'Let the withdrawal signer of a network send again', body: AdminHaltBody, response: AdminWithdrawalHalts,
  }),
  deposits: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/deposits', auth: false, operator: 'console.read',
    summary: 'Deposits seen on chain and credited, newest first, filtered by status, network, currency and user',
    query: AdminDepositsQuery, response: AdminPage(AdminDeposit),
  }),
  approveDeposit: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/deposits/:id/approve', auth: false, operator: 'deposits.review',
    summary: 'Credit a deposit held for review (step-up deposit.approve on its id)', params: IdParams, body: ProofBody, response: AdminDeposit,
  }),
  rejectDeposit: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/deposits/:id/reject', auth: false, operator: 'deposits.review',
    summary: 'Refuse a deposit held for review with a reason (step-up deposit.reject on its id): never credited',
    params: IdParams, body: ProofReasonBody, response: AdminDeposit,
  }),
  creditDeposit: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/deposits/credit', auth: false, operator: 'deposits.credit',
    summary: 'Ask to credit a deposit by hand (step-up deposit.credit on the tx hash): carried out when a second finance operator confirms it',
    body: AdminDepositCreditBody, response: ApprovalRequested,
  }),
};
