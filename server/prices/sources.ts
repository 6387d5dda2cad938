/**
 * Reading one price source. Every answer is hostile input: a Chainlink round is used only with an
 * answer above zero and an `updatedAt` neither older than the maximum age nor in the future; an
 * HTTP answer only with a 2xx status, JSON under 64 KiB, and a positive decimal (string or JSON
 * number, read from its text so no float ever touches it) at the configured JSON pointer. A source
 * that fails is stale for this poll, never an error of the feed.
 */
import { FetchRequest, Interface } from 'ethers';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import { AMOUNT_DECIMALS, AMOUNT_WHOLE_DIGITS, convertDecimals, powerOfTen } from '../../contract/rules/money';
import type { PriceSource } from './config';

export type SourceReading = { price: bigint; at: number } | { error: string };

const AGGREGATOR_ABI = [
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
];

/** the most an answer may run ahead of our clock (a node's block time is not ours) */
const FUTURE_SKEW_MS = 60_000;
const MAX_BODY_BYTES = 64 * 1024;

/** Resolves an RFC 6901 JSON pointer ("" is the whole document); undefined when it names nothing. */
export function resolvePointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= node.length) return undefined;
      node = node[Number(token)];
    } else if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, token)) {
      node = (node as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return node;
}

/**
 * A decimal's text ("2501.5", "2.5015e3") as ledger units, exactly (digits past the 8th decimal
 * are cut off); null for anything else, zero, negative or too large.
 */
export function decimalTextToUnits(text: string): bigint | null {
  const match = /^([0-9]{1,40})(?:\.([0-9]{1,40}))?(?:[eE]([+-]?[0-9]{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > 40) return null;
  // digits × 10^(exponent − fraction length), as units (× 10^8), rounded down
  const digits = BigInt(whole + fraction);
  const shift = exponent - fraction.length + AMOUNT_DECIMALS;
  const units = shift >= 0 ? digits * powerOfTen(shift) : digits / powerOfTen(-shift);
  if (units <= 0n || units >= powerOfTen(AMOUNT_WHOLE_DIGITS + AMOUNT_DECIMALS)) return null;
  return units;
}

/** the body, or null past `limit` bytes (read no further: a hostile source may send without end) */
async function readAtMost(response: Response, limit: number): Promise<Uint8Array | null> {
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readHttp(source: Extract<PriceSource, { kind: 'http' }>, timeoutMs: number, now: () => number, signal: AbortSignal): Promise<SourceReading> {
  const response = await fetch(source.url, {
    headers: { accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
  });
  if (!response.ok) {
    await response.body?.cancel();
    return { error: `HTTP ${response.status}` };
  }
  const body = await readAtMost(response, MAX_BODY_BYTES);
  if (body === null) return { error: 'answer too large' };
  let document: unknown;
  try {
    document = parseLossless(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return { error: 'not JSON' };
  }
  const value = resolvePointer(document, source.pointer);
  const text = typeof value === 'string' ? value : isLosslessNumber(value) ? value.value : null;
  if (text === null) return { error: `no value at ${source.pointer}` };
  const price = decimalTextToUnits(text);
  if (price === null) return { error: `not a positive price: ${text.slice(0, 40)}` };
  return { price, at: now() };
}

/**
 * The Chainlink sources' JSON-RPC calls: plain `eth_call`s through ethers' FetchRequest (a
 * time-out, the caller's abort), no provider, so nothing polls a dead endpoint in the background.
 */
export class ChainReaders {
  private readonly inFlight = new Set<FetchRequest>();

  async ethCall(rpcUrl: string, to: string, data: string, timeoutMs: number, signal: AbortSignal): Promise<string> {
    const request = new FetchRequest(rpcUrl);
    request.timeout = timeoutMs;
    request.body = { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to, data }, 'latest'] };
    const onAbort = () => request.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    this.inFlight.add(request);
    try {
      const response = await request.send();
      response.assertOk();
      const body = response.bodyJson as { result?: unknown; error?: { message?: string } };
      if (typeof body.result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(body.result)) throw new Error(`eth_call: ${body.error?.message ?? 'no result'}`.slice(0, 200));
      return body.result;
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.inFlight.delete(request);
    }
  }

  /** cancels the calls in flight (server shutdown, tests) */
  close(): void {
    for (const request of this.inFlight) request.cancel();
    this.inFlight.clear();
  }
}

const aggregatorAbi = new Interface(AGGREGATOR_ABI);

async function readChainlink(source: Extract<PriceSource, { kind: 'chainlink' }>, options: ReadOptions): Promise<SourceReading> {
  const { timeoutMs, maxAgeMs, now, signal } = options;
  const call = async (name: 'decimals' | 'latestRoundData') =>
    aggregatorAbi.decodeFunctionResult(name, await options.chain.ethCall(source.rpcUrl, source.aggregator, aggregatorAbi.encodeFunctionData(name), timeoutMs, signal));
  const [[decimals], round] = await Promise.all([call('decimals'), call('latestRoundData')]);
  const answer = round[1] as bigint;
  const updatedAt = Number(round[3] as bigint) * 1000;
  if ((decimals as bigint) > 36n) return { error: `decimals ${decimals}` };
  if (answer <= 0n) return { error: `answer ${answer}` };
  const at = now();
  if (updatedAt > at + FUTURE_SKEW_MS) return { error: 'updatedAt in the future' };
  if (at - updatedAt > maxAgeMs) return { error: `stale: updated ${Math.round((at - updatedAt) / 1000)} s ago` };
  const price = convertDecimals(answer, Number(decimals as bigint), AMOUNT_DECIMALS, 'down');
  if (price <= 0n || price >= powerOfTen(AMOUNT_WHOLE_DIGITS + AMOUNT_DECIMALS)) return { error: `answer out of range ${answer}` };
  return { price, at: updatedAt };
}

export interface ReadOptions {
  timeoutMs: number;
  maxAgeMs: number;
  now: () => number;
  signal: AbortSignal;
  chain: ChainReaders;
}

/** One source's price now, or why it has none. */
export async function readSource(source: PriceSource, options: ReadOptions): Promise<SourceReading> {
  try {
    return source.kind === 'http'
      ? await readHttp(source, options.timeoutMs, options.now, options.signal)
      : await readChainlink(source, options);
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    const e = error as { shortMessage?: string; message?: string; name?: string };
    return { error: (e?.name === 'TimeoutError' ? 'timed out' : e?.shortMessage ?? e?.message ?? String(error)).slice(0, 200) };
  }
}
