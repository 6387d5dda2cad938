/** How long an order waits for its payment, and for the buyer to confirm receipt. */
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** an unpaid order cancels itself (stock returned) this long after checkout */
export const PAY_WINDOW_MS = 30 * MINUTE_MS;
/** a shipped order completes itself this long after shipping */
export const AUTO_CONFIRM_MS = 10 * DAY_MS;
