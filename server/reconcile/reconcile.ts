/**
 * The reconciliation of the books with the chain, the reserve side of a later proof of reserves:
 * per reconciled currency, what the platform holds on chain on every watched network that carries
 * it (assets: server/reconcile/reserves.ts) against what the ledger owes its users (liabilities),
 * recorded (store.ts) and logged. Run daily by the server (job.ts) and by `ops reconcile`.
 *
 * Liabilities are every user account's available + frozen. A withdrawal keeps its amount + fee in
 * the user's frozen balance until it is settled at its confirmations (server/withdrawals/postings.ts),
 * so a pending withdrawal is counted there once, not again; but once it is broadcast its amount
 * leaves the hot wallet at mining, blocks before the settlement, so the amounts of withdrawals
 * `broadcast` or `confirming` are taken off the liabilities (one sent and not yet mined shows as a
 * surplus for a moment, never as a shortfall). System accounts (fees, the exchange desk, …) are
 * the platform's own and owed to no one. The chain is read before the ledger, so that a withdrawal
 * mined in between is already on its way in the ledger's snapshot, and the ledger is read in one
 * snapshot, so that a settlement in between is counted once.
 *
 * Assets below liabilities is a shortfall: an error in the log with the figures. A currency any of
 * whose networks could not be read through a quorum is `unavailable`, never ok. A surplus (fees,
 * dust, deposits not credited) is ok.
 */
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { fromUnits } from '../../contract/rules/money';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { DEFAULT_RETRY, openRpc, type RetryPolicy } from '../deposits/rpc';
import { openDepositAddressBook } from '../deposits/addresses';
import { recordAct, type OperatorAct } from '../operators/actor';
import { signerNetwork } from '../withdrawals/job';
import { auditQuorum, carriedCurrencies, readNetworkReserves, type NetworkReserves } from './reserves';
import { recordReconciliations, type NetworkFigures, type Reconciliation } from './store';

export type ReconcileConfig = Pick<ServerConfig, 'chainNetworks' | 'coldWallets' | 'withdrawSignerKey' | 'depositXpub' | 'withdrawReplaceAfterMs' | 'withdrawMaxFeePerGas'>;

export interface ReconcileOptions {
  db: Db;
  config: ReconcileConfig;
  log: FastifyBaseLogger;
  now: () => number;
  signal: AbortSignal;
  retry?: RetryPolicy;
  /** a run an operator started (console or `ops reconcile`): audited 'reconcile.run' with the rows it records */
  act?: OperatorAct;
}

/** withdrawals whose amount has left, or is leaving, the hot wallet in a signed transaction, and is still in the user's frozen balance */
const IN_FLIGHT = ['broadcast', 'confirming'];

type NetworkOutcome = { network: string; reserves: NetworkReserves } | { network: string; unavailable: string };

/** an error as the reason a network is unavailable (a NoQuorum names the call and what each endpoint answered) */
function causeOf(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 400);
}

/** the hot wallets of a network: the signer key's address, and every address the signer has sent from there */
async function hotWallets(db: Db, network: string, keyAddress: string | null): Promise<string[]> {
  const signers = await db.selectFrom('withdrawal_txs').select('signer_address').distinct().where('network', '=', network).execute();
  return [...new Set([...(keyAddress ? [keyAddress] : []), ...signers.map((row) => row.signer_address)])];
}

/**
 * The deposit addresses that received funds on a network: those the watcher saw a deposit to, and
 * those of the users credited by hand there (the coin went to the user's address all the same).
 */
async function depositAddresses(db: Db, config: ReconcileConfig, network: string, now: number): Promise<string[]> {
  const seen = await db.selectFrom('chain_deposits').select('address').distinct().where('network', '=', network).execute();
  const byHand = await db.selectFrom('deposits').select('user_id').distinct().where('network', '=', network).where('source', '=', 'ops').execute();
  const addresses = seen.map((row) => row.address);
  if (byHand.length) {
    const book = await openDepositAddressBook(db, config.depositXpub, now);
    addresses.push(...byHand.map((row) => book.addressOf(row.user_id)));
  }
  return addresses;
}

