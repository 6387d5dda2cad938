/** Wire formats of times in the mocks (contract: `YYYY-MM-DD HH:mm:ss` and `YYYY-MM-DD`), and the mocks' clock. */
import dayjs, { type Dayjs } from 'dayjs';

let fixedNow: number | null = null;

/** The mocks' clock (ms): real time, unless a test set it with `setMockNow` (the market's phases, quote expiry). */
export const now = (): number => fixedNow ?? Date.now();

/** Sets the clock to `at` (ms), or back to real time with null. */
export function setMockNow(at: number | null): void {
  fixedNow = at;
}

export const timestamp = (at: Dayjs = dayjs(now())) => at.format('YYYY-MM-DD HH:mm:ss');
export const day = (at: Dayjs = dayjs(now())) => at.format('YYYY-MM-DD');
/** `days` days from now (negative for the past) */
export const daysFromNow = (days: number) => dayjs(now()).add(days, 'day');

/** Where a dated order stands today: before its first day, running, or over. */
export function phase(startDate: string, endDate: string): 'pending' | 'active' | 'ended' {
  const today = day();
  if (today < startDate) return 'pending';
  return today <= endDate ? 'active' : 'ended';
}
