/**
 * A chain's JSON-RPC endpoint, for the deposit watcher and the withdrawal signer: an ethers 6
 * JsonRpcProvider with a request time-out, and every call retried with exponential backoff. The
 * endpoint may be slow (time-out), down, rate limited (429 / "limit exceeded") or lying (a missing
 * block, a log outside the range asked for): each is an error here, retried, then given up on for
 * this run. A run that gives up stored nothing past the last step it finished, so the next run
 * goes on from there: the watcher asks for the same range again, the signer reconciles.
 */
import { setMaxListeners } from 'node:events';
import { FetchRequest, JsonRpcProvider, Network } from 'ethers';
import type { FastifyBaseLogger } from 'fastify';

export interface RetryPolicy {
  /** tries of one call before the run gives up */
  attempts: number;
  /** the first pause; each next one doubles, up to maxDelayMs, with ±25 % jitter */
  baseDelayMs: number;
  maxDelayMs: number;
  /** one request's time-out */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 500, maxDelayMs: 15_000, timeoutMs: 15_000 };

/** Thrown when the endpoint answers something that cannot be true (retried like any failure). */
export class RpcLied extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RpcLied';
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** signals whose listener limit was raised: up to a batch of calls races one signal at once */
const raised = new WeakSet<AbortSignal>();

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (!raised.has(signal)) {
    setMaxListeners(500, signal);
    raised.add(signal);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    // the listener goes with the call, so a signal that lives as long as its job holds none
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function brief(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string; code?: string } | null;
  return `${e?.code ? `${e.code}: ` : ''}${e?.shortMessage ?? e?.message ?? String(error)}`.slice(0, 300);
}

export interface RpcCaller {
  /** `fn` with retries; `what` names the call in the log (e.g. "eth_getLogs 100-599") */
  call<T>(what: string, fn: (provider: JsonRpcProvider) => Promise<T>, signal: AbortSignal): Promise<T>;
  close(): void;
}

/**
 * The provider is made on the first call, with the chain id asked once (eth_chainId, retried), so
 * that ethers never polls a dead endpoint in the background to detect its network.
 */
export function openRpc(network: string, rpcUrl: string, policy: RetryPolicy, log: FastifyBaseLogger, job = 'deposit watcher'): RpcCaller {
  let provider: JsonRpcProvider | null = null;
  const request = () => {
    const req = new FetchRequest(rpcUrl);
    req.timeout = policy.timeoutMs;
    return req;
  };
  async function withRetry<T>(what: string, fn: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      if (signal.aborted) throw signal.reason;
      try {
        // a stop does not wait for an endpoint that is slow to answer
        return await abortable(fn(), signal);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (attempt >= policy.attempts) {
          log.error({ network, call: what, attempts: attempt, error: brief(error) }, `${job} ${network}: ${what} failed ${attempt} times; giving up this run, the next run goes on from where it stopped`);
          throw error;
        }
        const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2);
        log.warn({ network, call: what, attempt, retryInMs: Math.round(delay), error: brief(error) }, `${job} ${network}: ${what} failed; retrying`);
        await pause(delay, signal);
      }
    }
  }
  async function ready(signal: AbortSignal): Promise<JsonRpcProvider> {
    if (provider) return provider;
    const chainId = await withRetry('eth_chainId', async () => {
      const req = request();
      req.body = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
      const response = await req.send();
      response.assertOk();
      const body = response.bodyJson as { result?: string; error?: { message?: string } };
      if (typeof body.result !== 'string') throw new Error(`eth_chainId: ${body.error?.message ?? 'no result'}`);
      return BigInt(body.result);
    }, signal);
    const staticNetwork = Network.from(chainId);
    // no cache: every run asks the head afresh (ethers keeps answers 250 ms by default)
    provider = new JsonRpcProvider(request(), staticNetwork, { staticNetwork, batchMaxCount: 50, cacheTimeout: -1 });
    return provider;
  }
  return {
    async call(what, fn, signal) {
      const p = await ready(signal);
      return withRetry(what, () => fn(p), signal);
    },
    close() {
      provider?.destroy();
      provider = null;
    },
  };
}

/** A caller without retries, on a provider of the caller's own (tests, and the command line). */
export function directRpc(provider: JsonRpcProvider): RpcCaller {
  return {
    call: (_what, fn, signal) => (signal.aborted ? Promise.reject(signal.reason) : fn(provider)),
    close: () => undefined,
  };
}
