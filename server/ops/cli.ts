/**
 * The ops command line on the configured database (DATABASE_URL or SQLITE_PATH):
 *   npm run ops -- <command> [options]
 * Every command prints JSON lines; errors print a message (zh-CN) and exit non-zero.
 */
import { loadConfig } from '../config';
import { createDb } from '../db';
import { migrateToLatest } from '../db/migrate';
import { ApiError } from '../http/errors';
import { translate } from '../i18n';
import { systemClock } from '../time';
import type { OpsCommand } from './command';
import { depositCredit } from './depositCredit';
import { DEPOSIT_REVIEW_OPS_COMMANDS } from './depositReview';
import { ledgerCheck } from './ledgerCheck';
import { MALL_OPS_COMMANDS } from './mallCommands';
import { settle } from './settle';
import { watcherStatus } from './watcherStatus';
import { WITHDRAW_OPS_COMMANDS } from './withdrawCommands';
import { PRICE_OPS_COMMANDS } from './priceCommands';
import { reconcileNow } from './reconcile';
import { OPERATOR_OPS_COMMANDS } from './operatorCommands';
import { FEATURE_OPS_COMMANDS } from './featureCommands';

/** Operations with no screen in the app; add a command here. */
export const OPS_COMMANDS: Record<string, OpsCommand> = {
  'deposit:credit': depositCredit,
  ...DEPOSIT_REVIEW_OPS_COMMANDS,
  'ledger:check': ledgerCheck,
  ...MALL_OPS_COMMANDS,
  settle,
  'watcher:status': watcherStatus,
  ...WITHDRAW_OPS_COMMANDS,
  ...PRICE_OPS_COMMANDS,
  reconcile: reconcileNow,
  ...OPERATOR_OPS_COMMANDS,
  ...FEATURE_OPS_COMMANDS,
};

function usage(): string {
  return ['usage: npm run ops -- <command> [options]', ...Object.values(OPS_COMMANDS).map((c) => `  ${c.usage}`)].join('\n');
}

function describe(error: unknown): string {
  if (error instanceof ApiError) return `${error.code}: ${translate('zh-CN', error.options.messageKey ?? error.code, error.options.params)}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sets process.exitCode as it goes rather than returning it: the code is "failed" until the
 * command has said otherwise, so a process whose event loop empties early (as it did while closing
 * the database waited for an unref'd checkpoint worker) can never exit 0 by accident.
 */
async function main(argv: string[]): Promise<void> {
  process.exitCode = 1;
  const [name, ...args] = argv;
  const command = name ? OPS_COMMANDS[name] : undefined;
  if (!command) {
    console.error(usage());
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    process.exitCode = await command.run(args, { db, clock: systemClock, config, print: (value) => process.stdout.write(`${JSON.stringify(value)}\n`) });
  } catch (error) {
    console.error(describe(error));
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

void main(process.argv.slice(2)).then(() => process.exit());
