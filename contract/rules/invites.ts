/** Invitation rules shared by the server and the mocks (docs/invites.md). */

/**
 * Commission, in percent of an invitee's power purchase (and of finance interest paid), credited
 * to the inviter in USDT. The server's COMMISSION_RATE setting overrides it; this is its default.
 */
export const DEFAULT_COMMISSION_RATE = '5';
