/**
 * What the operator console's dashboard reads, from the database alone (any process can answer):
 * the queues waiting for an operator, each withdrawal signer's halt and runs, and, through the
 * functions the ops commands use, the deposit watchers (`watcher:status`), the prices
 * (`prices:status`), the last reconciliation (`reconcile --last`) and the ledger check
 * (`ledger:check`). Every read is issued at once, none depends on another's answer.
 */
import { sql } from 'kysely';
import type { Db } from '../db';
import { jobRuns, type JobRunHealth } from '../deposits/jobRuns';
import { watcherHealth, type NetworkHealth } from '../deposits/health';
import { checkLedger, type LedgerReport } from '../ledger/invariants';
import type { PriceConfig } from '../prices/config';
import type { PriceBook } from '../prices/market';
import { lastReconciliation, type Reconciliation } from '../reconcile/store';
import { withdrawalHalts, type WithdrawalHalt } from '../withdrawals/halts';
import { priceStatuses, type PriceStatus } from './priceCommands';

export interface WaitingCounts {
  withdrawalsInReview: number;
  depositsInReview: number;
  approvalsPending: number;
}

/** How many withdrawals and chain deposits wait for review, and four-eyes actions for a second operator (one statement). */
export async function waitingCounts(db: Db): Promise<WaitingCounts> {
  const row = await db
    .selectNoFrom([
      sql<bigint>`(select count(*) from withdrawals where status = 'review')`.as('withdrawals'),
      sql<bigint>`(select count(*) from chain_deposits where status = 'review')`.as('deposits'),
      sql<bigint>`(select count(*) from approvals where status = 'pending')`.as('approvals'),
    ])
    .executeTakeFirstOrThrow();
  return { withdrawalsInReview: Number(row.withdrawals), depositsInReview: Number(row.deposits), approvalsPending: Number(row.approvals) };
}

export interface SignerStatus {
  network: string;
  halt: WithdrawalHalt | null;
  runs: JobRunHealth | null;
}

/** Each withdrawal signer's halt and runs: the configured networks and any other the database names. */
export function signerStatuses(networks: readonly string[], halts: WithdrawalHalt[], runs: JobRunHealth[]): SignerStatus[] {
  const names = [...new Set([...networks, ...halts.map((h) => h.network), ...runs.map((r) => r.network)])].sort();
  return names.map((network) => ({ network, halt: halts.find((h) => h.network === network) ?? null, runs: runs.find((r) => r.network === network) ?? null }));
}

export interface Dashboard extends WaitingCounts {
  signers: SignerStatus[];
  watchers: NetworkHealth[];
  prices: PriceStatus[];
  reconciliation: Reconciliation[];
  ledger: LedgerReport;
  at: number;
}

export interface DashboardSources {
  db: Db;
  /** the configured networks (CHAIN_<NETWORK>_RPC_URL) */
  networks: readonly string[];
  priceConfig: PriceConfig;
  prices: PriceBook;
  now: number;
}

export async function dashboard({ db, networks, priceConfig, prices, now }: DashboardSources): Promise<Dashboard> {
  const [counts, halts, runs, watchers, priced, reconciliation, ledger] = await Promise.all([
    waitingCounts(db),
    withdrawalHalts(db),
    jobRuns(db, 'withdrawSigner'),
    watcherHealth(db, now),
    priceStatuses(db, priceConfig, prices, now),
    lastReconciliation(db),
    checkLedger(db),
  ]);
  return { ...counts, signers: signerStatuses(networks, halts, runs), watchers, prices: priced, reconciliation, ledger, at: now };
}
