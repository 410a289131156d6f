/**
 * Recognises "the database cannot be reached right now" among the errors a query can throw, so that the error
 * handler answers 503 with a retry hint instead of a 500: PostgreSQL restarting, shutting down or refusing
 * connections, a dropped or timed-out connection, and SQLite still locked after its busy timeout. The pool (pg) and
 * the single connection (better-sqlite3) recover by themselves; the client only has to try again.
 */

/** Node socket errors of a connection that is refused, cut or timed out. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (shutdown / cannot connect now), 53300. */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);

/** SQLite codes of a database locked longer than busy_timeout. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);

/** node-postgres errors that carry no code, recognised by their fixed messages. */
const PG_MESSAGES = [
  /^Connection terminated/i,
  /^timeout exceeded when trying to connect/i,
  /^Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /^Cannot use a pool after calling end on the pool/i,
];

/** Seconds a client should wait before trying again after a 503 for an unreachable database. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Whether the error (or its cause, or one of an AggregateError's errors) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || PG_CODES.has(e.code))) return true;
  if (typeof e.code === 'string' && SQLITE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return e.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1);
}

/** Whether a query failed on a unique index (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
