/**
 * Runs a money-moving unit of work in one database transaction. SQLite: our dialect opens every
 * transaction with BEGIN IMMEDIATE (one writer at a time). PostgreSQL: `post` locks account rows
 * in owner|currency order; a serialization failure or deadlock (40001 / 40P01) reruns the whole
 * unit a few times, so `work` must not have effects outside the transaction.
 */
import type { Db } from '../db';
import type { Trx } from './post';

const RETRYABLE_PG_CODES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_PG_CODES.has(code);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runMoneyTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await pause(Math.random() * 10 * attempt);
    }
  }
}
