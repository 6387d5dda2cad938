/**
 * One block range of one network, read from the chain: the token's Transfer logs to deposit
 * addresses (one eth_getLogs for the whole range, filtered here by the address index: asking the
 * node to filter by 10 000 addresses would exceed what endpoints take in one request) and, when
 * the network's native coin is accepted, its transactions to deposit addresses, by reading every
 * block of the range with its transactions. A block scan, not traces: debug/trace APIs are missing
 * on most endpoints, and deposits are plain transfers from wallets and exchanges; coin sent to a
 * deposit address by a contract's internal call is not seen (the operator credits it by hand).
 *
 * The range is read between two readings of its last block: if that block's hash changed meanwhile
 * (a reorg during the scan), the range is read again. Every log must lie in the range and belong
 * to the block read at its height; anything else is the endpoint lying (RpcLied, retried). A
 * transfer whose amount no real deposit can have (above 2^128 or the token's totalSupply()) is
 * returned apart, to be logged and skipped.
 */
import { getAddress, id as topicOf, type Block, type JsonRpcProvider, type Log } from 'ethers';
import type { DepositAddressIndex, DepositOwner } from './addressIndex';
import type { RpcCaller } from './rpc';
import { RpcLied } from './rpc';
import { impossibleAmount } from './amounts';
import { NATIVE_LOG_INDEX } from './status';
import type { WatchedNetwork } from './networks';

export const TRANSFER_TOPIC = topicOf('Transfer(address,address,uint256)');

export interface SeenDeposit {
  currency: string;
  /** lower case */
  txHash: string;
  logIndex: bigint;
  blockNumber: bigint;
  blockHash: string;
  owner: DepositOwner;
  /** in the token's or coin's smallest unit */
  chainAmount: bigint;
  /** the decimals of chainAmount */
  decimals: number;
}

/** a transfer to a deposit address whose amount no real deposit can have (amounts.ts) */
export interface SkippedDeposit {
  deposit: SeenDeposit;
  reason: string;
}

export interface ScannedRange {
  from: number;
  to: number;
  /** the hash of block `to`: the cursor once the range is stored */
  toHash: string;
  deposits: SeenDeposit[];
  skipped: SkippedDeposit[];
}

const TOTAL_SUPPLY_SELECTOR = '0x18160ddd';

const NATIVE_DECIMALS = 18;
/** blocks read at once (ethers batches them into few HTTP requests) */
const BLOCK_BATCH = 25;

/**
 * Block n as a quorum of endpoints has it: the same hash and parent (and, with its transactions,
 * the same transactions: a forged transfer to a deposit address in one endpoint's block is outvoted).
 */
async function block(rpc: RpcCaller, n: number, withTxs: boolean, signal: AbortSignal): Promise<Block> {
  return rpc.call(`eth_getBlockByNumber ${n}`, async (p: JsonRpcProvider) => {
    const found = await p.getBlock(n, withTxs);
    if (!found || found.hash === null) throw new RpcLied(`block ${n} missing`);
    if (found.number !== n) throw new RpcLied(`asked for block ${n}, got ${found.number}`);
    return found;
  }, signal, withTxs ? { kind: 'same' } : { kind: 'same', key: (b) => `${b.number}:${b.hash}:${b.parentHash}` });
}

export function readBlock(rpc: RpcCaller, n: number, signal: AbortSignal): Promise<Block> {
  return block(rpc, n, false, signal);
}

/** a range's logs as a set: transaction, log index, block, token, topics (recipient) and data (amount) */
function logSetKey(logs: readonly Log[]): string {
  return logs
    .map((log) => [log.transactionHash.toLowerCase(), log.index, log.blockHash, log.address.toLowerCase(), log.topics.join(','), log.data, log.removed].join(':'))
    .sort()
    .join('|');
}

function transferTo(log: Log): { to: string; value: bigint } | null {
  if (log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC || !/^0x[0-9a-fA-F]{64}$/.test(log.data)) return null;
  return { to: getAddress(`0x${log.topics[2].slice(26)}`), value: BigInt(log.data) };
}

async function tokenDeposits(
  rpc: RpcCaller, net: WatchedNetwork, decimals: number, index: DepositAddressIndex, from: number, to: number, signal: AbortSignal,
): Promise<{ deposits: SeenDeposit[]; skipped: SkippedDeposit[] }> {
  const token = net.token!;
  const logs = await rpc.call(`eth_getLogs ${from}-${to}`, async (p) => {
    const found = await p.getLogs({ address: token.address, topics: [TRANSFER_TOPIC], fromBlock: from, toBlock: to });
    for (const log of found) {
      if (log.blockNumber < from || log.blockNumber > to) throw new RpcLied(`eth_getLogs ${from}-${to} answered a log of block ${log.blockNumber}`);
      if (log.address.toLowerCase() !== token.address.toLowerCase()) throw new RpcLied(`eth_getLogs answered a log of ${log.address}`);
    }
    return found;
    // the same set of logs from a quorum: a log one endpoint adds (a forged deposit) is outvoted
  }, signal, { kind: 'same', key: logSetKey });
  const deposits: SeenDeposit[] = [];
  for (const log of logs) {
    if (log.removed) continue;
    const transfer = transferTo(log);
    const owner = transfer && index.owner(transfer.to);
    if (!transfer || !owner || transfer.value === 0n) continue;
    deposits.push({
      currency: token.currency, txHash: log.transactionHash.toLowerCase(), logIndex: BigInt(log.index),
      blockNumber: BigInt(log.blockNumber), blockHash: log.blockHash, owner, chainAmount: transfer.value, decimals,
    });
  }
  // the supply is asked for only when something arrived, from a quorum like everything else
  const supply = deposits.length ? await totalSupply(rpc, token.address, signal) : null;
  return splitImpossible(deposits, supply);
}

