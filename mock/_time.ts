/** Wire formats of times in the mocks (contract: `YYYY-MM-DD HH:mm:ss` and `YYYY-MM-DD`). */
import dayjs, { type Dayjs } from 'dayjs';

export const timestamp = (at: Dayjs = dayjs()) => at.format('YYYY-MM-DD HH:mm:ss');
export const day = (at: Dayjs = dayjs()) => at.format('YYYY-MM-DD');
/** `days` days from now (negative for the past) */
export const daysFromNow = (days: number) => dayjs().add(days, 'day');

/** Where a dated order stands today: before its first day, running, or over. */
export function phase(startDate: string, endDate: string): 'pending' | 'active' | 'ended' {
  const today = day();
  if (today < startDate) return 'pending';
  return today <= endDate ? 'active' : 'ended';
}
