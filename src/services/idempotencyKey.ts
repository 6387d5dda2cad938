/**
 * A fresh Idempotency-Key for one money-moving request: 16 random bytes in hex (also outside secure
 * contexts, unlike crypto.randomUUID), after `<label>-` when a label is given (`mall-pay-12-…`).
 * Which key a request gets is the rule of src/hooks/usePayAttempt.ts, used by every money move.
 */
export function newIdempotencyKey(label?: string): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return label ? `${label}-${random}` : random;
}

/**
 * True when the server answered the failed call (an error envelope or an HTTP status), false when
 * no answer came (network failure, timeout). The server keeps a key's first answer, refusals
 * included (docs/decisions.md), so only a call without an answer may be retried with its key.
 * Status 0 is no answer: a browser's failed request, which axios reports with a response.
 */
export function serverAnswered(error: unknown): boolean {
  const failure = error as { name?: string; response?: { status?: unknown } } | null;
  const status = failure?.response?.status;
  return failure?.name === 'BizError' || (typeof status === 'number' && status > 0);
}
