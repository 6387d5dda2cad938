/**
 * `settle [--day YYYY-MM-DD]`: settles one past day (power output, finance interest, maturities),
 * or without --day every past day not settled yet, like the server's scheduled job. Idempotent:
 * a second run for a day changes nothing and reports zero new rows. Prints one JSON line per day.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { settlePendingDays } from '../settlement/pendingDays';
import { settleDay } from '../settlement/settleDay';
import type { OpsCommand } from './command';

export const settle: OpsCommand = {
  usage: 'settle [--day YYYY-MM-DD]',
  async run(args, { db, clock, print }) {
    const { values } = parseArgs({ args, options: { day: { type: 'string' } }, strict: true });
    const { displayUtcOffsetMinutes: utcOffsetMinutes, commissionRate } = loadConfig();
    const results = values.day
      ? [await settleDay(db, values.day, clock, utcOffsetMinutes, commissionRate)]
      : await settlePendingDays(db, clock, utcOffsetMinutes, commissionRate);
    for (const result of results) print(result);
    if (results.length === 0) print({ settled: 0, message: 'nothing to settle' });
    return 0;
  },
};
