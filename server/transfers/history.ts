/** Transfers as the user reads them: the options of the transfer form, and their history both ways. */
import { sql } from 'kysely';
import type { PageOf } from '../../contract';
import type { TransferOptionsType, TransferRecordType } from '../../contract/account';
import { fromUnits } from '../../contract/rules/money';
import type { Db } from '../db';
import { BY_ID, pageReach, paginate, toPage, type PageArgs } from '../http/paging';
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

/**
 * The user's transfers, sent and received, newest first. Each way is read on its own index (user,
 * id), newest first and only as far as the page reaches, and the page is taken from the two. Asked
 * as one list (`from = $1 or to = $1 order by id desc`), PostgreSQL's plan made without the values,
 * which it may keep for a named statement, walks the whole table's primary key backwards instead.
 */
export async function listTransfers(db: Db, userId: bigint, args: PageArgs, time: TimeFormat): Promise<PageOf<TransferRecordType>> {
  const keys = BY_ID('t.id');
  const reach = pageReach(args, keys);
  const oneWay = (column: 'from_user_id' | 'to_user_id') =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('transfers')
          .select('id')
          .where(column, '=', userId)
          .$if(reach.after !== undefined, (q) => q.where('id', '<', reach.after![0] as bigint))
          .orderBy('id', 'desc')
          .limit(reach.rows)
          .as('way'),
      )
      .select('way.id');
  const query = db
    .selectFrom('transfers as t')
    .innerJoin('users as f', 'f.id', 't.from_user_id')
    .innerJoin('users as r', 'r.id', 't.to_user_id')
    .select(['t.id', 't.from_user_id', 't.currency', 't.amount', 't.fee', 't.created_at', 'f.uid as from_uid', 'f.address as from_address', 'r.uid as to_uid', 'r.address as to_address'])
    // a transfer to oneself would be in both ways: `in` takes it once
    .where('t.id', 'in', oneWay('from_user_id').unionAll(oneWay('to_user_id')))
    .orderBy('t.id', 'desc');
  const everyTransfer = db.selectFrom('transfers as t').where((eb) => eb.or([eb('t.from_user_id', '=', userId), eb('t.to_user_id', '=', userId)]));
  const { rows, total, nextCursor } = await paginate(query, args, keys, everyTransfer);
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
