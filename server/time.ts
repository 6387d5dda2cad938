/**
 * Time on the server: an injectable clock (tests move it) and the display formats of the contract.
 * Instants are stored as BIGINT epoch milliseconds.
 */
export interface Clock {
  /** epoch milliseconds */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const TIMESTAMP_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * Formats instants for the wire in the configured display offset (minutes east of UTC).
 * The instant is shifted by the offset and read as UTC through toISOString
 * ("2026-11-21T22:22:45.123Z"), whose first characters are exactly both formats above; every
 * signed-in response formats times, and this costs a tenth of a dayjs format.
 */
export function createTimeFormat(utcOffsetMinutes: number) {
  const shiftedIso = (ms: number | bigint) => new Date(Number(ms) + utcOffsetMinutes * 60_000).toISOString();
  return {
    timestamp: (ms: number | bigint): string => {
      const iso = shiftedIso(ms);
      return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    },
    date: (ms: number | bigint): string => shiftedIso(ms).slice(0, 10),
  };
}

export type TimeFormat = ReturnType<typeof createTimeFormat>;
