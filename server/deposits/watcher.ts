/**
 * The deposit watcher of one network: one run (a job tick, or a test calling `run` directly)
 * 1. reads the head, and the cursor (created on the network's first run at CHAIN_<N>_START_BLOCK,
 *    else at the first block since deposit addresses could be shown: the address book's `since`,
 *    less a margin for clock differences, found by its timestamp, so a deposit sent to a shown
 *    address before the watcher first ran is still seen);
 * 2. scans from the cursor to the head in bounded ranges (scan.ts), each range stored with the
 *    cursor's move in one transaction (store.ts). Before a range, the parent hash of its first
 *    block must be the cursor's hash (at the head, the cursor's block must still have the cursor's
 *    hash): if not, the chain reorganised under the cursor, which moves back by the network's
 *    confirmations (a reorg deeper than that is outside what confirmations promise) and the
 *    blocks are read again, re-attaching deposits seen again at their new block; a confirming
 *    deposit in a block read again that is no longer there is dropped at once (store.ts);
 * 3. credits each confirming deposit that has the network's confirmations and whose block is
 *    still the canonical one at its height (credit.ts); a deposit whose block is gone is dropped
 *    (if its transaction is mined again and seen again, it is re-attached and confirms anew); one
 *    above the review threshold is held for an operator instead (review.ts).
 * Between ranges and deposits it stops when `signal` aborts (each transaction is whole), and the
 * next run goes on from the stored cursor. Every RPC call is retried with backoff (rpc.ts); a run
 * that gives up leaves the cursor where its last whole range put it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { fromUnits } from '../../contract/rules/money';
import type { Db } from '../db';
import type { DepositAddressBook } from './addresses';
import { DepositAddressIndex } from './addressIndex';
import { creditChainDeposit } from './credit';
import { needsReview } from './review';
import type { WatchedNetwork } from './networks';
import { AT_LEAST_NUMBER, DEFAULT_RETRY, openRpc, RpcLied, type RetryPolicy, type RpcCaller } from './rpc';
import { readBlock, scanRange } from './scan';
import { confirmingUpTo, createCursor, leaveConfirming, readCursor, rewindCursor, storeRange, touchCursor, type Cursor } from './store';

export interface WatcherOptions {
  db: Db;
  network: WatchedNetwork;
  addressBook: DepositAddressBook;
  /** shared by the watchers of every network (the same addresses); default: one of its own */
  addressIndex?: DepositAddressIndex;
  log: FastifyBaseLogger;
  now: () => number;
  retry?: RetryPolicy;
  /** called after each range is stored (tests stop a run there) */
  onRangeStored?: (from: number, to: number) => void;
}

export interface RunSummary {
  network: string;
  head: number;
  cursor: number;
  /** blocks between the cursor and the head after the run (0: caught up) */
  lag: number;
  blocksScanned: number;
  depositsSeen: number;
  credited: number;
  /** confirmed deposits above the review threshold, now waiting for an operator */
  heldForReview: number;
  dropped: number;
  reorgs: number;
  /** time spent scanning and storing ranges, then confirming and crediting */
  scanMs: number;
  creditMs: number;
}

const DECIMALS_SELECTOR = '0x313ce567';
/** a node's clock and ours may differ: the first run starts this much before the address book's first opening */
const SINCE_MARGIN_MS = 10 * 60 * 1000;
/** canonical block hashes read at once before crediting */
const CANONICAL_BATCH = 100;

export class DepositWatcher {
  private readonly rpc: RpcCaller;
  private readonly index: DepositAddressIndex;
  private tokenDecimals: number | null = null;

  constructor(private readonly options: WatcherOptions) {
    this.rpc = openRpc({ network: options.network.network, urls: options.network.rpcUrls, quorum: options.network.quorum }, options.retry ?? DEFAULT_RETRY, options.log);
    this.index = options.addressIndex ?? new DepositAddressIndex(options.addressBook);
  }

  get network(): WatchedNetwork {
    return this.options.network;
  }

  close(): void {
    this.rpc.close();
  }