async function readNetwork(options: ReconcileOptions, network: ReconcileConfig['chainNetworks'][number], keyAddress: string | null): Promise<NetworkOutcome> {
  const { db, config, log } = options;
  // the database's part first: a failure there fails the run, it says nothing of the chain
  const addresses = {
    hot: await hotWallets(db, network.network, keyAddress),
    cold: config.coldWallets[network.network] ?? [],
    deposits: await depositAddresses(db, config, network.network, options.now()),
  };
  const rpc = openRpc({ network: network.network, urls: network.rpcUrls, quorum: auditQuorum(network) }, options.retry ?? DEFAULT_RETRY, log, 'reconciliation');
  // once one read has failed, the network's other reads in flight stop too
  const failed = new AbortController();
  const signal = AbortSignal.any([options.signal, failed.signal]);
  try {
    const view = await signerNetwork(network, rpc, signal, { replaceAfterMs: config.withdrawReplaceAfterMs, maxFeePerGas: config.withdrawMaxFeePerGas });
    const tokenDecimals = network.token ? view.tokens[network.token.currency].decimals : 0;
    return { network: network.network, reserves: await readNetworkReserves(rpc, network, tokenDecimals, addresses, signal) };
  } catch (error) {
    if (options.signal.aborted) throw error;
    failed.abort(error);
    return { network: network.network, unavailable: causeOf(error) };
  } finally {
    rpc.close();
  }
}

export interface Liabilities {
  /** users' available + frozen */
  users: bigint;
  /** the amounts of withdrawals broadcast or confirming (still frozen, already leaving the chain) */
  inFlight: bigint;
}

/** What the ledger owes per currency, from one snapshot (SQLite: our transactions take the write lock; PostgreSQL: REPEATABLE READ). */
export async function ledgerLiabilities(db: Db, currencies: readonly string[]): Promise<Map<string, Liabilities>> {
  const owed = new Map<string, Liabilities>(currencies.map((currency) => [currency, { users: 0n, inFlight: 0n }]));
  if (!currencies.length) return owed;
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const users = await trx
        .selectFrom('ledger_accounts')
        .select(['currency', sql<bigint>`sum(available + frozen)`.as('total')])
        .where('user_id', 'is not', null)
        .where('currency', 'in', currencies)
        .groupBy('currency')
        .execute();
      for (const row of users) owed.get(row.currency)!.users = BigInt(row.total);
      const leaving = await trx
        .selectFrom('withdrawals')
        .select(['currency', sql<bigint>`sum(amount)`.as('total')])
        .where('status', 'in', IN_FLIGHT)
        .where('currency', 'in', currencies)
        .groupBy('currency')
        .execute();
      for (const row of leaving) owed.get(row.currency)!.inFlight = BigInt(row.total);
    });
  return owed;
}

function figures(outcome: NetworkOutcome, currency: string): NetworkFigures {
  if ('unavailable' in outcome) return { network: outcome.network, block: null, unavailable: outcome.unavailable };
  const { reserves } = outcome;
  const held = reserves.currencies[currency];
  return {
    network: reserves.network,
    block: reserves.block,
    hot: fromUnits(held.hot),
    cold: fromUnits(held.cold),
    deposits: fromUnits(held.deposits),
    total: fromUnits(held.hot + held.cold + held.deposits),
    hotWallets: reserves.hotWallets,
    coldWallets: reserves.coldWallets,
    depositAddresses: reserves.depositAddresses,
  };
}

