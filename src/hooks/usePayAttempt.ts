/**
 * THE Idempotency-Key rule of the app, for every money move (pay-password confirmations, the mall
 * checkout's order and payment, a new address in the address book, a withdrawal and its cancel).
 * An attempt is a password and a request ('' for a form without a password). The same attempt
 * keeps its key until the server answers, so a retry after a lost answer replays the first result
 * instead of moving money twice; after any answer (a success, or a refusal, which the server keeps
 * under its key: "insufficient balance" retried after a deposit needs a new key) every attempt
 * gets a new key. What an attempt makes once, such as a withdrawal's wallet proof, is kept with its
 * key: the retry must send the very same body, or the server sees another request under the key
 * (409). A second submit while one is in flight is ignored (a ref: two taps in one frame both
 * still see the state unchanged).
 */
import { useRef, useState } from 'react';
import { newIdempotencyKey, serverAnswered } from '@/services/idempotencyKey';

/** The key of this password and request, by the rule above. */
export type KeyFor<R> = (password: string, request?: R) => string;
/** `make()`'s result for this password and request, made on the attempt's first try and reused by its retries. */
export type OnceFor<R> = <T>(password: string, request: R | undefined, make: () => Promise<T>) => Promise<T>;

interface Attempt {
  key: string;
  made?: { value: unknown };
}

/** Plain objects with their keys sorted, so equal requests compare equal whatever the field order. */
const sortedKeys = (_: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value;

/** `label` names a request's keys (`mall-pay-12-…`); without it a key is the random part alone. */
export function usePayAttempt<R = undefined>(label?: (request?: R) => string) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  // every attempt since the last answer: a checkout's order and payment are two requests of one try
  const attempts = useRef(new Map<string, Attempt>());

  const attemptOf = (password: string, request?: R): Attempt => {
    const id = JSON.stringify([password, request ?? null], sortedKeys);
    let found = attempts.current.get(id);
    if (!found) attempts.current.set(id, (found = { key: newIdempotencyKey(label?.(request)) }));
    return found;
  };

  const keyFor: KeyFor<R> = (password, request) => attemptOf(password, request).key;

  const once: OnceFor<R> = async <T>(password: string, request: R | undefined, make: () => Promise<T>) => {
    const attempt = attemptOf(password, request);
    if (!attempt.made) attempt.made = { value: await make() };
    return attempt.made.value as T;
  };

  /**
   * Runs `attempt` unless one is in flight. Resolves true when it succeeded, false when it was
   * ignored or failed (the request layer has shown the error; without an answer the keys and
   * what was made stay for a retry).
   */
  const run = async (attempt: (keyFor: KeyFor<R>, once: OnceFor<R>) => Promise<void>): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    try {
      await attempt(keyFor, once);
      attempts.current.clear();
      return true;
    } catch (error) {
      if (serverAnswered(error)) attempts.current.clear();
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  /** Forgets the kept keys (the confirmation was closed: its request may change). */
  const reset = () => {
    attempts.current.clear();
  };

  return { busy, run, reset };
}

/** What usePayAttempt gives: a page that keeps one across its confirmation sheet's openings passes it on. */
export type PayAttempt<R = undefined> = ReturnType<typeof usePayAttempt<R>>;
