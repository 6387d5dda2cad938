/**
 * The console's money calls (contract/admin/money.ts): the withdrawal review queue, halting a
 * network's withdrawal signer, the deposits seen and credited, deciding those held for review, and
 * asking for a credit by hand (carried out when a second finance operator confirms it). The
 * decisions call the same domain functions as the ops commands, with the operator's act.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '../../../contract';
import type {
  AdminDepositStatusType, AdminDepositType, AdminDepositsQueryType, AdminWithdrawalsQueryType, AdminWithdrawalType,
} from '../../../contract/admin/money';
import type { ApprovalViewType } from '../../../contract/admin/core';
import type { AdminUserSummaryType } from '../../../contract/admin/common';
import type { LedgerEntryKind } from '../../../contract/user';
import { fromUnits } from '../../../contract/rules/money';
import { WITHDRAW_NETWORKS } from '../../../contract/rules/withdraw';
import type { FourEyesAction, OperatorStepUpAction } from '../../../contract/rules/operators';
import type { WalletProofType } from '../../../contract/stepUp';
import type { WithdrawalStatusType } from '../../../contract/withdraw';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { approveDeposit, depositPage, rejectDeposit, seenDepositListRow, type DepositListRow } from '../../deposits/review';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import type { OperatorAct } from '../../operators/actor';
import { withAddresses, type ApprovalRow } from '../../operators/approvals';
import { actorOf, operatorOf } from '../../operators/authenticate';
import { requestDepositCredit } from '../../operators/moneyApprovals';
import { checkOperatorStepUp } from '../../operators/stepUp';
import type { TimeFormat } from '../../time';
import { haltWithdrawals, resumeWithdrawals, withdrawalHalts } from '../../withdrawals/halts';
import {
  needsSecondApproval, pendingApprovalsOf, rejectWithdrawal, reviewApproveWithdrawal, userIdOfUid, userSummaryRows, withdrawalById, withdrawalContext,
  withdrawalPage, withdrawalTarget,
} from '../../withdrawals/review';
import { reviewFieldsOf, type WithdrawalRow } from '../../withdrawals/view';

/** how much of a user's recent activity the withdrawal detail shows */
const RECENT_ENTRIES = 20;
const RECENT_ROWS = 10;

async function userSummaries(db: Db, ids: bigint[], time: TimeFormat): Promise<Map<bigint, AdminUserSummaryType>> {
  const rows = await userSummaryRows(db, ids);
  return new Map(rows.map((row) => [row.id, { id: String(row.id), uid: row.uid, address: row.address, frozen: row.frozen_at !== null, createdAt: time.timestamp(row.created_at) }]));
}

async function approvalViews(db: Db, rows: ApprovalRow[], time: TimeFormat): Promise<ApprovalViewType[]> {
  return (await withAddresses(db, rows)).map((row) => ({
    id: String(row.id),
    action: row.action as FourEyesAction,
    target: row.target,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    status: row.status as ApprovalViewType['status'],
    requestedBy: row.requestedByAddress,
    reason: row.reason,
    requestedAt: time.timestamp(row.requested_at),
    decidedBy: row.decidedByAddress,
    decidedAt: row.decided_at === null ? null : time.timestamp(row.decided_at),
  }));
}

async function withdrawalViews(db: Db, rows: WithdrawalRow[], time: TimeFormat): Promise<AdminWithdrawalType[]> {
  const users = await userSummaries(db, rows.map((row) => row.user_id), time);
  const pending = await pendingApprovalsOf(db, rows.map((row) => row.id));
  return rows.map((row) => {
    const waiting = pending.get(withdrawalTarget(row.id));
    return {
      id: String(row.id),
      user: users.get(row.user_id)!,
      status: row.status as WithdrawalStatusType,
      currency: row.currency,
      network: row.network,
      toAddress: row.address,
      toLabel: row.address_label,
      ...reviewFieldsOf(row),
      createdAt: time.timestamp(row.created_at),
      reviewedAt: row.reviewed_at === null ? null : time.timestamp(row.reviewed_at),
      needsSecondApproval: needsSecondApproval(row),
      pendingApprovalId: waiting ? String(waiting.id) : null,
      firstApprover: waiting?.address ?? null,
    };
  });
}

async function withdrawalView(db: Db, id: bigint, time: TimeFormat): Promise<AdminWithdrawalType> {
  return (await withdrawalViews(db, [await withdrawalById(db, id)], time))[0];
}

async function depositViews(db: Db, rows: DepositListRow[], time: TimeFormat): Promise<AdminDepositType[]> {
  const users = await userSummaries(db, rows.map((row) => BigInt(row.user_id)), time);
  return rows.map((row) => ({
    id: String(row.id),
    kind: Number(row.kind) === 0 ? 'credited' : 'seen',
    user: users.get(BigInt(row.user_id))!,
    status: row.status as AdminDepositStatusType,
    network: row.network,
    currency: row.currency,
    amount: fromUnits(BigInt(row.amount)),
    txHash: row.tx_hash,
    logIndex: Number(row.log_index),
    source: row.source === null ? null : (row.source as 'watcher' | 'ops'),
    operator: row.operator,
    reason: row.reason,
    blockNumber: row.block_number === null ? null : String(row.block_number),
    createdAt: time.timestamp(BigInt(row.created_at)),
  }));
}

/** the filters' user: undefined when none asked, null when the UID is nobody's (an empty page) */
async function userFilter(db: Db, uid: string | undefined): Promise<bigint | null | undefined> {
  return uid === undefined ? undefined : userIdOfUid(db, uid);
}

