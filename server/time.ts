/**
 * Time on the server: an injectable clock (tests move it) and the display formats of the contract.
 * Instants are stored as BIGINT epoch milliseconds.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export interface Clock {
  /** epoch milliseconds */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const TIMESTAMP_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** Formats instants for the wire in the configured display offset (minutes east of UTC). */
export function createTimeFormat(utcOffsetMinutes: number) {
  const at = (ms: number | bigint) => dayjs(Number(ms)).utcOffset(utcOffsetMinutes);
  return {
    timestamp: (ms: number | bigint): string => at(ms).format(TIMESTAMP_FORMAT),
    date: (ms: number | bigint): string => at(ms).format(DATE_FORMAT),
  };
}

export type TimeFormat = ReturnType<typeof createTimeFormat>;
