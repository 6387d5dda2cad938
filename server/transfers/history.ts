/** Transfers as the user reads them: the options of the transfer form, and their history both ways. */
import { sql } from 'kysely';
import type { PageOf } from '../../contract';
import type { TransferOptionsType, TransferRecordType } from '../../contract/account';
import { fromUnits } from '../../contract/rules/money';
import type { Db } from '../db';
import { BY_ID, paginate, toPage, type PageArgs } from '../http/paging';
import type { TimeFormat } from '../time';
import { TRANSFER_RULES } from '../wallet/currencyRules';

const RECENT_RECIPIENTS = 5;

/** Fee, minimum and available balance per currency, and the last recipients. */
export async function transferOptions(db: Db, userId: bigint): Promise<TransferOptionsType> {
  const accounts = await db.selectFrom('ledger_accounts').select(['currency', 'available']).where('user_id', '=', userId).execute();
  const available = new Map(accounts.map((a) => [a.currency, a.available]));
  const recent = await db
    .selectFrom('transfers as t')
    .innerJoin('users as u', 'u.id', 't.to_user_id')
    .select(['u.uid', 'u.address', sql<bigint>`max(t.id)`.as('last_id')])
    .where('t.from_user_id', '=', userId)
    .groupBy(['u.uid', 'u.address'])
    .orderBy('last_id', 'desc')
    .limit(RECENT_RECIPIENTS)
    .execute();
  return {
    currencies: Object.entries(TRANSFER_RULES).map(([currency, rule]) => ({
      currency,
      fee: fromUnits(rule.fee),
      minAmount: fromUnits(rule.minAmount),
      available: fromUnits(available.get(currency) ?? 0n),
    })),
    recentRecipients: recent.map((r) => ({ uid: r.uid, address: r.address })),
  };
}

/** The user's transfers, sent and received, newest first. */
export async function listTransfers(db: Db, userId: bigint, args: PageArgs, time: TimeFormat): Promise<PageOf<TransferRecordType>> {
  const query = db
    .selectFrom('transfers as t')
    .innerJoin('users as f', 'f.id', 't.from_user_id')
    .innerJoin('users as r', 'r.id', 't.to_user_id')
    .select(['t.id', 't.from_user_id', 't.currency', 't.amount', 't.fee', 't.created_at', 'f.uid as from_uid', 'f.address as from_address', 'r.uid as to_uid', 'r.address as to_address'])
    .where((eb) => eb.or([eb('t.from_user_id', '=', userId), eb('t.to_user_id', '=', userId)]))
    .orderBy('t.id', 'desc');
  const { rows, total, nextCursor } = await paginate(query, args, BY_ID('t.id'));
  const list = rows.map((row) => {
    const out = row.from_user_id === userId;
    return {
      id: String(row.id),
      direction: out ? ('out' as const) : ('in' as const),
      counterpartyUid: out ? row.to_uid : row.from_uid,
      counterpartyAddress: out ? row.to_address : row.from_address,
      currency: row.currency,
      amount: fromUnits(row.amount),
      fee: fromUnits(out ? row.fee : 0n),
      status: 'success' as const,
      createdAt: time.timestamp(row.created_at),
    };
  });
  return toPage(list, total, args, nextCursor);
}
