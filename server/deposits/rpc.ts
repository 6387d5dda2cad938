/**
 * A chain's JSON-RPC endpoints, for the deposit watcher and the withdrawal signer: one ethers 6
 * JsonRpcProvider per endpoint with a request time-out, and every call asked of all of them and
 * acted on only when a quorum gives the same answer (`CHAIN_<NETWORK>_RPC_QUORUM`, by default a
 * majority of the list). An endpoint may be slow (time-out), down, rate limited, behind, or lying
 * (a forged log, a forged receipt, a wrong block hash, a missing block, a log outside the range
 * asked for): what one endpoint says alone is never acted on. Short of a quorum the call is
 * retried with exponential backoff, then given up on for this run with an error naming what
 * differed (`NoQuorum`). A run that gives up stored nothing past the last step it finished, so the
 * next run goes on from there: the watcher asks for the same range again, the signer reconciles.
 * With a single endpoint (quorum 1) this is that endpoint with retries.
 *
 * Two kinds of agreement: `same` (the default: `quorum` endpoints answer exactly alike, compared
 * by a key: the whole answer as JSON, or the fields that matter) and `atLeast` for a number that
 * honest endpoints may legitimately differ on (the head, a balance, the pending nonce): the
 * quorum-th highest answer, a value at least `quorum` endpoints vouch for, so neither one
 * endpoint claiming a far head nor one claiming a large balance can move it.
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

export type Agreement<T> =
  | { kind: 'same'; key?: (answer: T) => string }
  | { kind: 'atLeast'; value: (answer: T) => bigint };

/** the quorum-th highest of numeric answers (a head, a balance, a nonce) */
export const AT_LEAST_NUMBER: Agreement<number | bigint> = { kind: 'atLeast', value: (n) => BigInt(n) };

export interface RpcCaller {
  /** `fn` on every endpoint, with retries, until a quorum agrees; `what` names the call in the log (e.g. "eth_getLogs 100-599") */
  call<T>(what: string, fn: (provider: JsonRpcProvider) => Promise<T>, signal: AbortSignal, agreement?: Agreement<T>): Promise<T>;
  /** `fn` once on every endpoint (e.g. sending a signed transaction to all of them): each one's outcome */
  everywhere<T>(what: string, fn: (provider: JsonRpcProvider) => Promise<T>, signal: AbortSignal): Promise<Array<PromiseSettledResult<T>>>;
  close(): void;
}

/** Thrown when the endpoints did not agree (or too few answered) within the retries. */
export class NoQuorum extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoQuorum';
  }
}

/** every bigint as its digits, so two answers compare as text */
export function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'undefined';
}

/** One endpoint: its provider, made on the first call with the chain id asked once (eth_chainId). */
class Endpoint {
  private provider: JsonRpcProvider | null = null;

