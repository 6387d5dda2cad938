/**
 * `reconcile [--last] [--reason TEXT] [--operator NAME]`: the books against the chain now
 * (server/reconcile/reconcile.ts): reads every watched network through its endpoints' quorum,
 * records the run (audited 'reconcile.run', from the command line) and prints one JSON line per
 * currency (assets, liabilities, difference, status, the figures per network and source). Exits 1
 * when a currency is short or could not be read, so a monitor can run it; the shortfall is also an
 * error on stderr, where the run's log goes. `--last` prints the last recorded run without asking
 * the chain (exit 1 likewise, or when none was recorded).
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DEFAULT_RETRY, type RetryPolicy } from '../deposits/rpc';
import { cliActor } from '../operators/actor';
import { describeReconciliation, reconcile } from '../reconcile/reconcile';
import { lastReconciliation, type Reconciliation } from '../reconcile/store';
import type { OpsCommand } from './command';

export interface ReconcileCommandOptions {
  retry?: RetryPolicy;
  /** the run's log; default JSON lines on stderr at LOG_LEVEL */
  log?: FastifyBaseLogger;
}

function stderrLog(level: string): FastifyBaseLogger {
  return Fastify({ logger: { level, stream: process.stderr } }).log;
}

function report(rows: Reconciliation[], print: (value: unknown) => void): number {
  for (const row of rows) print(describeReconciliation(row));
  return rows.every((row) => row.status === 'ok') ? 0 : 1;
}

export function reconcileCommand(options: ReconcileCommandOptions = {}): OpsCommand {
  return {
    usage: 'reconcile [--last] [--reason TEXT] [--operator NAME]',
    async run(args, ctx) {
      const { values } = parseArgs({ args, options: { last: { type: 'boolean' }, reason: { type: 'string' }, operator: { type: 'string' } }, strict: true });
      const reason = (values.reason ?? '').trim();
      if (reason.length > 200) throw new Error('--reason is at most 200 characters');
      if (values.last) {
        const rows = await lastReconciliation(ctx.db);
        if (!rows.length) throw new Error('no reconciliation recorded yet: run `npm run ops -- reconcile`');
        return report(rows, ctx.print);
      }
      const config = ctx.config ?? loadConfig();
      if (!config.chainNetworks.length) throw new Error('no CHAIN_<NETWORK>_RPC_URL configured: there is nothing on chain to reconcile the ledger with');
      const log = options.log ?? stderrLog(config.logLevel);
      const act = { actor: cliActor((values.operator || os.userInfo().username).slice(0, 64)), now: ctx.clock.now(), reason };
      const rows = await reconcile({ db: ctx.db, config, log, now: () => ctx.clock.now(), signal: new AbortController().signal, retry: options.retry ?? DEFAULT_RETRY, act });
      return report(rows, ctx.print);
    },
  };
}

export const reconcileNow = reconcileCommand();
