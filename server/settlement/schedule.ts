/**
 * The settlement job inside the server process: shortly after start and then every few minutes
 * it settles any past day not yet settled. Several processes may run it at once: settlement is
 * exactly-once per order and day in the database, so they only repeat each other's no-ops.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import type { Clock } from '../time';
import { settlePendingDays } from './pendingDays';

export const SETTLEMENT_INTERVAL_MS = 5 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 10 * 1000;

export interface SettlementSchedule {
  stop(): void;
}

export function startSettlementSchedule(options: { db: Db; clock: Clock; utcOffsetMinutes: number; log: FastifyBaseLogger; intervalMs?: number }): SettlementSchedule {
  const { db, clock, utcOffsetMinutes, log } = options;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      for (const result of await settlePendingDays(db, clock, utcOffsetMinutes)) log.info({ settlement: result }, `settled ${result.day}`);
    } catch (error) {
      log.error({ err: error }, 'daily settlement failed; it will be retried');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), FIRST_RUN_DELAY_MS);
  const every = setInterval(() => void run(), options.intervalMs ?? SETTLEMENT_INTERVAL_MS);
  first.unref();
  every.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
