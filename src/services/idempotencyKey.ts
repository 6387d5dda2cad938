/**
 * A fresh Idempotency-Key for one money-moving request: 16 random bytes in hex (also outside secure
 * contexts, unlike crypto.randomUUID), after `<label>-` when a label is given (`mall-pay-12-…`).
 */
export function newIdempotencyKey(label?: string): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return label ? `${label}-${random}` : random;
}

/**
 * True when the server answered the failed call (an error envelope or an HTTP status), false when
 * no answer came (network failure, timeout). The server keeps a key's first answer, refusals
 * included (docs/decisions.md), so only a call without an answer may be retried with its key.
 */
export function serverAnswered(error: unknown): boolean {
  const failure = error as { name?: string; response?: { status?: unknown } } | null;
  return failure?.name === 'BizError' || typeof failure?.response?.status === 'number';
}

/**
 * One key per request until the server answers it: a retry of the same request after no answer
 * reuses the key (the server replays instead of acting twice); after an answer, success or
 * refusal, or for another request, the next call gets a new key.
 */
export function requestKeys(label?: string) {
  let last: { request: string; key: string } | undefined;
  return {
    keyFor(request: unknown): string {
      const text = JSON.stringify(request ?? null);
      if (last?.request !== text) last = { request: text, key: newIdempotencyKey(label) };
      return last.key;
    },
    /** call when the request settled: `error` undefined for a success */
    settled(error?: unknown): void {
      if (error === undefined || serverAnswered(error)) last = undefined;
    },
  };
}

/** Sends `call` with the key of `request` by the rule of requestKeys. */
export async function withRequestKey<T>(keys: ReturnType<typeof requestKeys>, request: unknown, call: (key: string) => Promise<T>): Promise<T> {
  try {
    const result = await call(keys.keyFor(request));
    keys.settled();
    return result;
  } catch (error) {
    keys.settled(error);
    throw error;
  }
}
