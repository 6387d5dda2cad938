/**
 * The operator's withdrawal review (server/withdrawals/review.ts) and the network halts (halts.ts):
 *   withdraw:list    [--status review|processing|…] [--limit N]   one JSON line per withdrawal (with
 *                    "waiting for hot-wallet funds" when the signer cannot pay it yet)
 *   withdraw:approve ID [--operator NAME]                         review → processing
 *   withdraw:reject  ID --reason TEXT [--operator NAME]           → rejected, amount + fee returned
 *   withdraw:halt    NETWORK --reason TEXT [--operator NAME]      the network's signer sends nothing new
 *   withdraw:resume  NETWORK [--operator NAME]                    lifts it
 * The same domain functions as the console's. The operator (default: the OS user) is recorded on
 * the withdrawal as `cli:<name>`, and every change is in the audit log marked as from the command
 * line. Four eyes are the
 * console's: here one approval carries a withdrawal of any size out (the server owner's break-glass
 * path). Repeating a decision changes nothing and says so.
 */
import { parseArgs } from 'node:util';
import { WITHDRAWAL_STATUSES } from '../../contract/withdraw';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../withdrawals/review';
import { WAITING_FOR_FEE_CAP, WAITING_FOR_FUNDS, WAITING_FOR_GAS, WAITING_REFUSED } from '../withdrawals/signer';
import { jobRuns } from '../deposits/jobRuns';
import { reviewFieldsOf, type WithdrawalRow } from '../withdrawals/view';
import { decisionArgs, operatorArgs, type OpsCommand } from './command';
import { haltWithdrawals, resumeWithdrawals, withdrawalHalts } from '../withdrawals/halts';
import { WITHDRAW_NETWORKS } from '../../contract/rules/withdraw';
import { actorName, cliActor } from '../operators/actor';

/** what `withdrawals.waiting` means, for the operator */
const WAITING_TEXT: Record<string, string> = {
  [WAITING_FOR_FUNDS]: 'waiting for hot-wallet funds',
  [WAITING_FOR_GAS]: 'waiting for the gas coin: the hot wallet cannot pay this transaction\'s gas',
  [WAITING_FOR_FEE_CAP]: 'stuck: its fee is at WITHDRAW_MAX_FEE_GWEI',
  [WAITING_REFUSED]: 'refused by every endpoint; sent again each run (see the log for the node\'s answer)',
};

function describe(row: WithdrawalRow) {
  return {
    id: String(row.id),
    user: String(row.user_id),
    status: row.status,
    currency: row.currency,
    network: row.network,
    address: row.address,
    ...reviewFieldsOf(row),
    // the signer's last look: the hot wallet cannot pay it yet (refill it; the signer retries each run)
    waiting: row.waiting === null ? null : (WAITING_TEXT[row.waiting] ?? row.waiting),
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

export const withdrawList: OpsCommand = {
  usage: 'withdraw:list [--status review|processing|broadcast|confirming|completed|rejected|failed|cancelled] [--limit 100]',
  async run(args, { db, print }) {
    const { values } = parseArgs({ args, options: { status: { type: 'string' }, limit: { type: 'string' } }, strict: true });
    const status = values.status ?? null;
    if (status && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status)) throw new Error(`--status must be one of ${WITHDRAWAL_STATUSES.join(', ')}`);
    const limit = values.limit === undefined ? 100 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error('--limit must be a whole number from 1 to 10000');
    // a halted network and a signer that failed its last runs come first: nothing below moves until they are lifted or fixed
    for (const halt of await withdrawalHalts(db)) {
      print({ signer: halt.network, state: 'halted', operator: halt.operator, reason: halt.reason, since: new Date(halt.haltedAt).toISOString() });
    }
    for (const run of await jobRuns(db, 'withdrawSigner')) {
      if (run.failing) print({ signer: run.network, state: 'failing', failedRunsInARow: run.failuresInARow, lastError: run.lastError, lastErrorAt: new Date(run.lastErrorAt ?? 0).toISOString() });
    }
    for (const row of await listWithdrawals(db, status, limit)) print(describe(row));
    return 0;
  },
};

export const withdrawApprove: OpsCommand = {
  usage: 'withdraw:approve ID [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { id, operator } = decisionArgs(args, 'withdrawal', false);
    const { row, changed } = await approveWithdrawal(db, id, { actor: cliActor(operator), now: clock.now(), reason: '' });
    print({ ...describe(row), approved: changed, alreadyApproved: !changed });
    return 0;
  },
};

export const withdrawReject: OpsCommand = {
  usage: 'withdraw:reject ID --reason TEXT [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { id, operator, reason } = decisionArgs(args, 'withdrawal', true);
    const { row, changed } = await rejectWithdrawal(db, id, { actor: cliActor(operator), now: clock.now(), reason });
    print({ ...describe(row), rejected: changed, alreadyRejected: !changed });
    return 0;
  },
};

function withdrawNetwork(positionals: string[], usage: string): string {
  const [network, ...rest] = positionals;
  if (!network || rest.length) throw new Error(`usage: ${usage}`);
  const code = network.toUpperCase();
  if (!WITHDRAW_NETWORKS.includes(code)) throw new Error(`${network} is not a withdrawal network (${WITHDRAW_NETWORKS.join(', ')})`);
  return code;
}

export const withdrawHalt: OpsCommand = {
  usage: 'withdraw:halt NETWORK --reason TEXT [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { positionals, operator, reason } = operatorArgs(args, true);
    const network = withdrawNetwork(positionals, this.usage);
    const actor = cliActor(operator);
    const changed = await haltWithdrawals(db, network, { actor, now: clock.now(), reason });
    print({ network, halted: true, changed, ...(changed ? { operator: actorName(actor), reason } : { note: 'already halted; the first halt stands' }) });
    return 0;
  },
};

export const withdrawResume: OpsCommand = {
  usage: 'withdraw:resume NETWORK [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { positionals, operator } = operatorArgs(args, false);
    const network = withdrawNetwork(positionals, this.usage);
    const changed = await resumeWithdrawals(db, network, { actor: cliActor(operator), now: clock.now(), reason: '' });
    print({ network, halted: false, changed, ...(changed ? {} : { note: 'was not halted' }) });
    return 0;
  },
};

export const WITHDRAW_OPS_COMMANDS: Record<string, OpsCommand> = {
  'withdraw:halt': withdrawHalt,
  'withdraw:resume': withdrawResume,
  'withdraw:list': withdrawList,
  'withdraw:approve': withdrawApprove,
  'withdraw:reject': withdrawReject,
};