async function listWithdrawals(db: Db, query: AdminWithdrawalsQueryType, time: TimeFormat) {
  const { page = 1, pageSize = 20, status, currency, network, uid } = query;
  const userId = await userFilter(db, uid);
  if (userId === null) return { list: [], total: 0, page, pageSize };
  const { rows, total } = await withdrawalPage(db, { status, currency, network, ...(userId === undefined ? {} : { userId }) }, page, pageSize);
  return { list: await withdrawalViews(db, rows, time), total, page, pageSize };
}

async function listDeposits(db: Db, query: AdminDepositsQueryType, time: TimeFormat) {
  const { page = 1, pageSize = 20, status, network, currency, uid } = query;
  const userId = await userFilter(db, uid);
  if (userId === null) return { list: [], total: 0, page, pageSize };
  const { rows, total } = await depositPage(db, { status, network, currency, ...(userId === undefined ? {} : { userId }) }, page, pageSize);
  return { list: await depositViews(db, rows, time), total, page, pageSize };
}

export default async function adminMoneyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, clock, time } = ctx;

  const halts = async () => ({
    networks: [...WITHDRAW_NETWORKS],
    halts: (await withdrawalHalts(db)).map((halt) => ({ network: halt.network, operator: halt.operator, reason: halt.reason, haltedAt: time.timestamp(halt.haltedAt) })),
  });

  const withdrawNetwork = (network: string) => {
    if (!WITHDRAW_NETWORKS.includes(network)) throw new ApiError('VALIDATION_FAILED', { messageKey: 'admin.money.unknownNetwork', params: { network } });
    return network;
  };

  route(app, contract.admin.withdrawals, async (request) => listWithdrawals(db, request.query, time));

  route(app, contract.admin.withdrawalDetail, async (request) => {
    const row = await withdrawalById(db, BigInt(request.params.id));
    const { balances, entries, others, approvals } = await withdrawalContext(db, row, { entries: RECENT_ENTRIES, withdrawals: RECENT_ROWS });
    const deposits = await depositPage(db, { userId: row.user_id }, 1, RECENT_ROWS);
    return {
      withdrawal: (await withdrawalViews(db, [row], time))[0],
      balances: balances.map((b) => ({ currency: b.currency, available: fromUnits(b.available), frozen: fromUnits(b.frozen) })),
      recentEntries: entries.map((e) => ({
        id: String(e.id),
        type: e.type as LedgerEntryKind,
        currency: e.currency,
        bucket: e.bucket,
        amount: fromUnits(e.amount),
        balanceAfter: fromUnits(e.balance_after),
        remark: e.remark,
        ref: e.ref,
        createdAt: time.timestamp(e.created_at),
      })),
      recentWithdrawals: await withdrawalViews(db, others, time),
      recentDeposits: await depositViews(db, deposits.rows, time),
      approvals: await approvalViews(db, approvals, time),
    };
  });

  /** the operator's act with a fresh signature naming `action` on `target` */
  const actWithStepUp = async (
    request: FastifyRequest & { body: { proof: WalletProofType } },
    action: OperatorStepUpAction,
    target: string,
    reason: string,
  ): Promise<OperatorAct> => {
    const now = clock.now();
    const stepUp = await checkOperatorStepUp(db, config, { operator: operatorOf(request), action, target, proof: request.body.proof, now });
    return { actor: actorOf(request), now, reason, stepUp };
  };

  route(app, contract.admin.approveWithdrawal, async (request) => {
    const id = BigInt(request.params.id);
    const act = await actWithStepUp(request, 'withdraw.approve', String(id), '');
    const result = await reviewApproveWithdrawal(db, id, act);
    return {
      outcome: result.outcome,
      withdrawal: await withdrawalView(db, id, time),
      approval: result.approval ? (await approvalViews(db, [result.approval], time))[0] : null,
    };
  });

  route(app, contract.admin.rejectWithdrawal, async (request) => {
    const id = BigInt(request.params.id);
    const act = await actWithStepUp(request, 'withdraw.reject', String(id), request.body.reason);
    await rejectWithdrawal(db, id, act);
    return withdrawalView(db, id, time);
  });

  route(app, contract.admin.withdrawalHalts, async () => halts());

  route(app, contract.admin.haltWithdrawals, async (request) => {
    await haltWithdrawals(db, withdrawNetwork(request.body.network), { actor: actorOf(request), now: clock.now(), reason: request.body.reason });
    return halts();
  });

  route(app, contract.admin.resumeWithdrawals, async (request) => {
    await resumeWithdrawals(db, withdrawNetwork(request.body.network), { actor: actorOf(request), now: clock.now(), reason: request.body.reason });
    return halts();
  });

  route(app, contract.admin.deposits, async (request) => listDeposits(db, request.query, time));

  route(app, contract.admin.approveDeposit, async (request) => {
    const id = BigInt(request.params.id);
    const act = await actWithStepUp(request, 'deposit.approve', String(id), '');
    const { row } = await approveDeposit(db, id, act);
    return (await depositViews(db, [seenDepositListRow(row)], time))[0];
  });

  route(app, contract.admin.rejectDeposit, async (request) => {
    const id = BigInt(request.params.id);
    const act = await actWithStepUp(request, 'deposit.reject', String(id), request.body.reason);
    const { row } = await rejectDeposit(db, id, act);
    return (await depositViews(db, [seenDepositListRow(row)], time))[0];
  });

  route(app, contract.admin.creditDeposit, async (request) => {
    const { uid, currency, amount, network, txHash, reason } = request.body;
    const act = await actWithStepUp(request, 'deposit.credit', txHash, reason);
    const approval = await requestDepositCredit(db, { uid, currency, amount, network, txHash }, act);
    return { approval: (await approvalViews(db, [approval], time))[0] };
  });
}
