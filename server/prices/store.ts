/**
 * The price history and halts in the database: a snapshot per currency and poll, the latest one,
 * the half-hour samples the app draws, the price a day ago, retention, and the manual breaker.
 */
import type { Db } from '../db';
import type { Trx } from '../ledger/post';
import { actorName, recordAct, type OperatorAct } from '../operators/actor';
import { PRICE_SAMPLES_KEPT_MS, PRICE_SNAPSHOTS_KEPT_MS, type PriceUnavailableReason } from '../../contract/rules/prices';

const MINUTE = 60_000;
const HALF_HOUR = 30 * MINUTE;

export interface SourceRecord {
  source: string;
  /** decimal string, or null when the source gave no fresh price */
  price: string | null;
  error?: string;
}

export interface Snapshot {
  id: bigint;
  currency: string;
  price: bigint | null;
  usable: boolean;
  reason: PriceUnavailableReason | null;
  sources: SourceRecord[];
  takenAt: number;
}

export type NewSnapshot = Omit<Snapshot, 'id'>;

function toSnapshot(row: { id: bigint; currency: string; price_usdt: bigint | null; usable: bigint; reason: string | null; sources: string; taken_at: bigint }): Snapshot {
  return {
    id: row.id,
    currency: row.currency,
    price: row.price_usdt,
    usable: Number(row.usable) === 1,
    reason: row.reason as PriceUnavailableReason | null,
    sources: JSON.parse(row.sources) as SourceRecord[],
    takenAt: Number(row.taken_at),
  };
}

/** Records one poll; the first of its minute (and of its half hour) is kept as a sample. */
export async function recordSnapshot(db: Db, snapshot: NewSnapshot): Promise<bigint> {
  const minute = snapshot.takenAt - (snapshot.takenAt % MINUTE);
  const halfHour = snapshot.takenAt - (snapshot.takenAt % HALF_HOUR);
  const sampled = await db
    .selectFrom('price_snapshots')
    .select(['sample', 'taken_at'])
    .where('currency', '=', snapshot.currency)
    .where('taken_at', '>=', BigInt(halfHour))
    .where('sample', '>=', 1n)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const sample = !sampled ? 2n : Number(sampled.taken_at) < minute ? 1n : 0n;
  const row = await db
    .insertInto('price_snapshots')
    .values({
      currency: snapshot.currency,
      price_usdt: snapshot.price,
      usable: snapshot.usable ? 1n : 0n,
      reason: snapshot.reason,
      sources: JSON.stringify(snapshot.sources),
      sample,
      taken_at: BigInt(snapshot.takenAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest snapshot of a currency, if any. */
export async function latestSnapshot(db: Db | Trx, currency: string): Promise<Snapshot | null> {
  const row = await db.selectFrom('price_snapshots').selectAll().where('currency', '=', currency).orderBy('taken_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

/** The newest usable snapshot of a currency (the last agreed price, for information), if any. */
export async function lastUsableSnapshot(db: Db | Trx, currency: string): Promise<Snapshot | null> {
  const row = await db
    .selectFrom('price_snapshots')
    .selectAll()
    .where('currency', '=', currency)
    .where('usable', '=', 1n)
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

/** The usable price sampled nearest before `at` (at most `within` earlier), for the 24-hour change. */
export async function usablePriceAt(db: Db, currency: string, at: number, within: number): Promise<bigint | null> {
  const row = await db
    .selectFrom('price_snapshots')
    .select('price_usdt')
    .where('currency', '=', currency)
    .where('usable', '=', 1n)
    .where('sample', '>=', 1n)
    .where('taken_at', '<=', BigInt(at))
    .where('taken_at', '>=', BigInt(at - within))
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.price_usdt ?? null;
}

/** The half-hour samples of [from, to): time and the agreed price (null when it was not usable). */
export async function halfHourSamples(db: Db, currency: string, from: number, to: number): Promise<Array<{ takenAt: number; price: bigint | null }>> {
  const rows = await db
    .selectFrom('price_snapshots')
    .select(['taken_at', 'price_usdt', 'usable'])
    .where('currency', '=', currency)
    .where('sample', '=', 2n)
    .where('taken_at', '>=', BigInt(from))
    .where('taken_at', '<', BigInt(to))
    .orderBy('taken_at')
    .execute();
  return rows.map((row) => ({ takenAt: Number(row.taken_at), price: Number(row.usable) === 1 ? row.price_usdt : null }));
}

/** Drops the polls older than a day that are no sample, and every snapshot older than 30 days. */
export async function pruneSnapshots(db: Db, now: number): Promise<number> {
  const polls = await db.deleteFrom('price_snapshots').where('taken_at', '<', BigInt(now - PRICE_SNAPSHOTS_KEPT_MS)).where('sample', '=', 0n).executeTakeFirst();
  const samples = await db.deleteFrom('price_snapshots').where('taken_at', '<', BigInt(now - PRICE_SAMPLES_KEPT_MS)).executeTakeFirst();
  return Number(polls.numDeletedRows) + Number(samples.numDeletedRows);
}

export interface Halt {
  currency: string;
  operator: string;
  reason: string;
  haltedAt: number;
}

export async function halts(db: Db | Trx): Promise<Map<string, Halt>> {
  const rows = await db.selectFrom('price_halts').selectAll().execute();
  return new Map(rows.map((row) => [row.currency, { currency: row.currency, operator: row.operator, reason: row.reason, haltedAt: Number(row.halted_at) }]));
}

/**
 * Halts a currency (the operator's reason, the act's time) and audits it ('price.halt', target
 * 'price:<CUR>') in one transaction. Halting one already halted keeps the first halt and records
 * nothing (true: it was halted now).
 */
export async function haltCurrency(db: Db, act: OperatorAct, currency: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('price_halts')
      .values({ currency, operator: actorName(act.actor), reason: act.reason, halted_at: BigInt(act.now) })
      .onConflict((oc) => oc.column('currency').doNothing())
      .executeTakeFirst();
    const changed = Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    if (changed) await recordAct(trx, act, { action: 'price.halt', target: `price:${currency}`, before: { halted: false }, after: { halted: true } });
    return changed;
  });
}

/** Resumes a halted currency and audits it ('price.resume', with the halt it lifts); true: it was halted. */
export async function resumeCurrency(db: Db, act: OperatorAct, currency: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const halt = await trx.selectFrom('price_halts').selectAll().where('currency', '=', currency).executeTakeFirst();
    if (!halt) return false;
    const result = await trx.deleteFrom('price_halts').where('currency', '=', currency).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await recordAct(trx, act, {
      action: 'price.resume',
      target: `price:${currency}`,
      before: { halted: true, operator: halt.operator, reason: halt.reason, haltedAt: Number(halt.halted_at) },
      after: { halted: false },
    });
    return true;
  });
}
