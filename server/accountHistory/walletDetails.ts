/**
 * A user's ledger entries, newest first, filtered by type, currency and display-time dates; a
 * transfer between the available and frozen buckets of one account shows once (its available leg),
 * and an entry of a withdrawal names it (id and status) for the page to link to.
 * Stays fast at 100 000 entries: every filter runs on an index that starts with the user or
 * their account ((user_id, id), (user_id, type, id), (account_id, id)), and a page starts at its
 * cursor along that index (or at an offset, for the seed's `page`).
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { PageOf } from '../../contract';
import type { WalletDetailsQueryType, WalletEntryType } from '../../contract/user';
import type { WithdrawalStatusType } from '../../contract/withdraw';
import type { Db } from '../db';
import { BY_ID, pageArgs, paginate, toPage } from '../http/paging';
import { fromUnits } from '../../contract/rules/money';
import type { TimeFormat } from '../time';
import { ownerKey, userOwner } from '../ledger/accounts';

dayjs.extend(utc);

const DAY_MS = 24 * 3600 * 1000;

/** Epoch ms of 00:00 of a `YYYY-MM-DD` day in the display offset. */
function startOfDay(date: string, utcOffsetMinutes: number): number {
  return dayjs.utc(`${date}T00:00:00`).valueOf() - utcOffsetMinutes * 60_000;
}

export async function walletDetails(db: Db, userId: bigint, filters: WalletDetailsQueryType, time: TimeFormat, utcOffsetMinutes: number): Promise<PageOf<WalletEntryType>> {
  const args = pageArgs(filters);
  let query = db
    .selectFrom('ledger_entries')
    .select(['id', 'type', 'currency', 'amount', 'balance_after', 'remark', 'created_at'])
    .orderBy('id', 'desc');
  if (filters.currency) {
    const account = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner', '=', ownerKey(userOwner(userId)))
      .where('currency', '=', filters.currency)
      .executeTakeFirst();
    if (!account) return toPage([], 0, args);
    query = query.where('account_id', '=', account.id);
  } else {
    query = query.where('user_id', '=', userId);
  }
  // One event, one row: a move between the buckets of one account (a finance subscription locks
  // 100 USDT: available −100, frozen +100) lists only its available leg; frozen entries of their
  // own (interest accruing on locked principal) stay listed.
  query = query.where((eb) =>
    eb.or([
      eb('bucket', '=', 'available'),
      eb.not(
        eb.exists(
          eb
            .selectFrom('ledger_entries as leg')
            .select('leg.id')
            .whereRef('leg.transaction_id', '=', 'ledger_entries.transaction_id')
            .whereRef('leg.account_id', '=', 'ledger_entries.account_id')
            .where('leg.bucket', '=', 'available'),
        ),
      ),
    ]),
  );
  // A withdrawal shows once, as amount + fee leaving the available balance at the request; its
  // settlement only empties the frozen bucket of that same money, and would read as a second debit.
  query = query.where((eb) => eb.not(eb.and([eb('type', '=', 'withdraw'), eb('bucket', '=', 'frozen')])));
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.from) query = query.where('created_at', '>=', BigInt(startOfDay(filters.from, utcOffsetMinutes)));
  if (filters.to) query = query.where('created_at', '<', BigInt(startOfDay(filters.to, utcOffsetMinutes) + DAY_MS));
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID('ledger_entries.id'));
  const withdrawals = await withdrawalsOf(db, userId, rows);
  const list = rows.map((row) => {
    const withdrawal = withdrawals.get(withdrawalIdOf(row) ?? -1n);
    return {
      id: String(row.id),
      type: row.type as WalletEntryType['type'],
      currency: row.currency,
      amount: fromUnits(row.amount),
      balanceAfter: fromUnits(row.balance_after),
      remark: row.remark,
      createdAt: time.timestamp(row.created_at),
      ...(withdrawal ? { withdrawal } : {}),
    };
  });
  return toPage(list, total, args, nextCursor);
}

/** the withdrawal a withdraw or withdraw_refund entry belongs to, from its remark `withdraw:<id>` (server/withdrawals/postings.ts) */
function withdrawalIdOf(row: { type: string; remark: string }): bigint | null {
  if (row.type !== 'withdraw' && row.type !== 'withdraw_refund') return null;
  const match = /^withdraw:([0-9]{1,18})$/.exec(row.remark);
  return match ? BigInt(match[1]) : null;
}

/** The id and status of the user's withdrawals the page's entries belong to: one query by primary key. */
async function withdrawalsOf(db: Db, userId: bigint, rows: Array<{ type: string; remark: string }>): Promise<Map<bigint, NonNullable<WalletEntryType['withdrawal']>>> {
  const ids = [...new Set(rows.map(withdrawalIdOf).filter((id): id is bigint => id !== null))];
  if (!ids.length) return new Map();
  const found = await db.selectFrom('withdrawals').select(['id', 'status']).where('id', 'in', ids).where('user_id', '=', userId).execute();
  return new Map(found.map((w) => [BigInt(w.id), { id: String(w.id), status: w.status as WithdrawalStatusType }]));
}
