/**
 * `settle --day YYYY-MM-DD`: settles one past day (power output, finance interest, maturities);
 * `settle` alone settles every past day not settled yet, like the scheduled job. Idempotent:
 * running it twice for a day changes nothing the second time. Prints one JSON line per day.
 */
import type { Db } from '../db';
import { settlePendingDays } from '../settlement/pendingDays';
import { settleDay, type SettlementResult } from '../settlement/settleDay';
import type { Clock } from '../time';

export interface SettleCommandContext {
  db: Db;
  clock: Clock;
  utcOffsetMinutes: number;
}

export class SettleUsageError extends Error {}

export function parseSettleArgs(args: string[]): { day: string | null } {
  if (args.length === 0) return { day: null };
  const [flag, value, ...rest] = args;
  const inline = flag.startsWith('--day=') ? flag.slice('--day='.length) : null;
  if (inline !== null && value === undefined) return { day: inline };
  if (flag === '--day' && value && rest.length === 0) return { day: value };
  throw new SettleUsageError('usage: settle [--day YYYY-MM-DD]');
}

export async function runSettleCommand(args: string[], ctx: SettleCommandContext): Promise<SettlementResult[]> {
  const { day } = parseSettleArgs(args);
  if (day === null) return settlePendingDays(ctx.db, ctx.clock, ctx.utcOffsetMinutes);
  return [await settleDay(ctx.db, day, ctx.clock, ctx.utcOffsetMinutes)];
}
