/**
 * PowerFi users: created at their first wallet sign-in with a public UID and an invite code;
 * the inviter is bound only then (later binding is the invite domain's business).
 */
import { randomInt } from 'node:crypto';
import type { ProfileType } from '../../contract/user';
import type { Db } from '../db';
import { preparedQuery, type ParamOf } from '../db/prepared';
import type { TimeFormat } from '../time';

/** No 0/O, 1/I/L: codes get read aloud and typed from screenshots. */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const INVITE_CODE_LENGTH = 8;
const UID_DIGITS = 8;

function randomUid(): string {
  return String(randomInt(10 ** (UID_DIGITS - 1), 10 ** UID_DIGITS));
}

function randomInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

/** A fresh value for a unique column; collisions are rare, so a few tries always suffice. */
async function unusedValue(db: Db, column: 'uid' | 'invite_code', make: () => string): Promise<string> {
  for (;;) {
    const value = make();
    const taken = await db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst();
    if (!taken) return value;
  }
}


/**
 * The user of a checksummed address, created on first sign-in. `inviteCode` binds the inviter
 * at creation only; an unknown code is ignored (it must not stop anyone signing in).
 */
export async function findOrCreateUser(db: Db, address: string, inviteCode: string | undefined, now: number): Promise<{ id: bigint; created: boolean }> {
  const existing = await db.selectFrom('users').select('id').where('address', '=', address).executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  const inviter = inviteCode
    ? await db.selectFrom('users').select('id').where('invite_code', '=', inviteCode.trim().toUpperCase()).executeTakeFirst()
    : undefined;
  const inserted = await db
    .insertInto('users')
    .values({
      uid: await unusedValue(db, 'uid', randomUid),
      address,
      invite_code: await unusedValue(db, 'invite_code', randomInviteCode),
      inviter_id: inviter?.id ?? null,
      pay_password_hash: null,
      created_at: BigInt(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: inserted.id, created: true };
}

// the app asks for the profile on every start and after every sign-in
const profileRow = preparedQuery((db: Db, param: ParamOf<{ userId: bigint }>) =>
  db
    .selectFrom('users as u')
    .leftJoin('users as inviter', 'inviter.id', 'u.inviter_id')
    .select(['u.uid', 'u.address', 'u.invite_code', 'u.pay_password_hash', 'u.created_at', 'inviter.uid as inviter_uid'])
    .where('u.id', '=', param('userId')),
);

export async function loadProfile(db: Db, userId: bigint, time: TimeFormat): Promise<ProfileType | null> {
  const [row] = await profileRow(db, { userId });
  if (!row) return null;
  return {
    uid: row.uid,
    address: row.address,
    inviteCode: row.invite_code,
    hasPayPassword: row.pay_password_hash !== null,
    inviterUid: row.inviter_uid ?? null,
    createdAt: time.timestamp(row.created_at),
  };
}
