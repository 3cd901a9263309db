/**
 * Whether a failure means the database is away for now, not that the request or the code is wrong: the
 * connection refused, reset or ended (a restart, a stop, a crash, a failover), the server shutting down
 * or starting up, read-only (a standby, or `default_transaction_read_only` during a switch-over), or a
 * session limit hit while another instance holds a lock (DB_LOCK_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS).
 * The provider answers such a request 503 PROVIDER_UNAVAILABLE with Retry-After; its transaction rolled
 * back, so a retry is safe.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminated by an administrator, or the server stopping (fast)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '25006', // read_only_sql_transaction
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
]);

const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENOENT']);

const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /Client was closed and is not queryable/i,
  /Connection ended unexpectedly/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') {
    // SQLSTATE class 08: connection exception
    if (/^08[0-9A-Z]{3}$/.test(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_NODE_CODES.has(e.code)) return true;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(e.message as string))) return true;
  // an AggregateError (a host with several addresses, each refused) or a wrapped cause
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}

/** Seconds a client is asked to wait before retrying a request the database could not serve. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
