/** A user's balances per currency, valued in USDT at the market's usable prices (server/prices). */
import type { AccountOverviewType } from '../../contract/account';
import type { Db } from '../db';
import { preparedQuery, type ParamOf } from '../db/prepared';
import { fromUnits } from '../../contract/rules/money';
import { valueAt } from '../../contract/rules/prices';
import { ownerKey, systemOwnerKeys, userOwner, type SystemAccount } from './accounts';
import { WALLET_CURRENCIES } from '../../contract/rules/wallet';
import type { Trx } from './post';
import type { PriceBook } from '../prices/market';
import type { TimeFormat } from '../time';

const availableOf = preparedQuery((db: Db, param: ParamOf<{ owner: string; currency: string }>) =>
  db.selectFrom('ledger_accounts').select('available').where('owner', '=', param('owner')).where('currency', '=', param('currency')),
);

/** The user's available balance in one currency (0 without an account). */
export async function userBalance(db: Db | Trx, userId: bigint, currency: string): Promise<bigint> {
  const [row] = await availableOf(db, { owner: ownerKey(userOwner(userId)), currency });
  return row?.available ?? 0n;
}

/** A system account's balance in one currency: the sum of its shards (accounts.ts SYSTEM_SHARDS). */
export async function systemBalance(db: Db | Trx, system: SystemAccount, currency: string): Promise<bigint> {
  return (await systemBalances(db, system, [currency])).get(currency)!;
}

/** A system account's balances in several currencies, read by one statement: currency → the sum of its shards. */
export async function systemBalances(db: Db | Trx, system: SystemAccount, currencies: readonly string[]): Promise<Map<string, bigint>> {
  const sums = new Map(currencies.map((currency) => [currency, 0n]));
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'available'])
    .where('owner', 'in', systemOwnerKeys(system))
    .where('currency', 'in', [...sums.keys()])
    .execute();
  for (const row of rows) sums.set(row.currency, sums.get(row.currency)! + row.available);
  return sums;
}

export async function balanceOverview(db: Db, prices: PriceBook, userId: bigint, onlyCurrency: string | undefined, now: number, time: TimeFormat): Promise<AccountOverviewType> {
  const accounts = await db.selectFrom('ledger_accounts').select(['currency', 'available', 'frozen']).where('user_id', '=', userId).execute();
  const byCurrency = new Map(accounts.map((a) => [a.currency, a]));
  const currencies = [...new Set<string>([...WALLET_CURRENCIES, ...accounts.map((a) => a.currency)])].filter(
    (currency) => !onlyCurrency || currency === onlyCurrency,
  );
  const states = await prices.states(db, currencies, now);
  let total = 0n;
  let totalPartial = false;
  const balances = currencies.map((currency) => {
    const account = byCurrency.get(currency);
    const available = account?.available ?? 0n;
    const frozen = account?.frozen ?? 0n;
    const amounts = { currency, available: fromUnits(available), frozen: fromUnits(frozen) };
    const state = states.get(currency);
    if (!state?.usable) {
      // no usable price: no value, rather than a stale or made-up one
      if (available + frozen > 0n) totalPartial = true;
      return { ...amounts, priceUsdt: null, valueUsdt: null, priceAt: null, priceDemo: false };
    }
    const value = valueAt(available + frozen, state.price);
    total += value;
    const priceAt = state.snapshotId === null && !state.demo ? null : time.timestamp(BigInt(state.takenAt));
    return { ...amounts, priceUsdt: fromUnits(state.price), valueUsdt: fromUnits(value), priceAt, priceDemo: state.demo };
  });
  return { totalUsdt: fromUnits(total), totalPartial, balances };
}
