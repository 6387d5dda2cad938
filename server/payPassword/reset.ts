/**
 * 忘记支付密码: a new pay password without the old one. The wallet that owns the account signs a
 * fresh step-up proof for the purpose payPassword.reset whose statement names the account's
 * address (auth/stepUp.ts: single use, this user's challenge, spent in the change's transaction).
 * The reset clears the lock of wrong tries and is recorded: withdrawals are refused for
 * PAY_PASSWORD_RESET_WITHDRAW_HOLD_HOURS after it (contract/rules/payPassword.ts), since a wallet
 * left unlocked on a lost phone is all a reset needs.
 */
import { payPasswordResetStatement, withdrawHeldUntil } from '../../contract/rules/payPassword';
import type { PayPassResetBodyType } from '../../contract/user';
import { checkStepUp } from '../auth/stepUp';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import type { TimeFormat } from '../time';
import { notify } from '../notifications/notifications';
import { hashPayPassword } from './hash';
import type { PayPasswordKeys } from './pepper';

/** Sets `body.newPassword` as the pay password; returns when withdrawals may start again (ms). */
export async function resetPayPassword(db: Db, config: ServerConfig, keys: PayPasswordKeys, userId: bigint, body: PayPassResetBodyType, now: number, time: TimeFormat): Promise<number> {
  const user = await db.selectFrom('users').select(['address', 'pay_password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
  // nothing to forget: the first one is set on /my/setting/pay-pass without a hold
  if (!user.pay_password_hash) throw new ApiError('PAY_PASSWORD_REQUIRED', { messageKey: 'payPassword.notSet' });
  const consumeProof = await checkStepUp(db, config, {
    userId,
    purpose: 'payPassword.reset',
    proof: body.proof,
    now,
    statement: payPasswordResetStatement(user.address),
  });
  const hash = hashPayPassword(keys, body.newPassword);
  const at = BigInt(now);
  const heldUntil = withdrawHeldUntil(now, now)!;
  await db.transaction().execute(async (trx) => {
    await consumeProof(trx);
    await trx
      .updateTable('users')
      .set({ pay_password_hash: hash, pay_password_changed_at: at, pay_password_reset_at: at })
      .where('id', '=', userId)
      .execute();
    // the user forgot it: the wrong tries made while guessing are forgiven with the new one
    await trx.updateTable('pay_password_guards').set({ failures: 0n, locked_until: 0n, updated_at: at }).where('user_id', '=', userId).execute();
    await notify(trx, userId, 'payPassword.reset', { withdrawHeldUntil: time.timestamp(heldUntil) }, now);
  });
  return heldUntil;
}

/** When withdrawals may start again after the user's last reset (ms), or null when they are not held at `now`. */
export async function withdrawHoldEnd(db: Db, userId: bigint, now: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('pay_password_reset_at').where('id', '=', userId).executeTakeFirst();
  return withdrawHeldUntil(row?.pay_password_reset_at == null ? null : Number(row.pay_password_reset_at), now);
}

/** Refuses a withdrawal (BUSINESS_RULE payPassword.resetWithdrawHold, with the end time) while it is held after a reset. */
export async function assertWithdrawNotHeld(db: Db, userId: bigint, now: number, time: TimeFormat): Promise<void> {
  const end = await withdrawHoldEnd(db, userId, now);
  if (end !== null) throw new ApiError('BUSINESS_RULE', { messageKey: 'payPassword.resetWithdrawHold', params: { time: time.timestamp(end) }, data: { withdrawHeldUntil: time.timestamp(end) } });
}
