/**
 * A JSON-RPC endpoint in front of the local chain that lies when told to: the attacker's (or a
 * compromised provider's) node (docs/deposits.md, *A quorum of endpoints*). It forwards every request (single or batched) to the
 * chain and rewrites the answers:
 * - `forgeLog`: a made-up ERC-20 Transfer log added to every eth_getLogs answer that covers its block;
 * - `forgeReceiptStatus`: a transaction's receipt reported with another status (0x0: reverted);
 * - `wrongBlockHashes`: every block's hash (and the parent hash of the next) replaced;
 * - `farHead`: eth_blockNumber answered this many blocks ahead;
 * - `inflateBalances`: every eth_getBalance and ERC-20 balanceOf answer raised by this many of the smallest unit;
 * - `down`: every request answered 503.
 * Honest when nothing is set: a plain relay, so two honest proxies and one liar make three endpoints.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, toBeHex, toUtf8Bytes, zeroPadValue } from 'ethers';

export interface ForgedLog {
  token: string;
  to: string;
  /** in the token's smallest unit */
  value: bigint;
  blockNumber: number;
}

export interface Lies {
  forgeLog?: ForgedLog;
  forgeReceiptStatus?: { txHash: string; status: '0x0' | '0x1' };
  wrongBlockHashes?: boolean;
  farHead?: number;
  inflateBalances?: bigint;
  down?: boolean;
}

export interface LyingProxy {
  url: string;
  lies: Lies;
  /** requests relayed, by method (to check the server asked this endpoint at all) */
  asked: Map<string, number>;
  stop(): Promise<void>;
}

interface RpcRequest {
  jsonrpc: string;
  id: number | string;
  method: string;
  params?: unknown[];
}

interface RpcAnswer {
  jsonrpc: string;
  id: number | string;
  result?: unknown;
  error?: unknown;
}

const TRANSFER_TOPIC = keccak256(toUtf8Bytes('Transfer(address,address,uint256)'));
/** the selector of ERC-20 balanceOf(address) */
const BALANCE_OF = '0x70a08231';

function forgedHash(hash: string): string {
  return keccak256(toUtf8Bytes(`forged:${hash}`));
}

function hex(n: number | bigint): string {
  return `0x${n.toString(16)}`;
}

function rewrite(request: RpcRequest, answer: RpcAnswer, lies: Lies): RpcAnswer {
  if (answer.error || answer.result === undefined) return answer;
  const result = answer.result as Record<string, unknown> | unknown[] | string | null;
  if (request.method === 'eth_blockNumber' && lies.farHead && typeof result === 'string') {
    return { ...answer, result: hex(BigInt(result) + BigInt(lies.farHead)) };
  }
  if (lies.inflateBalances && typeof result === 'string') {
    if (request.method === 'eth_getBalance') return { ...answer, result: hex(BigInt(result) + lies.inflateBalances) };
    const call = (request.params?.[0] ?? {}) as { data?: string; input?: string };
    if (request.method === 'eth_call' && (call.data ?? call.input ?? '').startsWith(BALANCE_OF)) return { ...answer, result: toBeHex(BigInt(result) + lies.inflateBalances, 32) };
  }
  if (request.method === 'eth_getLogs' && lies.forgeLog && Array.isArray(result)) {
    const filter = (request.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string; address?: string };
    const { forgeLog } = lies;
    const from = filter.fromBlock ? Number(BigInt(filter.fromBlock)) : 0;
    const to = filter.toBlock ? Number(BigInt(filter.toBlock)) : Number.MAX_SAFE_INTEGER;
    if (forgeLog.blockNumber < from || forgeLog.blockNumber > to) return answer;
    const real = result as Array<Record<string, unknown>>;
    // in a block the range really has, so the log passes every check a single endpoint could make
    const sibling = real.find((log) => Number(BigInt(log.blockNumber as string)) === forgeLog.blockNumber);
    const blockHash = (sibling?.blockHash as string | undefined) ?? forgedHash(`block:${forgeLog.blockNumber}`);
    const log = {
      address: forgeLog.token,
      topics: [TRANSFER_TOPIC, zeroPadValue('0x00000000000000000000000000000000000000aa', 32), zeroPadValue(forgeLog.to, 32)],
      data: toBeHex(forgeLog.value, 32),
      blockNumber: hex(forgeLog.blockNumber),
      blockHash,
      transactionHash: forgedHash(`tx:${forgeLog.to}:${forgeLog.value}`),
      transactionIndex: '0x0',
      logIndex: '0x63',
      removed: false,
    };
    return { ...answer, result: [...real, log] };
  }
  if (request.method === 'eth_getTransactionReceipt' && lies.forgeReceiptStatus && result && !Array.isArray(result) && typeof result === 'object') {
    const receipt = result as Record<string, unknown>;
    if (String(receipt.transactionHash).toLowerCase() === lies.forgeReceiptStatus.txHash.toLowerCase()) return { ...answer, result: { ...receipt, status: lies.forgeReceiptStatus.status } };
  }
  if (request.method === 'eth_getBlockByNumber' && lies.wrongBlockHashes && result && !Array.isArray(result) && typeof result === 'object') {
    const block = result as Record<string, unknown>;
    return { ...answer, result: { ...block, hash: forgedHash(String(block.hash)), parentHash: forgedHash(String(block.parentHash)) } };
  }
  return answer;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The signed transactions each upstream chain has been sent, shared by every proxy in front of it:
 * a real network takes a transaction once (the others answer "already known"), but ganache mines
 * the same signed transaction again each time it is sent (docs/withdrawals.md), so the proxies do
 * what the network would and relay only the first.
 */
const sentTo = new Map<string, Set<string>>();

function duplicateSend(upstream: string, request: RpcRequest): RpcAnswer | null {
  if (request.method !== 'eth_sendRawTransaction') return null;
  const raw = String(request.params?.[0] ?? '');
  const sent = sentTo.get(upstream) ?? new Set<string>();
  sentTo.set(upstream, sent);
  if (!sent.has(raw)) {
    sent.add(raw);
    return null;
  }
  return { jsonrpc: '2.0', id: request.id, result: keccak256(raw) };
}

export async function startLyingProxy(upstream: string, lies: Lies = {}): Promise<LyingProxy> {
  const asked = new Map<string, number>();
  const state: LyingProxy = { url: '', lies, asked, stop: async () => undefined };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const text = await body(req);
      if (state.lies.down) {
        res.writeHead(503).end('down');
        return;
      }
      const parsed = JSON.parse(text) as RpcRequest | RpcRequest[];
      const requests = Array.isArray(parsed) ? parsed : [parsed];
      for (const r of requests) asked.set(r.method, (asked.get(r.method) ?? 0) + 1);
      const answered = new Map<RpcRequest, RpcAnswer>();
      for (const r of requests) {
        const duplicate = duplicateSend(upstream, r);
        if (duplicate) answered.set(r, duplicate);
      }
      const forward = requests.filter((r) => !answered.has(r));
      if (forward.length) {
        const relayed = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forward) });
        const answers = (await relayed.json()) as RpcAnswer[];
        for (const a of answers) {
          const request = forward.find((r) => r.id === a.id);
          if (request) answered.set(request, rewrite(request, a, state.lies));
        }
      }
      const out = requests.map((r) => answered.get(r) ?? { jsonrpc: '2.0', id: r.id, error: { code: -32603, message: 'no answer' } });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(parsed) ? out : out[0]));
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
