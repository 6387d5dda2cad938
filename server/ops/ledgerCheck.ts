/** `ledger:check`: prints the ledger invariants; exit code 1 when one is broken. */
import { checkLedger } from '../ledger/invariants';
import { fromUnits } from '../../contract/rules/money';
import type { OpsCommand } from './command';

export const ledgerCheck: OpsCommand = {
  usage: 'ledger:check',
  async run(_args, { db, print }) {
    const report = await checkLedger(db);
    print({
      ok: report.ok,
      entries: report.entries,
      accounts: report.accounts,
      currencySums: Object.fromEntries(Object.entries(report.currencySums).map(([currency, sum]) => [currency, fromUnits(sum)])),
      // what the company holds or owes per system account (its shards summed), e.g. fees earned
      systemBalances: Object.fromEntries(Object.entries(report.systemBalances).map(([system, byCurrency]) => [system, Object.fromEntries(Object.entries(byCurrency).map(([currency, units]) => [currency, fromUnits(units)]))])),
      problems: report.problems,
    });
    return report.ok ? 0 : 1;
  },
};
