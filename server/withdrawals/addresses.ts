/**
 * The user's withdrawal addresses: list, add, delete, every call on the caller's own. An address
 * added with the session alone is usable after the delay (WITHDRAW_ADDRESS_DELAY_HOURS, default
 * 24 h), so a stolen session cannot add an address and empty the account at once; one added with
 * a wallet signature naming it (purpose withdrawAddress.add) is usable at once, yet withdrawals
 * to it still wait for review until the delay has passed (server/withdrawals/requests.ts).
 */
import type { WithdrawAddressAddBodyType } from '../../contract/withdraw';
import { MAX_WITHDRAW_ADDRESSES, withdrawAddressStatement } from '../../contract/rules/withdraw';
import { checkStepUp } from '../auth/stepUp';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import type { Trx } from '../ledger/post';
import { checkNetwork, checksummedAddress } from './rules';
import type { WithdrawalAddressRow } from './view';

/** a UNIQUE constraint refused the insert (SQLite or PostgreSQL) */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export async function listWithdrawAddresses(db: Db, userId: bigint): Promise<WithdrawalAddressRow[]> {
  return db.selectFrom('withdrawal_addresses').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** One of the caller's addresses, else 404 (also for another user's). */
export async function ownWithdrawAddress(db: Db | Trx, userId: bigint, id: bigint): Promise<WithdrawalAddressRow> {
  const row = await db.selectFrom('withdrawal_addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', { messageKey: 'withdraw.addressNotFound' });
  return row;
}

export async function addWithdrawAddress(db: Db, config: ServerConfig, userId: bigint, body: WithdrawAddressAddBodyType, now: number): Promise<WithdrawalAddressRow> {
  checkNetwork(body.network);
  const address = checksummedAddress(body.network, body.address);
  const label = body.label.trim();
  if (!label) throw new ApiError('VALIDATION_FAILED', { messageKey: 'validation.labelled.required', params: { label: 'label' } });
  const consume = body.proof
    ? await checkStepUp(db, config, {
        userId,
        purpose: 'withdrawAddress.add',
        proof: body.proof,
        now,
        statement: withdrawAddressStatement({ network: body.network, address }),
        statementMismatch: 'withdraw.addressProofMismatch',
      })
    : null;
  try {
    return await db.transaction().execute(async (trx) => {
      const count = await trx.selectFrom('withdrawal_addresses').select((eb) => eb.fn.countAll<bigint>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      if (BigInt(count.n) >= BigInt(MAX_WITHDRAW_ADDRESSES)) throw new ApiError('BUSINESS_RULE', { messageKey: 'withdraw.addressLimit', params: { max: MAX_WITHDRAW_ADDRESSES } });
      if (consume) await consume(trx);
      const at = BigInt(now);
      return trx
        .insertInto('withdrawal_addresses')
        .values({ user_id: userId, label, network: body.network, address, created_at: at, usable_from: consume ? at : at + BigInt(config.withdrawAddressDelayMs), signed: consume ? 1n : 0n })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('CONFLICT', { messageKey: 'withdraw.addressExists', params: { network: body.network } });
    throw error;
  }
}

export async function deleteWithdrawAddress(db: Db, userId: bigint, id: bigint): Promise<void> {
  const deleted = await db.deleteFrom('withdrawal_addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (deleted.numDeletedRows !== 1n) throw new ApiError('NOT_FOUND', { messageKey: 'withdraw.addressNotFound' });
}
