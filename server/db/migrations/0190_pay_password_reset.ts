/**
 * `users.pay_password_reset_at`: when the pay password was last reset with a wallet signature
 * alone (忘记支付密码); withdrawals are refused for a while after it (contract/rules/payPassword.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pay_password_reset_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('pay_password_reset_at').execute();
}
