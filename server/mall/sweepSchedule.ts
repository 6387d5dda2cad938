/** The sweep's timer inside the server process: every minute, with the app's (injectable) clock. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import type { Clock } from '../time';
import { sweepOrders } from './sweep';

export const SWEEP_INTERVAL_MS = 60_000;

export function startSweepSchedule(options: { db: Db; clock: Clock; log: FastifyBaseLogger; intervalMs?: number }): { stop(): void } {
  const { db, clock, log } = options;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const result = await sweepOrders(db, clock.now());
      if (result.expired || result.confirmed) log.info({ mallSweep: result }, 'mall orders swept');
    } catch (error) {
      log.error({ err: error }, 'mall sweep failed; it will be retried');
    } finally {
      running = false;
    }
  }, options.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
