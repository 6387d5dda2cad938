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
import { systemBalance } from '../ledger/balances';
import type { Trx } from '../ledger/post';

export interface DeskMove {
  currency: string;
  /** what the desk's balance changes by (positive: it receives) */
  delta: bigint;
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n);

export async function checkExposure(trx: Trx, moves: readonly DeskMove[], bounds: Readonly<Record<string, bigint>>): Promise<void> {
  const ordered = [...moves].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  for (const { currency, delta } of ordered) {
    const bound = bounds[currency];
    if (bound === undefined) continue;
    if (!isSqlite(trx)) await sql`select pg_advisory_xact_lock(hashtext(${`exchange-position:${currency}`}))`.execute(trx);
    const before = await systemBalance(trx, 'exchange', currency);
    const after = before + delta;
    if (abs(after) > bound && abs(after) > abs(before)) {
      // the desk's position is the platform's business: the user is told only which currency
      throw new ApiError('EXCHANGE_LIMIT', { params: { currency }, data: { currency } });
    }
  }
}
