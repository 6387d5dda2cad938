/**
 * The exchange desk's exposure: the `exchange` system account takes the other side of every
 * conversion and power exchange, so its balance per currency is the position the platform holds
 * against the market. A move that would take a position past its bound (EXCHANGE_MAX_POSITION_*),
 * further from zero, is refused with EXCHANGE_LIMIT; one that brings it back is always allowed.
 * On PostgreSQL the check holds a transaction-scoped advisory lock per currency (taken in a fixed
 * order), so two conversions at once cannot both pass on the same room; SQLite's writers are one
 * at a time already.
 */
import { sql } from 'kysely';
import { isSqlite } from '../db';
import { ApiError } from '../http/errors';
import { systemBalances } from '../ledger/balances';
import type { Trx } from '../ledger/post';

export interface DeskMove {
  currency: string;
  /** what the desk's balance changes by (positive: it receives) */
  delta: bigint;
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n);

/**
 * Takes the advisory locks of the desk's positions in `currencies` (sorted) by one statement: a
 * select without FROM evaluates its columns left to right, so the locks are taken in that order.
 */
async function lockPositions(trx: Trx, currencies: readonly string[]): Promise<void> {
  const locks = currencies.map((currency) => sql`pg_advisory_xact_lock(hashtext(${`exchange-position:${currency}`}))`);
  await sql`select ${sql.join(locks)}`.execute(trx);
}

export async function checkExposure(trx: Trx, moves: readonly DeskMove[], bounds: Readonly<Record<string, bigint>>): Promise<void> {
  const bounded = moves.filter(({ currency }) => bounds[currency] !== undefined).sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  if (bounded.length === 0) return;
  const currencies = bounded.map(({ currency }) => currency);
  // the positions are read by a statement after the one that locks them: a statement's snapshot
  // is taken at its start, so one that locked and read would miss what the conversion it waited for wrote
  if (!isSqlite(trx)) await lockPositions(trx, currencies);
  const positions = await systemBalances(trx, 'exchange', currencies);
  for (const { currency, delta } of bounded) {
    const before = positions.get(currency)!;
    const after = before + delta;
    if (abs(after) > bounds[currency] && abs(after) > abs(before)) {
      // the desk's position is the platform's business: the user is told only which currency
      throw new ApiError('EXCHANGE_LIMIT', { params: { currency }, data: { currency } });
    }
  }
}