  constructor(
    readonly label: string,
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  private request(): FetchRequest {
    const req = new FetchRequest(this.url);
    req.timeout = this.timeoutMs;
    return req;
  }

  /** so that ethers never polls a dead endpoint in the background to detect its network */
  async ready(): Promise<JsonRpcProvider> {
    if (this.provider) return this.provider;
    const req = this.request();
    req.body = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
    const response = await req.send();
    response.assertOk();
    const body = response.bodyJson as { result?: string; error?: { message?: string } };
    if (typeof body.result !== 'string') throw new Error(`eth_chainId: ${body.error?.message ?? 'no result'}`);
    const staticNetwork = Network.from(BigInt(body.result));
    // no cache: every run asks the head afresh (ethers keeps answers 250 ms by default)
    this.provider ??= new JsonRpcProvider(this.request(), staticNetwork, { staticNetwork, batchMaxCount: 50, cacheTimeout: -1 });
    return this.provider;
  }

  close(): void {
    this.provider?.destroy();
    this.provider = null;
  }
}

/** the endpoint's host and port, never its path (an API key often sits there) */
function endpointLabel(url: string, i: number): string {
  try {
    return `#${i + 1} ${new URL(url).host}`;
  } catch {
    return `#${i + 1}`;
  }
}

type RoundOutcome<T> = { ok: true; value: T } | { ok: false; problem: string; error: unknown };

/**
 * One round of a call: `fn` on every endpoint at once; settled as soon as a quorum agrees (the
 * others are not waited for), else once all have answered or failed.
 */
function round<T>(endpoints: Endpoint[], quorum: number, fn: (provider: JsonRpcProvider) => Promise<T>, signal: AbortSignal, agreement: Agreement<T>): Promise<RoundOutcome<T>> {
  return new Promise((resolve) => {
    const groups = new Map<string, { value: T; count: number; labels: string[] }>();
    const numbers: Array<{ value: T; n: bigint }> = [];
    const failures: string[] = [];
    let errorSeen: unknown = null;
    let pending = endpoints.length;
    let done = false;
    const settle = (outcome: RoundOutcome<T>) => {
      if (done) return;
      done = true;
      resolve(outcome);
    };
    const finish = () => {
      pending -= 1;
      if (pending > 0 || done) return;
      const answers =
        agreement.kind === 'same'
          ? [...groups.values()].map((g) => `${g.labels.join(',')}: ${brief(fingerprintOf(g.value, agreement), 120)}`)
          : numbers.map((a) => String(a.n));
      const problem = `${groups.size > 1 ? 'endpoints disagree' : 'too few endpoints answered'} (quorum ${quorum} of ${endpoints.length})${answers.length ? `; answers: ${answers.join(' | ')}` : ''}${failures.length ? `; failed: ${failures.join(' | ')}` : ''}`;
      settle({ ok: false, problem, error: endpoints.length === 1 && errorSeen ? errorSeen : new NoQuorum(problem) });
    };
    for (const endpoint of endpoints) {
      // a stop does not wait for an endpoint that is slow to answer, not even its chain id
      abortable(endpoint.ready().then((provider) => fn(provider)), signal)
        .then(
          (value) => {
            if (agreement.kind === 'same') {
              const key = fingerprintOf(value, agreement);
              const group = groups.get(key) ?? { value, count: 0, labels: [] };
              group.count += 1;
              group.labels.push(endpoint.label);
              groups.set(key, group);
              if (group.count >= quorum) settle({ ok: true, value: group.value });
            } else {
              numbers.push({ value, n: agreement.value(value) });
              if (numbers.length >= quorum) {
                const sorted = [...numbers].sort((a, b) => (a.n > b.n ? -1 : a.n < b.n ? 1 : 0));
                settle({ ok: true, value: sorted[quorum - 1].value });
              }
            }
          },
          (error: unknown) => {
            errorSeen ??= error;
            failures.push(`${endpoint.label}: ${brief(describe(error), 200)}`);
          },
        )
        .finally(finish);
    }
  });
}

function fingerprintOf<T>(value: T, agreement: Extract<Agreement<T>, { kind: 'same' }>): string {
  return agreement.key ? agreement.key(value) : fingerprint(value);
}

function describe(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string; code?: string } | null;
  return `${e?.code ? `${e.code}: ` : ''}${e?.shortMessage ?? e?.message ?? String(error)}`;
}

function brief(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export interface RpcEndpoints {
  network: string;
  urls: string[];
  /** how many must agree; default a majority */
  quorum?: number;
}

export function majority(count: number): number {
  return Math.floor(count / 2) + 1;
}

export function openRpc(endpoints: RpcEndpoints, policy: RetryPolicy, log: FastifyBaseLogger, job = 'deposit watcher'): RpcCaller {
  const { network, urls } = endpoints;
  const quorum = endpoints.quorum ?? majority(urls.length);
  if (!urls.length || quorum < 1 || quorum > urls.length) throw new Error(`${network}: a quorum of ${quorum} out of ${urls.length} endpoint(s) cannot be reached`);
  const list = urls.map((url, i) => new Endpoint(endpointLabel(url, i), url, policy.timeoutMs));
  return {
    async call<T>(what: string, fn: (provider: JsonRpcProvider) => Promise<T>, signal: AbortSignal, agreement: Agreement<T> = { kind: 'same' }): Promise<T> {
      for (let attempt = 1; ; attempt += 1) {
        if (signal.aborted) throw signal.reason;
        const outcome = await round(list, quorum, fn, signal, agreement);
        if (signal.aborted) throw signal.reason;
        if (outcome.ok) return outcome.value;
        if (attempt >= policy.attempts) {
          log.error({ network, call: what, attempts: attempt, error: outcome.problem }, `${job} ${network}: ${what} failed ${attempt} times (${outcome.problem}); giving up this run, the next run goes on from where it stopped`);
          throw outcome.error;
        }
        const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2);
        log.warn({ network, call: what, attempt, retryInMs: Math.round(delay), error: outcome.problem }, `${job} ${network}: ${what} failed; retrying`);
        await pause(delay, signal);
      }
    },
    async everywhere(_what, fn, signal) {
      return Promise.allSettled(list.map((endpoint) => abortable(endpoint.ready().then((provider) => fn(provider)), signal)));
    },
    close() {
      for (const endpoint of list) endpoint.close();
    },
  };
}

/** A caller without retries or quorum, on a provider of the caller's own (tests, and the command line). */
export function directRpc(provider: JsonRpcProvider): RpcCaller {
  return {
    call: (_what, fn, signal) => (signal.aborted ? Promise.reject(signal.reason) : fn(provider)),
    everywhere: async (_what, fn, signal) => Promise.allSettled([signal.aborted ? Promise.reject(signal.reason) : fn(provider)]),
    close: () => undefined,
  };
}
