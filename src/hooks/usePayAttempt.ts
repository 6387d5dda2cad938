/**
 * The attempt rule of every money move confirmed with the pay password. A second submit while one
 * is in flight is ignored (a ref: two taps in one frame both still see the state unchanged). The
 * same request with the same password keeps its Idempotency-Key, so a retry or a lost answer
 * replays the first result instead of moving money twice; another request or password gets a new
 * key, and so does the next attempt after a success or after any answer of the server (it keeps a
 * key's first answer, refusals included: retrying "insufficient balance" after a deposit needs a
 * new key).
 */
import { useRef, useState } from 'react';
import { newIdempotencyKey, serverAnswered } from '@/services/idempotencyKey';

/** The key of this password and request, by the rule above. */
export type KeyFor<R> = (password: string, request?: R) => string;

/** Plain objects with their keys sorted, so equal requests compare equal whatever the field order. */
const sortedKeys = (_: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value;

/** `label` names a request's keys (`mall-pay-12-…`); without it a key is the random part alone. */
export function usePayAttempt<R = undefined>(label?: (request?: R) => string) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const last = useRef<{ attempt: string; key: string }>();

  const keyFor: KeyFor<R> = (password, request) => {
    const attempt = JSON.stringify([password, request ?? null], sortedKeys);
    if (last.current?.attempt !== attempt) last.current = { attempt, key: newIdempotencyKey(label?.(request)) };
    return last.current.key;
  };

  /**
   * Runs `attempt` unless one is in flight. Resolves true when it succeeded, false when it was
   * ignored or failed (the request layer has shown the error; without an answer the key stays
   * for a retry).
   */
  const run = async (attempt: (keyFor: KeyFor<R>) => Promise<void>): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    try {
      await attempt(keyFor);
      last.current = undefined;
      return true;
    } catch (error) {
      if (serverAnswered(error)) last.current = undefined;
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  /** Forgets the kept key (the confirmation was closed: its request may change). */
  const reset = () => {
    last.current = undefined;
  };

  return { busy, run, reset };
}
