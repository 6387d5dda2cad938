/** The console's operations calls (contract/admin/operations.ts): the same domain functions as the ops commands. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../contract';
import type { ReconciliationRunViewType } from '../../../contract/admin/operations';
import featureDefaults from '../../../config/access';
import { FEATURES, type Feature } from '../../../contract/features';
import { fromUnits } from '../../../contract/rules/money';
import type { AppContext } from '../../context';
import type { RetryPolicy } from '../../deposits/rpc';
import { effectiveFlags } from '../../features/flags';
import { setFeatureFlag, storedFeatureFlags } from '../../features/overrides';
import { ApiError } from '../../http/errors';
import { openApiDocument } from '../../http/openapi';
import { route } from '../../http/route';
import type { LedgerReport } from '../../ledger/invariants';
import { actorOf } from '../../operators/authenticate';
import type { OperatorAct } from '../../operators/actor';
import { dashboard } from '../../ops/dashboard';
import { priceStatuses, type PriceStatus } from '../../ops/priceCommands';
import { haltCurrency, resumeCurrency } from '../../prices/store';
import { reconcile } from '../../reconcile/reconcile';
import { reconciliationRuns, type Reconciliation } from '../../reconcile/store';

/**
 * A run asked for in the console waits for its answer: a network that does not answer is given
 * up after a few quick tries (the daily job and `ops reconcile` retry longer) and shows as unavailable.
 */
const CONSOLE_RECONCILE_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 2000, timeoutMs: 10_000 };

export default async function adminOperationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, clock, time, features } = ctx;

  const act = (request: Parameters<typeof actorOf>[0], reason: string): OperatorAct => ({ actor: actorOf(request), now: clock.now(), reason });

  const priceView = (status: PriceStatus) => ({
    ...status,
    halted: status.halted ? { operator: status.halted.operator, reason: status.halted.reason, since: time.timestamp(status.halted.haltedAt) } : null,
  });
  const pricesNow = async () => (await priceStatuses(db, config.prices, ctx.prices, clock.now())).map(priceView);

  const runView = (rows: Reconciliation[]): ReconciliationRunViewType => ({
    runAt: time.timestamp(rows[0].runAt),
    ok: rows.every((row) => row.status === 'ok'),
    rows: rows.map((row) => ({
      currency: row.currency,
      status: row.status,
      assets: row.assets === null ? null : fromUnits(row.assets),
      liabilities: fromUnits(row.liabilities),
      difference: row.difference === null ? null : fromUnits(row.difference),
      reason: row.reason,
      detail: row.detail,
    })),
  });

  const ledgerView = (report: LedgerReport) => ({
    ok: report.ok,
    entries: report.entries,
    accounts: report.accounts,
    currencySums: Object.fromEntries(Object.entries(report.currencySums).map(([currency, sum]) => [currency, fromUnits(sum)])),
    systemBalances: Object.fromEntries(
      Object.entries(report.systemBalances).map(([system, byCurrency]) => [system, Object.fromEntries(Object.entries(byCurrency).map(([currency, units]) => [currency, fromUnits(units)]))]),
    ),
    problems: report.problems,
  });

  route(app, contract.admin.dashboard, async () => {
    const now = clock.now();
    const figures = await dashboard({ db, networks: config.chainNetworks.map((n) => n.network), priceConfig: config.prices, prices: ctx.prices, now });
    return {
      withdrawalsInReview: figures.withdrawalsInReview,
      depositsInReview: figures.depositsInReview,
      approvalsPending: figures.approvalsPending,
      signers: figures.signers.map(({ network, halt, runs }) => ({
        network,
        halted: halt ? { operator: halt.operator, reason: halt.reason, since: time.timestamp(halt.haltedAt) } : null,
        failuresInARow: runs?.failuresInARow ?? 0,
        failing: runs?.failing ?? false,
        lastError: runs?.lastError ?? null,
        lastErrorAt: runs?.lastErrorAt == null ? null : time.timestamp(runs.lastErrorAt),
        lastOkAt: runs?.lastOkAt == null ? null : time.timestamp(runs.lastOkAt),
      })),
      watchers: figures.watchers,
      prices: figures.prices.map(priceView),
      reconciliation: figures.reconciliation.length ? runView(figures.reconciliation) : null,
      ledger: ledgerView(figures.ledger),
      at: time.timestamp(now),
    };
  });

  route(app, contract.admin.prices, async () => pricesNow());

  const priceResult = async (currency: string, changed: boolean) => ({ changed, price: (await pricesNow()).find((p) => p.currency === currency)! });

  route(app, contract.admin.haltPrice, async (request) => {
    const { currency } = request.params;
    return priceResult(currency, await haltCurrency(db, act(request, request.body.reason), currency));
  });

  route(app, contract.admin.resumePrice, async (request) => {
    const { currency } = request.params;
    return priceResult(currency, await resumeCurrency(db, act(request, request.body.reason), currency));
  });

  /** Every flag's layers: the console's read from the table now, the server's own from this process. */
  const flagViews = async () => {
    const layers = { ...features.layers(), stored: await storedFeatureFlags(db) };
    const effective = effectiveFlags(layers);
    return FEATURES.map((name: Feature) => {
      const stored = layers.stored[name];
      return {
        name,
        default: featureDefaults[name],
        stored: stored ? { enabled: stored.enabled, updatedBy: stored.updatedBy, updatedAt: time.timestamp(stored.updatedAt) } : null,
        env: layers.env[name] ?? null,
        file: layers.file?.[name] ?? null,
        effective: effective[name],
      };
    });
  };

  route(app, contract.admin.features, async () => ({
    fileConfigured: features.layers().file !== null,
    propagationMs: config.featureFlagsPollMs,
    list: await flagViews(),
  }));

  route(app, contract.admin.setFeature, async (request) => {
    const { name } = request.params;
    await setFeatureFlag(db, act(request, request.body.reason), name, request.body.enabled);
    // this process at once; the others at their next poll
    await features.refresh();
    return (await flagViews()).find((view) => view.name === name)!;
  });

  route(app, contract.admin.reconciliations, async (request) => {
    const { page = 1, pageSize = 20 } = request.query;
    const { runs, total } = await reconciliationRuns(db, page, pageSize);
    return { list: runs.map(runView), total, page, pageSize };
  });

  route(app, contract.admin.runReconcile, async (request) => {
    if (!config.chainNetworks.length) throw new ApiError('BUSINESS_RULE', { messageKey: 'admin.reconcile.noNetworks' });
    const rows = await reconcile({
      db,
      config,
      log: request.log,
      now: () => clock.now(),
      signal: new AbortController().signal,
      retry: CONSOLE_RECONCILE_RETRY,
      act: act(request, request.body.reason),
    });
    if (!rows.length) throw new ApiError('BUSINESS_RULE', { messageKey: 'admin.reconcile.noNetworks' });
    return runView(rows);
  });

  route(app, contract.admin.openApi, async () => openApiDocument());
}
