/**
 * What the scheduled job does: settle, oldest first, every past day that some order produces or
 * earns on and that has not been settled yet.
 */
import { sql } from 'kysely';
import type { Db } from '../db';
import type { Clock } from '../time';
import { addDays, dayOf } from './days';
import { DEFAULT_COMMISSION_RATE } from '../../contract/rules/invites';
import { settleDay, type SettlementResult } from './settleDay';

async function firstOrderDay(db: Db): Promise<string | null> {
  const power = await db.selectFrom('power_orders').select(sql<string | null>`min(start_day)`.as('day')).executeTakeFirst();
  const finance = await db.selectFrom('finance_orders').select(sql<string | null>`min(start_day)`.as('day')).executeTakeFirst();
  const days = [power?.day, finance?.day].filter((day): day is string => typeof day === 'string');
  return days.length ? days.sort()[0] : null;
}

export interface PendingDaysOptions {
  /** stops the run between two orders' transactions (the server is stopping) */
  signal?: AbortSignal;
  /** told of each day once it is settled */
  onDay?: (result: SettlementResult) => void;
}

export async function settlePendingDays(
  db: Db,
  clock: Clock,
  utcOffsetMinutes: number,
  commissionRate = DEFAULT_COMMISSION_RATE,
  { signal, onDay }: PendingDaysOptions = {},
): Promise<SettlementResult[]> {
  const first = await firstOrderDay(db);
  const yesterday = addDays(dayOf(clock.now(), utcOffsetMinutes), -1);
  if (first === null || first > yesterday) return [];
  const settled = await db.selectFrom('settled_days').select('day').where('day', '>=', first).execute();
  const done = new Set(settled.map((row) => row.day));
  const results: SettlementResult[] = [];
  for (let day = first; day <= yesterday; day = addDays(day, 1)) {
    if (done.has(day)) continue;
    const result = await settleDay(db, day, clock, utcOffsetMinutes, commissionRate, signal);
    results.push(result);
    onDay?.(result);
  }
  return results;
}
