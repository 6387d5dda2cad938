/**
 * The operator's deposit review (server/deposits/review.ts):
 *   deposit:list    [--status review|rejected|…] [--limit N]   one JSON line per deposit seen on chain
 *   deposit:approve ID [--operator NAME]                       review → credited
 *   deposit:reject  ID --reason TEXT [--operator NAME]         review → rejected, nothing credited
 * ID is the seen deposit's id (the `id` of deposit:list and of the watcher's log line). The same
 * domain functions as the console's: the operator (default: the OS user) is recorded on the deposit
 * as `cli:<name>` and every decision in the audit log, marked as from the command line; repeating a
 * decision changes nothing.
 */
import { parseArgs } from 'node:util';
import { fromUnits } from '../../contract/rules/money';
import { approveDeposit, listChainDeposits, rejectDeposit } from '../deposits/review';
import { CHAIN_DEPOSIT_STATUSES } from '../deposits/status';
import type { ChainDepositRow } from '../deposits/store';
import { cliActor } from '../operators/actor';
import { decisionArgs, type OpsCommand } from './command';

function describe(row: ChainDepositRow) {
  return {
    id: String(row.id),
    user: String(row.user_id),
    status: row.status,
    network: row.network,
    currency: row.currency,
    amount: fromUnits(row.amount),
    address: row.address,
    txHash: row.tx_hash,
    logIndex: String(row.log_index),
    block: String(row.block_number),
    deposit: row.deposit_id === null ? null : String(row.deposit_id),
    operator: row.operator,
    reason: row.reason,
    seenAt: new Date(Number(row.created_at)).toISOString(),
  };
}

export const depositList: OpsCommand = {
  usage: `deposit:list [--status ${CHAIN_DEPOSIT_STATUSES.join('|')}] [--limit 100]   (default: review)`,
  async run(args, { db, print }) {
    const { values } = parseArgs({ args, options: { status: { type: 'string' }, limit: { type: 'string' } }, strict: true });
    const status = values.status ?? 'review';
    if (!(CHAIN_DEPOSIT_STATUSES as readonly string[]).includes(status)) throw new Error(`--status must be one of ${CHAIN_DEPOSIT_STATUSES.join(', ')}`);
    const limit = values.limit === undefined ? 100 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error('--limit must be a whole number from 1 to 10000');
    for (const row of await listChainDeposits(db, status, limit)) print(describe(row));
    return 0;
  },
};

export const depositApprove: OpsCommand = {
  usage: 'deposit:approve ID [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { id, operator } = decisionArgs(args, 'deposit', false);
    const { row, changed } = await approveDeposit(db, id, { actor: cliActor(operator), now: clock.now(), reason: '' });
    print({ ...describe(row), approved: changed, alreadyApproved: !changed });
    return 0;
  },
};

export const depositReject: OpsCommand = {
  usage: 'deposit:reject ID --reason TEXT [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { id, operator, reason } = decisionArgs(args, 'deposit', true);
    const { row, changed } = await rejectDeposit(db, id, { actor: cliActor(operator), now: clock.now(), reason });
    print({ ...describe(row), rejected: changed, alreadyRejected: !changed });
    return 0;
  },
};

export const DEPOSIT_REVIEW_OPS_COMMANDS: Record<string, OpsCommand> = {
  'deposit:list': depositList,
  'deposit:approve': depositApprove,
  'deposit:reject': depositReject,
};
