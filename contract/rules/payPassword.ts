/**
 * The pay password's lockout, for the server (server/payPassword/payPassword.ts) and the mocks:
 * this many wrong tries in a row lock it for LOCK_MS; a right one forgives the run.
 */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MS = 15 * 60 * 1000;

/** The whole minutes a lock ending at `lockedUntil` still lasts at `now` (at least 1), as the refusal says. */
export function lockMinutesLeft(lockedUntil: number, now: number): number {
  return Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
}
