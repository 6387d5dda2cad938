/**
 * Frozen accounts: an operator (reviewer) freezes an account that looks stolen or abused; while
 * frozen, no money leaves it: withdrawal requests, transfers to other users, mall payments (goods
 * shipped off the platform are value leaving it), and an operator's approval of a withdrawal
 * already asked. Money may still come in (deposits, transfers from others, refunds), and payments
 * whose value stays in the account (power and finance products, conversions) go on: nothing of
 * them can reach someone else.
 *
 * Freezing does not end the user's sessions: the user keeps seeing the account and why a move
 * out is refused (ACCOUNT_FROZEN tells them to contact support). When the account looks taken
 * over, the operator ends its sessions one by one (`revokeUserSession`), audited on its own.
 */
import { isSqlite, type Db } from '../db';
import { preparedQuery, type ParamOf } from '../db/prepared';
import { ApiError } from '../http/errors';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import type { Trx } from '../ledger/post';
import { recordAct, type OperatorAct } from '../operators/actor';

const frozenAndUid = preparedQuery((db: Db, param: ParamOf<{ userId: bigint }>) =>
  db
    .selectFrom('users')
    .select(['frozen_at', 'uid'])
    .where('id', '=', param('userId'))
    .$if(!isSqlite(db), (qb) => qb.forShare()),
);

/**
 * Throws 403 ACCOUNT_FROZEN when the user's account is frozen; call it inside the money
 * transaction. On PostgreSQL it share-locks the user row, so a freeze committing meanwhile waits
 * for this transaction, and one that committed first is seen. Returns the user's UID (read with
 * the same statement), null when there is no such user.
 */
export async function assertNotFrozen(db: Db, userId: bigint): Promise<string | null> {
  const [row] = await frozenAndUid(db, { userId });
  if (row && row.frozen_at !== null) throw new ApiError('ACCOUNT_FROZEN');
  return row?.uid ?? null;
}

export const userNotFound = () => new ApiError('NOT_FOUND', { messageKey: 'admin.users.notFound' });

/** The user with this UID, locked for the transaction (PostgreSQL), or 404. */
export async function lockUserByUid(trx: Trx, uid: string) {
  const row = await trx
    .selectFrom('users')
    .select(['id', 'uid', 'frozen_at', 'frozen_reason'])
    .where('uid', '=', uid)
    .$if(!isSqlite(trx), (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw userNotFound();
  return row;
}

const frozenState = (frozenAt: bigint | null, reason: string | null) => ({ frozen: frozenAt !== null, frozenAt, reason });

/** Freezes the account (409 when it already is), audited 'user.freeze' with the operator's reason. */
export async function freezeUser(db: Db, uid: string, act: OperatorAct): Promise<void> {
  await runMoneyTransaction(db, async (trx) => {
    const user = await lockUserByUid(trx, uid);
    if (user.frozen_at !== null) throw new ApiError('CONFLICT', { messageKey: 'admin.users.alreadyFrozen' });
    const at = BigInt(act.now);
    await trx.updateTable('users').set({ frozen_at: at, frozen_reason: act.reason.slice(0, 200) }).where('id', '=', user.id).execute();
    await recordAct(trx, act, {
      action: 'user.freeze',
      target: `user:${user.uid}`,
      before: frozenState(null, null),
      after: frozenState(at, act.reason),
    });
  });
}

/** Unfreezes the account (409 when it is not frozen), audited 'user.unfreeze'. */
export async function unfreezeUser(db: Db, uid: string, act: OperatorAct): Promise<void> {
  await runMoneyTransaction(db, async (trx) => {
    const user = await lockUserByUid(trx, uid);
    if (user.frozen_at === null) throw new ApiError('CONFLICT', { messageKey: 'admin.users.notFrozen' });
    await trx.updateTable('users').set({ frozen_at: null, frozen_reason: null }).where('id', '=', user.id).execute();
    await recordAct(trx, act, {
      action: 'user.unfreeze',
      target: `user:${user.uid}`,
      before: frozenState(user.frozen_at, user.frozen_reason),
      after: frozenState(null, null),
    });
  });
}
