/** Rows of withdrawals and withdrawal addresses as the contract shows them. */
import type { Selectable } from 'kysely';
import { fromUnits } from '../../contract/rules/money';
import type { ReviewReasonType, WithdrawAddressType, WithdrawalStatusType, WithdrawalType } from '../../contract/withdraw';
import type { WithdrawalAddressesTable, WithdrawalsTable } from '../db/schema';
import { DEFAULT_EXPLORER_TX_URLS, explorerTxUrl } from '../../contract/rules/withdrawNetworks';
import type { TimeFormat } from '../time';
import { confirmationsNeeded } from './rules';

export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type WithdrawalAddressRow = Selectable<WithdrawalAddressesTable>;

export function reviewReasonsOf(row: Pick<WithdrawalRow, 'review_reasons'>): ReviewReasonType[] {
  return row.review_reasons ? (row.review_reasons.split(',') as ReviewReasonType[]) : [];
}

const timeOrNull = (time: TimeFormat, at: bigint | null) => (at === null ? null : time.timestamp(at));

/** `explorers`: the explorer page prefix per network (config.withdrawExplorerTxUrls), for `txUrl` */
/** The amounts and the review of a withdrawal as operators read them (the console and `ops withdraw:list`). */
export function reviewFieldsOf(row: WithdrawalRow) {
  return {
    amount: fromUnits(row.amount),
    fee: fromUnits(row.fee),
    reviewReasons: reviewReasonsOf(row),
    operator: row.operator,
    reason: row.reason,
    txHash: row.tx_hash,
  };
}

export function toWithdrawal(row: WithdrawalRow, time: TimeFormat, explorers: Readonly<Record<string, string>> = DEFAULT_EXPLORER_TX_URLS): WithdrawalType {
  return {
    id: String(row.id),
    currency: row.currency,
    network: row.network,
    address: row.address,
    addressLabel: row.address_label,
    amount: fromUnits(row.amount),
    fee: fromUnits(row.fee),
    status: row.status as WithdrawalStatusType,
    reviewReasons: reviewReasonsOf(row),
    reason: row.reason,
    txHash: row.tx_hash,
    confirmations: Number(row.confirmations),
    confirmationsNeeded: confirmationsNeeded(row.network),
    createdAt: time.timestamp(row.created_at),
    updatedAt: time.timestamp(row.updated_at),
    cancellable: row.status === 'review',
    reviewedAt: timeOrNull(time, row.reviewed_at),
    broadcastAt: timeOrNull(time, row.broadcast_at),
    finishedAt: timeOrNull(time, row.finished_at),
    txUrl: row.tx_hash && explorers[row.network] ? explorerTxUrl(explorers[row.network], row.tx_hash) : null,
  };
}

export function toWithdrawAddress(row: WithdrawalAddressRow, time: TimeFormat, now: number): WithdrawAddressType {
  return {
    id: String(row.id),
    label: row.label,
    network: row.network,
    address: row.address,
    createdAt: time.timestamp(row.created_at),
    usableFrom: time.timestamp(row.usable_from),
    usable: BigInt(now) >= row.usable_from,
  };
}
