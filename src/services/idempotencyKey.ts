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
 * True when the server settled the failed call under its key, so a retry needs a new one: it
 * keeps a refusal (4xx) as the key's answer (docs/decisions.md). False when no answer came
 * (network failure, timeout; status 0 is a browser's failed request, which axios reports with a
 * response), and for 429 and every 5xx: the server keeps nothing under the key for those, and a
 * 5xx from a proxy may hide a payment that went through, which only the same key can replay.
 */
export function serverAnswered(error: unknown): boolean {
  const failure = error as { name?: string; response?: { status?: unknown }; info?: { httpStatusCode?: unknown } } | null;
  const status = failure?.response?.status ?? failure?.info?.httpStatusCode;
  if (typeof status !== 'number') return failure?.name === 'BizError';
  return status > 0 && status < 500 && status !== 429;
}
