/**
 * better-sqlite3 registers its SqliteError class once per process, at its first load. Where
 * modules are loaded more than once per process (jest runs every test file in a fresh module
 * registry and realm) its errors are then not `instanceof Error` of the current realm; rethrow
 * those as a local Error with the same message and code.
 */
export function asLocalError(error: unknown): unknown {
  if (error instanceof Error || typeof error !== 'object' || error === null) return error;
  const { message, code } = error as { message?: string; code?: string };
  return Object.assign(new Error(message ?? 'SQLite error', { cause: error }), { code });
}
