/**
 * The index audit (tests/server/query-plans.test.ts: no growing table is read by a full
 * scan, and every index serves a recorded query):
 * - `chain_deposits_deposit`: the deposit records (server/deposits/records.ts) show a
 *   credited deposit at the time the watcher first saw it, looked up by `deposit_id` for every
 *   deposit listed; without an index each lookup read every chain deposit.
 * - `power_orders_end_day` (end_day, start_day) and `finance_orders_maturity_day` (maturity_day,
 *   start_day): daily settlement finds the orders producing a day by `end_day >= day` (or
 *   `maturity_day`), which skips every order that ended before; the (start_day, …) indexes could
 *   only skip orders not started yet, so each day read nearly every order ever sold. Those stay:
 *   they find the first day to settle (`min(start_day)`).
 * - `invite_commissions_invitee` is dropped: it served no query. The invite details sum a user's
 *   commissions per invitee among the rows of one inviter, which `invite_commissions_inviter`
 *   finds; no query looks commissions up by invitee alone. It only cost every commission's insert.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('chain_deposits_deposit').on('chain_deposits').columns(['deposit_id']).execute();
  await db.schema.createIndex('power_orders_end_day').on('power_orders').columns(['end_day', 'start_day']).execute();
  await db.schema.createIndex('finance_orders_maturity_day').on('finance_orders').columns(['maturity_day', 'start_day']).execute();
  await db.schema.dropIndex('invite_commissions_invitee').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('invite_commissions_invitee').on('invite_commissions').columns(['invitee_id']).execute();
  await db.schema.dropIndex('finance_orders_maturity_day').execute();
  await db.schema.dropIndex('power_orders_end_day').execute();
  await db.schema.dropIndex('chain_deposits_deposit').execute();
}
