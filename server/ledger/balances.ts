/** A user's balances per currency, valued in USDT at the prices table. */
import type { AccountOverviewType } from '../../contract/account';
import type { Db } from '../db';
import { preparedQuery, type ParamOf } from '../db/prepared';
import { fromUnits, multiply } from '../../contract/rules/money';
import { ownerKey, systemOwnerKeys, userOwner, type SystemAccount } from './accounts';
import { WALLET_CURRENCIES } from '../../contract/rules/wallet';
import type { Trx } from './post';
import { loadPrices } from './prices';

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
  const rows = await db.selectFrom('ledger_accounts').select('available').where('owner', 'in', systemOwnerKeys(system)).where('currency', '=', currency).execute();
  return rows.reduce((sum, row) => sum + row.available, 0n);
}

export async function balanceOverview(db: Db, userId: bigint, onlyCurrency?: string): Promise<AccountOverviewType> {
  const accounts = await db.selectFrom('ledger_accounts').select(['currency', 'available', 'frozen']).where('user_id', '=', userId).execute();
  const prices = await loadPrices(db);
  const byCurrency = new Map(accounts.map((a) => [a.currency, a]));
  const currencies = [...new Set<string>([...WALLET_CURRENCIES, ...accounts.map((a) => a.currency)])].filter(
    (currency) => !onlyCurrency || currency === onlyCurrency,
  );
  let total = 0n;
  const balances = currencies.map((currency) => {
    const account = byCurrency.get(currency);
    const available = account?.available ?? 0n;
    const frozen = account?.frozen ?? 0n;
    const price = prices.get(currency) ?? 0n;
    const value = multiply(available + frozen, price, 'down');
    total += value;
    return { currency, available: fromUnits(available), frozen: fromUnits(frozen), priceUsdt: fromUnits(price), valueUsdt: fromUnits(value) };
  });
  return { totalUsdt: fromUnits(total), balances };
}
