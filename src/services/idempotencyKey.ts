/**
 * A fresh Idempotency-Key for one money-moving request: 16 random bytes in hex (also outside secure
 * contexts, unlike crypto.randomUUID), after `<label>-` when a label is given (`mall-pay-12-…`).
 */
export function newIdempotencyKey(label?: string): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return label ? `${label}-${random}` : random;
}
