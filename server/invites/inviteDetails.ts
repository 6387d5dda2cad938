/** What the invite screen shows: code, link, figures, the inviter, and the invitees page by page. */
import { sql } from 'kysely';
import type { InviteDetailsType, InviteeType } from '../../contract/invite';
import type { Db } from '../db';
import { BY_ID, paginate, type PageArgs, type PageRows } from '../http/paging';
import { fromUnits } from '../../contract/rules/money';
import type { TimeFormat } from '../time';
import { COMMISSION_CURRENCY } from './commission';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `0x12ab…89cd`: invitees and inviters are shown shortened. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** The start of the display-time-zone day containing `now`, in epoch ms. */
export function startOfDisplayDay(now: number, utcOffsetMinutes: number): number {
  const offset = utcOffsetMinutes * 60_000;
  return Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
}

export interface DetailsOptions {
  /** scheme + host the link points at, e.g. https://powerfi.example */
  origin: string;
  rate: string;
  now: number;
  utcOffsetMinutes: number;
}

async function commissionSince(db: Db, inviterId: bigint, from: number | null, to: number | null): Promise<bigint> {
  const row = await db
    .selectFrom('invite_commissions')
    .select(sql<bigint | null>`sum(amount)`.as('total'))
    .where('inviter_id', '=', inviterId)
    .$if(from !== null, (qb) => qb.where('created_at', '>=', BigInt(from!)))
    .$if(to !== null, (qb) => qb.where('created_at', '<', BigInt(to!)))
    .executeTakeFirst();
  return row?.total === null || row?.total === undefined ? 0n : BigInt(row.total);
}

export async function inviteDetails(db: Db, userId: bigint, options: DetailsOptions): Promise<InviteDetailsType> {
  const me = await db
    .selectFrom('users as u')
    .leftJoin('users as inviter', 'inviter.id', 'u.inviter_id')
    .select(['u.invite_code', 'inviter.uid as inviter_uid', 'inviter.address as inviter_address'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('inviter_id', '=', userId)
    .executeTakeFirstOrThrow();
  const today = startOfDisplayDay(options.now, options.utcOffsetMinutes);
  return {
    code: me.invite_code,
    link: `${options.origin}/login?invite=${encodeURIComponent(me.invite_code)}`,
    inviteeCount: Number(count),
    commissionYesterday: fromUnits(await commissionSince(db, userId, today - DAY_MS, today)),
    commissionTotal: fromUnits(await commissionSince(db, userId, null, null)),
    commissionRate: options.rate,
    currency: COMMISSION_CURRENCY,
    inviter: me.inviter_uid && me.inviter_address ? { uid: me.inviter_uid, address: shortAddress(me.inviter_address) } : null,
  };
}

/** The user's invitees, newest first, each with the commission their purchases paid. */
export async function listInvitees(db: Db, userId: bigint, args: PageArgs, time: TimeFormat): Promise<PageRows<InviteeType>> {
  const earned = db
    .selectFrom('invite_commissions')
    .select(['invitee_id', sql<bigint>`sum(amount)`.as('earned')])
    .where('inviter_id', '=', userId)
    .groupBy('invitee_id')
    .as('c');
  const query = db
    .selectFrom('users as u')
    .leftJoin(earned, 'c.invitee_id', 'u.id')
    .select(['u.id', 'u.uid', 'u.address', 'u.created_at', 'c.earned'])
    .where('u.inviter_id', '=', userId)
    .orderBy('u.id', 'desc');
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID('u.id'));
  return {
    total,
    nextCursor,
    rows: rows.map((row) => ({
      uid: row.uid,
      address: shortAddress(row.address),
      joinedAt: time.timestamp(row.created_at),
      commission: fromUnits(row.earned === null ? 0n : BigInt(row.earned)),
    })),
  };
}
