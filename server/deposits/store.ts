/**
 * The watcher's rows: the per-network cursor (the last block scanned completely and its hash) and
 * the deposits seen. A range's deposits and the cursor's move past it are one transaction, and the
 * cursor moves only from where this watcher read it: when another watcher (another server process)
 * moved it first, nothing is written and the run reads the cursor again. A deposit seen again is
 * the same row (unique network + tx hash + log index): a confirming or dropped one takes the block
 * it is seen in now (re-attached after a reorg), a credited or below-minimum one is left alone.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { ChainDepositsTable } from '../db/schema';
import { chainToLedgerUnits } from './amounts';
import type { WatchedNetwork } from './networks';
import type { SeenDeposit } from './scan';

export interface Cursor {
  /** the last block scanned completely; -1 before block 0 */
  blockNumber: number;
  /** its hash; '' for -1 */
  blockHash: string;
}

export type ChainDepositRow = Selectable<ChainDepositsTable>;

export async function readCursor(db: Db, network: string): Promise<Cursor | null> {
  const row = await db.selectFrom('chain_cursors').select(['block_number', 'block_hash']).where('network', '=', network).executeTakeFirst();
  return row ? { blockNumber: Number(row.block_number), blockHash: row.block_hash } : null;
}

/** The first cursor of a network; a cursor another watcher stored first wins. */
export async function createCursor(db: Db, network: string, cursor: Cursor, head: number, now: number): Promise<Cursor> {
  await db
    .insertInto('chain_cursors')
    .values({ network, block_number: BigInt(cursor.blockNumber), block_hash: cursor.blockHash, head: BigInt(head), updated_at: BigInt(now) })
    .onConflict((oc) => oc.column('network').doNothing())
    .execute();
  return (await readCursor(db, network))!;
}

class CursorMoved extends Error {}

/**
 * Stores `deposits` and moves the cursor from `from` to `to`, in one transaction; null (nothing
 * written) when the cursor is no longer at `from`. A confirming deposit of a currency this network
 * watches, in a block of the range, that the range's (canonical) reading no longer holds is
 * dropped at once (a reorg took its log away; if its transaction is mined again and seen, it is
 * re-attached and confirms anew), rather than when it would have had its confirmations.
 */
export async function storeRange(db: Db, net: WatchedNetwork, from: Cursor, to: Cursor, head: number, deposits: SeenDeposit[], now: number): Promise<{ dropped: ChainDepositRow[] } | null> {
  const dropped: ChainDepositRow[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('chain_cursors')
        .set({ block_number: BigInt(to.blockNumber), block_hash: to.blockHash, head: BigInt(head), updated_at: BigInt(now) })
        .where('network', '=', net.network)
        .where('block_number', '=', BigInt(from.blockNumber))
        .where('block_hash', '=', from.blockHash)
        .executeTakeFirst();
      if (moved.numUpdatedRows !== 1n) throw new CursorMoved();
      for (const d of deposits) {
        const amount = chainToLedgerUnits(d.chainAmount, d.decimals);
        const minimum = d.currency === net.token?.currency ? net.token.minDeposit : net.native!.minDeposit;
        await trx
          .insertInto('chain_deposits')
          .values({
            network: net.network, currency: d.currency, tx_hash: d.txHash, log_index: d.logIndex, block_number: d.blockNumber, block_hash: d.blockHash,
            address: d.owner.address, user_id: d.owner.userId, amount, chain_amount: d.chainAmount.toString(),
            status: amount >= minimum && amount > 0n ? 'confirming' : 'below_minimum', deposit_id: null,
            created_at: BigInt(now), updated_at: BigInt(now), credited_at: null,
          })
          .onConflict((oc) =>
            oc
              .columns(['network', 'tx_hash', 'log_index'])
              .doUpdateSet({ block_number: d.blockNumber, block_hash: d.blockHash, status: 'confirming', updated_at: BigInt(now) })
              .where('chain_deposits.status', 'in', ['confirming', 'dropped']),
          )
          .execute();
      }
      const watched = [net.token?.currency, net.native?.currency].filter((c): c is string => Boolean(c));
      const stale = await trx
        .selectFrom('chain_deposits')
        .selectAll()
        .where('network', '=', net.network)
        .where('status', '=', 'confirming')
        .where('currency', 'in', watched)
        .where('block_number', '>=', BigInt(from.blockNumber + 1))
        .where('block_number', '<=', BigInt(to.blockNumber))
        .execute();
      const found = new Set(deposits.map((d) => `${d.txHash}:${d.logIndex}:${d.blockHash}`));
      for (const row of stale) {
        if (found.has(`${row.tx_hash}:${row.log_index}:${row.block_hash}`)) continue;
        await trx.updateTable('chain_deposits').set({ status: 'dropped', updated_at: BigInt(now) }).where('id', '=', row.id).where('status', '=', 'confirming').execute();
        dropped.push(row);
      }
    });
    return { dropped };
  } catch (error) {
    if (error instanceof CursorMoved) return null;
    throw error;
  }
}

/** Moves the cursor back (a reorg); false when it is no longer at `from`. */
export async function rewindCursor(db: Db, network: string, from: Cursor, to: Cursor, head: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('chain_cursors')
    .set({ block_number: BigInt(to.blockNumber), block_hash: to.blockHash, head: BigInt(head), updated_at: BigInt(now) })
    .where('network', '=', network)
    .where('block_number', '=', BigInt(from.blockNumber))
    .where('block_hash', '=', from.blockHash)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** the head and time of the last run, for the lag figure */
export async function touchCursor(db: Db, network: string, head: number, now: number): Promise<void> {
  await db.updateTable('chain_cursors').set({ head: BigInt(head), updated_at: BigInt(now) }).where('network', '=', network).execute();
}

/** confirming deposits of `network` in blocks up to `maxBlock`, oldest first */
export function confirmingUpTo(db: Db, network: string, maxBlock: number): Promise<ChainDepositRow[]> {
  return db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'confirming')
    .where('block_number', '<=', BigInt(maxBlock))
    .orderBy('block_number')
    .orderBy('id')
    .execute();
}

/**
 * A confirming deposit that has its confirmations moves on without being credited: `dropped` (its
 * block is no longer canonical) or `review` (above the review threshold, review.ts); false when it
 * is no longer confirming at that block.
 */
export async function leaveConfirming(db: Db, row: ChainDepositRow, status: 'dropped' | 'review', now: number): Promise<boolean> {
  const result = await db
    .updateTable('chain_deposits')
    .set({ status, updated_at: BigInt(now) })
    .where('id', '=', row.id)
    .where('status', '=', 'confirming')
    .where('block_hash', '=', row.block_hash)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