/** One currency's result from the networks that carry it and what the ledger owes. */
function compare(currency: string, outcomes: NetworkOutcome[], owed: Liabilities, runAt: number): Reconciliation {
  const liabilities = owed.users - owed.inFlight;
  const gas = outcomes.flatMap((o) => ('reserves' in o && !o.reserves.currencies[o.reserves.gas.currency] ? [{ network: o.network, currency: o.reserves.gas.currency, hot: fromUnits(o.reserves.gas.hot) }] : []));
  const detail = {
    networks: outcomes.map((outcome) => figures(outcome, currency)),
    liabilities: { users: fromUnits(owed.users), inFlightWithdrawals: fromUnits(owed.inFlight) },
    ...(gas.length ? { gas } : {}),
  };
  const unread = outcomes.filter((o): o is Extract<NetworkOutcome, { unavailable: string }> => 'unavailable' in o);
  if (unread.length) {
    const reason = `not read from the chain: ${unread.map((o) => `${o.network}: ${o.unavailable}`).join('; ')}`;
    return { runAt, currency, status: 'unavailable', assets: null, liabilities, difference: null, reason, detail };
  }
  let assets = 0n;
  for (const outcome of outcomes) {
    if ('reserves' in outcome) {
      const held = outcome.reserves.currencies[currency];
      assets += held.hot + held.cold + held.deposits;
    }
  }
  const difference = assets - liabilities;
  if (difference >= 0n) return { runAt, currency, status: 'ok', assets, liabilities, difference, reason: null, detail };
  const reason = `shortfall of ${fromUnits(-difference)} ${currency}: ${fromUnits(assets)} on chain, ${fromUnits(liabilities)} owed`;
  return { runAt, currency, status: 'shortfall', assets, liabilities, difference, reason, detail };
}

/** what a log line carries of a result (decimal strings: a logger cannot write a bigint) */
export function describeReconciliation(result: Reconciliation) {
  return {
    at: new Date(result.runAt).toISOString(),
    currency: result.currency,
    status: result.status,
    ok: result.status === 'ok',
    assets: result.assets === null ? null : fromUnits(result.assets),
    liabilities: fromUnits(result.liabilities),
    difference: result.difference === null ? null : fromUnits(result.difference),
    reason: result.reason,
    networks: result.detail.networks,
    ledger: result.detail.liabilities,
    ...(result.detail.gas ? { gas: result.detail.gas } : {}),
  };
}

function logResult(log: FastifyBaseLogger, result: Reconciliation): void {
  const fields = { reconciliation: describeReconciliation(result) };
  if (result.status === 'shortfall') log.error(fields, `reconciliation: ${result.reason}`);
  else if (result.status === 'unavailable') log.warn(fields, `reconciliation: ${result.currency} unavailable, ${result.reason}`);
  else log.info(fields, `reconciliation: ${result.currency} ok, ${fromUnits(result.assets!)} on chain, ${fromUnits(result.liabilities)} owed`);
}

/**
 * One reconciliation: reads every watched network, then the ledger, records one row per currency
 * the watched networks carry and logs each. Returns the rows recorded (none without a network).
 */
export async function reconcile(options: ReconcileOptions): Promise<Reconciliation[]> {
  const { db, config, log, signal } = options;
  const networks = config.chainNetworks;
  const currencies = [...new Set(networks.flatMap(carriedCurrencies))];
  if (!currencies.length) return [];
  const runAt = options.now();
  let keyAddress: string | null = null;
  let keyProblem: string | null = null;
  try {
    keyAddress = config.withdrawSignerKey ? (await config.withdrawSignerKey.open()).address : null;
  } catch (error) {
    keyProblem = `the hot wallet's key cannot be opened (${causeOf(error)})`;
  }
  const outcomes: NetworkOutcome[] = keyProblem
    ? networks.map((network) => ({ network: network.network, unavailable: keyProblem }))
    : await Promise.all(networks.map((network) => readNetwork(options, network, keyAddress)));
  if (signal.aborted) throw signal.reason;
  const owed = await ledgerLiabilities(db, currencies);
  const results = currencies.map((currency) =>
    compare(
      currency,
      outcomes.filter((outcome) => carriedCurrencies(networks.find((n) => n.network === outcome.network)!).includes(currency)),
      owed.get(currency)!,
      runAt,
    ),
  );
  const { act } = options;
  if (act) {
    await db.transaction().execute(async (trx) => {
      await recordReconciliations(trx, results);
      await recordAct(trx, act, {
        action: 'reconcile.run',
        target: `reconciliation:${runAt}`,
        after: Object.fromEntries(results.map((result) => [result.currency, { status: result.status, difference: result.difference === null ? null : fromUnits(result.difference) }])),
      });
    });
  } else {
    await recordReconciliations(db, results);
  }
  for (const result of results) logResult(log, result);
  return results;
}