async function totalSupply(rpc: RpcCaller, token: string, signal: AbortSignal): Promise<bigint> {
  const answer = await rpc.call('totalSupply()', (p) => p.call({ to: token, data: TOTAL_SUPPLY_SELECTOR }), signal);
  if (!/^0x[0-9a-fA-F]{64}$/.test(answer)) throw new RpcLied(`totalSupply() of ${token} answered ${answer}`);
  return BigInt(answer);
}

function splitImpossible(found: SeenDeposit[], supply: bigint | null): { deposits: SeenDeposit[]; skipped: SkippedDeposit[] } {
  const deposits: SeenDeposit[] = [];
  const skipped: SkippedDeposit[] = [];
  for (const deposit of found) {
    const reason = impossibleAmount(deposit.chainAmount, deposit.decimals, supply);
    if (reason) skipped.push({ deposit, reason });
    else deposits.push(deposit);
  }
  return { deposits, skipped };
}

async function nativeDeposits(
  rpc: RpcCaller, net: WatchedNetwork, index: DepositAddressIndex, blocks: Block[], signal: AbortSignal,
): Promise<{ deposits: SeenDeposit[]; skipped: SkippedDeposit[] }> {
  const deposits: SeenDeposit[] = [];
  for (const b of blocks) {
    for (const tx of b.prefetchedTransactions) {
      const owner = tx.to ? index.owner(tx.to) : undefined;
      if (!owner || tx.value === 0n) continue;
      // a reverted transaction moved no coin
      const receipt = await rpc.call(`eth_getTransactionReceipt ${tx.hash}`, async (p) => {
        const found = await p.getTransactionReceipt(tx.hash);
        if (!found) throw new RpcLied(`no receipt for ${tx.hash} of block ${b.number}`);
        return found;
      }, signal, { kind: 'same', key: (r) => `${r.status}:${r.blockHash}:${r.blockNumber}` });
      // another block by now: the range is read again (scanRange), never half of it kept
      if (receipt.blockHash !== b.hash) throw new RpcLied(`${tx.hash} of block ${b.number} ${b.hash} has its receipt in ${receipt.blockHash}`);
      if (receipt.status !== 1) continue;
      deposits.push({
        currency: net.native!.currency, txHash: tx.hash.toLowerCase(), logIndex: NATIVE_LOG_INDEX,
        blockNumber: BigInt(b.number), blockHash: b.hash!, owner, chainAmount: tx.value, decimals: NATIVE_DECIMALS,
      });
    }
  }
  return splitImpossible(deposits, null);
}

/** Reads blocks from..to (inclusive); `tokenDecimals` is the token's `decimals()`. */
export async function scanRange(
  rpc: RpcCaller, net: WatchedNetwork, tokenDecimals: number, index: DepositAddressIndex, from: number, to: number, signal: AbortSignal,
): Promise<ScannedRange> {
  for (let attempt = 1; ; attempt += 1) {
    const last = await readBlock(rpc, to, signal);
    const deposits: SeenDeposit[] = [];
    const skipped: SkippedDeposit[] = [];
    let blocks: Block[] = [];
    if (net.native) {
      for (let n = from; n <= to; n += BLOCK_BATCH) {
        const batch = [];
        for (let m = n; m <= Math.min(to, n + BLOCK_BATCH - 1); m += 1) batch.push(block(rpc, m, true, signal));
        blocks = blocks.concat(await Promise.all(batch));
      }
    }
    if (net.token) {
      const token = await tokenDeposits(rpc, net, tokenDecimals, index, from, to, signal);
      deposits.push(...token.deposits);
      skipped.push(...token.skipped);
    }
    const again = await readBlock(rpc, to, signal);
    // the blocks read must be one chain ending at `to` as read before and after
    const chained = blocks.every((b, i) => (i === 0 || b.parentHash === blocks[i - 1].hash)) && (!blocks.length || blocks[blocks.length - 1].hash === last.hash);
    const hashes = new Map(blocks.map((b) => [BigInt(b.number), b.hash]));
    const logsOnChain = deposits.every((d) => !hashes.size || hashes.get(d.blockNumber) === d.blockHash);
    if (again.hash === last.hash && chained && logsOnChain) {
      if (net.native) {
        const native = await nativeDeposits(rpc, net, index, blocks, signal);
        deposits.push(...native.deposits);
        skipped.push(...native.skipped);
      }
      return { from, to, toHash: last.hash!, deposits, skipped };
    }
    if (attempt >= 5) throw new RpcLied(`blocks ${from}-${to} keep changing while read (a reorg, or an endpoint behind a load balancer answering from several nodes)`);
  }
}