  private async decimals(signal: AbortSignal): Promise<number> {
    const token = this.network.token;
    if (!token) return 0;
    if (this.tokenDecimals === null) {
      const answer = await this.rpc.call('decimals()', (p) => p.call({ to: token.address, data: DECIMALS_SELECTOR }), signal);
      const value = answer.length === 66 ? Number(BigInt(answer)) : NaN;
      if (!Number.isInteger(value) || value > 36) throw new RpcLied(`decimals() of ${token.address} answered ${answer}: is it the token's contract?`);
      this.tokenDecimals = value;
    }
    return this.tokenDecimals;
  }

  /** the first block whose time is at or after `sinceMs` less SINCE_MARGIN_MS (binary search on timestamps); head if none */
  private async firstBlockSince(sinceMs: number, head: number, signal: AbortSignal): Promise<number> {
    const target = Math.floor((sinceMs - SINCE_MARGIN_MS) / 1000);
    if ((await readBlock(this.rpc, head, signal)).timestamp < target) return head;
    let lo = 0;
    let hi = head;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if ((await readBlock(this.rpc, mid, signal)).timestamp < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private async startCursor(head: number, signal: AbortSignal): Promise<Cursor> {
    const stored = await readCursor(this.options.db, this.network.network);
    if (stored) return stored;
    const first = Math.min(this.network.startBlock ?? (await this.firstBlockSince(this.options.addressBook.since, head, signal)), head);
    const before = first - 1;
    const cursor = before < 0 ? { blockNumber: -1, blockHash: '' } : { blockNumber: before, blockHash: (await readBlock(this.rpc, before, signal)).hash! };
    this.options.log.info({ network: this.network.network, startBlock: first }, `deposit watcher ${this.network.network}: first run, scanning from block ${first}`);
    return createCursor(this.options.db, this.network.network, cursor, head, this.options.now());
  }

  /** Where the cursor goes back to when the chain reorganised under it. */
  private async rewind(cursor: Cursor, head: number, signal: AbortSignal): Promise<Cursor> {
    const back = Math.max(-1, Math.min(cursor.blockNumber, head) - this.network.confirmations);
    const target = back < 0 ? { blockNumber: -1, blockHash: '' } : { blockNumber: back, blockHash: (await readBlock(this.rpc, back, signal)).hash! };
    const moved = await rewindCursor(this.options.db, this.network.network, cursor, target, head, this.options.now());
    if (moved) {
      this.options.log.warn(
        { network: this.network.network, from: cursor.blockNumber, to: target.blockNumber },
        `deposit watcher ${this.network.network}: reorg below block ${cursor.blockNumber + 1}; scanning again from block ${target.blockNumber + 1}`,
      );
    }
    return (await readCursor(this.options.db, this.network.network))!;
  }

  /** One run; see the file's comment. */
  async run(signal: AbortSignal): Promise<RunSummary> {
    const { db, log, now } = this.options;
    const net = this.network;
    const summary: RunSummary = { network: net.network, head: 0, cursor: 0, lag: 0, blocksScanned: 0, depositsSeen: 0, credited: 0, heldForReview: 0, dropped: 0, reorgs: 0, scanMs: 0, creditMs: 0 };
    const startedAt = Date.now();
    // the highest block a quorum of endpoints has reached: one endpoint claiming a far head moves nothing
    const head = Number(await this.rpc.call('eth_blockNumber', (p) => p.getBlockNumber(), signal, AT_LEAST_NUMBER));
    summary.head = head;
    const decimals = await this.decimals(signal);
    await this.index.refresh(db, signal);
    if (signal.aborted) throw signal.reason;
    let cursor = await this.startCursor(head, signal);

    for (let steps = 0; ; steps += 1) {
      if (signal.aborted) throw signal.reason;
      if (steps > 10_000) throw new Error(`deposit watcher ${net.network}: no progress after ${steps} steps`);
      if (cursor.blockNumber >= head) {
        // nothing new: the cursor's block must still be the one scanned
        const atCursor = cursor.blockNumber < 0 ? null : await readBlock(this.rpc, Math.min(cursor.blockNumber, head), signal);
        if (cursor.blockNumber > head || (atCursor && atCursor.hash !== cursor.blockHash)) {
          summary.reorgs += 1;
          cursor = await this.rewind(cursor, head, signal);
          continue;
        }
        break;
      }
      const from = cursor.blockNumber + 1;
      const to = Math.min(head, from + net.blockRange - 1);
      if (cursor.blockNumber >= 0) {
        const first = await readBlock(this.rpc, from, signal);
        if (first.parentHash !== cursor.blockHash) {
          summary.reorgs += 1;
          cursor = await this.rewind(cursor, head, signal);
          continue;
        }
      }
      const range = await scanRange(this.rpc, net, decimals, this.index, from, to, signal);
      const next = { blockNumber: to, blockHash: range.toHash };
      const stored = await storeRange(db, net, cursor, next, head, range.deposits, now());
      if (stored) {
        summary.blocksScanned += to - from + 1;
        summary.dropped += stored.dropped.length;
        for (const row of stored.dropped) {
          log.warn(
            { network: net.network, tx: row.tx_hash, logIndex: String(row.log_index), block: String(row.block_number) },
            `deposit watcher ${net.network}: deposit dropped, its block was scanned again and no longer holds it`,
          );
        }
        for (const { deposit: d, reason } of range.skipped) {
          log.error(
            { network: net.network, currency: d.currency, tx: d.txHash, logIndex: String(d.logIndex), block: String(d.blockNumber), uid: d.owner.uid, chainAmount: String(d.chainAmount), reason },
            `deposit watcher ${net.network}: transfer to a deposit address skipped, no real deposit can have its amount (${reason})`,
          );
        }
        summary.depositsSeen += range.deposits.length;
        for (const d of range.deposits) {
          log.info(
            { network: net.network, currency: d.currency, tx: d.txHash, logIndex: String(d.logIndex), block: String(d.blockNumber), uid: d.owner.uid, chainAmount: String(d.chainAmount) },
            `deposit watcher ${net.network}: deposit seen`,
          );
        }
        cursor = next;
        this.options.onRangeStored?.(from, to);
      } else {
        // another watcher moved the cursor: go on from where it is now
        cursor = (await readCursor(db, net.network))!;
      }
    }

    summary.scanMs = Date.now() - startedAt;

    // credit what has its confirmations (its own block counts as the first)
    const confirmedUpTo = head - net.confirmations + 1;
    const due = await confirmingUpTo(db, net.network, Math.min(confirmedUpTo, cursor.blockNumber));
    // the canonical hash at each height, asked for together (ethers batches them)
    const heights = [...new Set(due.map((row) => Number(row.block_number)))];
    const canonical = new Map<number, string>();
    for (let i = 0; i < heights.length; i += CANONICAL_BATCH) {
      const blocks = await Promise.all(heights.slice(i, i + CANONICAL_BATCH).map((n) => readBlock(this.rpc, n, signal)));
      for (const b of blocks) canonical.set(b.number, b.hash!);
    }
    for (const row of due) {
      if (signal.aborted) throw signal.reason;
      if (canonical.get(Number(row.block_number)) !== row.block_hash) {
        if (await leaveConfirming(db, row, 'dropped', now())) {
          summary.dropped += 1;
          log.warn({ network: net.network, tx: row.tx_hash, logIndex: String(row.log_index), block: String(row.block_number) }, `deposit watcher ${net.network}: deposit dropped, its block is no longer on the chain`);
        }
        continue;
      }
      if (needsReview(row.currency, row.amount)) {
        if (await leaveConfirming(db, row, 'review', now())) {
          summary.heldForReview += 1;
          log.warn(
            { network: net.network, tx: row.tx_hash, logIndex: String(row.log_index), deposit: String(row.id), currency: row.currency, amount: fromUnits(row.amount) },
            `deposit watcher ${net.network}: deposit above the review threshold held for an operator (ops deposit:approve / deposit:reject)`,
          );
        }
        continue;
      }
      const outcome = await creditChainDeposit(db, row, now());
      if (outcome === 'credited') summary.credited += 1;
      if (outcome !== 'notConfirming') {
        log.info(
          { network: net.network, tx: row.tx_hash, logIndex: String(row.log_index), deposit: String(row.id), outcome },
          outcome === 'credited' ? `deposit watcher ${net.network}: deposit credited` : `deposit watcher ${net.network}: deposit already credited by hand, not credited again`,
        );
      }
    }
    summary.creditMs = Date.now() - startedAt - summary.scanMs;
    await touchCursor(db, net.network, head, now());
    summary.cursor = cursor.blockNumber;
    summary.lag = Math.max(0, head - cursor.blockNumber);
    return summary;
  }
}
