/**
 * The address book: at most MAX_ADDRESSES_PER_USER per user and exactly one default whenever a
 * user has any (the first is the default, choosing another moves the flag, deleting the default
 * promotes the newest left). Every call is scoped to its user: another user's id is "not found".
 * Changes run in one transaction with the user's row locked, so concurrent calls of one user
 * cannot break the limit or the single default (SQLite: BEGIN IMMEDIATE serialises writers).
 */
import type { AddressInputType } from '../../contract/address';
import { ADDRESS_LIMITS, MAX_ADDRESSES_PER_USER } from '../../contract/rules/address';
import { isSqlite, type Db } from '../db';
import type { AddressesTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { paginate, type PageArgs } from '../http/paging';
import type { Trx } from '../ledger/post';

type AddressRow = Omit<AddressesTable, 'id' | 'updated_at'> & { id: bigint };

const COLUMNS = ['id', 'user_id', 'receiver', 'phone', 'province', 'city', 'district', 'detail', 'is_default', 'created_at'] as const;

function columnsOf(input: AddressInputType) {
  const { receiver, phone, region, detail } = input;
  return { receiver, phone, province: region.province, city: region.city, district: region.district, detail };
}

const notFound = () => new ApiError('NOT_FOUND', { messageKey: 'address.notFound' });

/** Serialises one user's address changes (PostgreSQL row lock; SQLite already has one writer). */
async function lockUser(trx: Trx, userId: bigint): Promise<void> {
  if (isSqlite(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

async function ownedRow(db: Db | Trx, userId: bigint, id: bigint): Promise<AddressRow> {
  const row = await db.selectFrom('addresses').select(COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function clearDefault(trx: Trx, userId: bigint, now: number): Promise<void> {
  await trx.updateTable('addresses').set({ is_default: 0n, updated_at: BigInt(now) }).where('user_id', '=', userId).where('is_default', '=', 1n).execute();
}

/** The user's addresses, the default first, then the newest. */
export function listAddresses(db: Db, userId: bigint, args: PageArgs) {
  const query = db.selectFrom('addresses').select(COLUMNS).where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('id', 'desc');
  return paginate(query, args);
}

export function getAddress(db: Db | Trx, userId: bigint, id: bigint): Promise<AddressRow> {
  return ownedRow(db, userId, id);
}

/** Adds an address, inside the caller's transaction (the route's, with its Idempotency-Key). */
export async function createAddress(trx: Trx, userId: bigint, input: AddressInputType, now: number): Promise<AddressRow> {
  await lockUser(trx, userId);
  const { count } = await trx
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const existing = Number(count);
  if (existing >= MAX_ADDRESSES_PER_USER) throw new ApiError('BUSINESS_RULE', { messageKey: 'address.limit', params: ADDRESS_LIMITS });
  const isDefault = input.isDefault || existing === 0;
  if (isDefault) await clearDefault(trx, userId, now);
  const { id } = await trx
    .insertInto('addresses')
    .values({ user_id: userId, ...columnsOf(input), is_default: isDefault ? 1n : 0n, created_at: BigInt(now), updated_at: BigInt(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return ownedRow(trx, userId, id);
}

/**
 * Changes an address. `isDefault: true` makes it the default; `false` on the current default
 * keeps it the default (there must be one: the default moves by choosing another address).
 */
export function updateAddress(db: Db, userId: bigint, id: bigint, input: AddressInputType, now: number): Promise<AddressRow> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const row = await ownedRow(trx, userId, id);
    const wasDefault = row.is_default === 1n;
    if (input.isDefault && !wasDefault) await clearDefault(trx, userId, now);
    await trx
      .updateTable('addresses')
      .set({ ...columnsOf(input), is_default: wasDefault || input.isDefault ? 1n : 0n, updated_at: BigInt(now) })
      .where('id', '=', id)
      .execute();
    return ownedRow(trx, userId, id);
  });
}

export function deleteAddress(db: Db, userId: bigint, id: bigint, now: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const row = await ownedRow(trx, userId, id);
    await trx.deleteFrom('addresses').where('id', '=', id).execute();
    if (row.is_default !== 1n) return;
    const newest = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (newest) await trx.updateTable('addresses').set({ is_default: 1n, updated_at: BigInt(now) }).where('id', '=', newest.id).execute();
  });
}
