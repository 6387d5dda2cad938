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

/**
 * After a forgotten pay password is reset with a wallet signature alone, withdrawals are refused
 * this long: whoever holds the phone with the wallet unlocked could otherwise reset and empty the
 * account at once. A change with the old password does not start it.
 */
export const PAY_PASSWORD_RESET_WITHDRAW_HOLD_HOURS = 24;
export const PAY_PASSWORD_RESET_WITHDRAW_HOLD_MS = PAY_PASSWORD_RESET_WITHDRAW_HOLD_HOURS * 3600_000;

/** When withdrawals may start again after a reset at `resetAt` (ms), or null when they are not held at `now`. */
export function withdrawHeldUntil(resetAt: number | null, now: number): number | null {
  if (resetAt === null) return null;
  const end = resetAt + PAY_PASSWORD_RESET_WITHDRAW_HOLD_MS;
  return now < end ? end : null;
}

/** The SIWE statement the wallet signs to reset the pay password of the account at `address` (purpose 'payPassword.reset'). */
export function payPasswordResetStatement(address: string): string {
  return `Reset pay password of ${address} for PowerFi`;
}
