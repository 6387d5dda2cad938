/**
 * The server's wire formats of instants (server/time.ts) against dayjs as the oracle, over random
 * instants and display offsets, including day, month and year boundaries.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import fc from 'fast-check';
import { createTimeFormat, DATE_FORMAT, TIMESTAMP_FORMAT } from '../../server/time';

dayjs.extend(utc);

const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) });
const offsetMinutes = fc.integer({ min: -12 * 60, max: 14 * 60 });

describe('server time formats', () => {
  it('timestamp and date equal dayjs in the display offset', () => {
    fc.assert(
      fc.property(instant, offsetMinutes, (ms, offset) => {
        const format = createTimeFormat(offset);
        // dayjs' utcOffset() reads |n| < 16 as hours, so the oracle shifts the instant itself
        const expected = dayjs.utc(ms + offset * 60_000);
        expect(format.timestamp(ms)).toBe(expected.format(TIMESTAMP_FORMAT));
        expect(format.date(BigInt(ms))).toBe(expected.format(DATE_FORMAT));
      }),
      { numRuns: 2000 },
    );
  });

  it('crosses midnight and the new year with the offset', () => {
    const newYearUtc = Date.UTC(2026, 11, 31, 16, 30, 5); // 2026-12-31 16:30:05 UTC
    expect(createTimeFormat(480).timestamp(newYearUtc)).toBe('2027-01-01 00:30:05');
    expect(createTimeFormat(0).date(newYearUtc)).toBe('2026-12-31');
    expect(createTimeFormat(-600).timestamp(Date.UTC(2026, 0, 1, 3, 0, 0))).toBe('2025-12-31 17:00:00');
  });
});
