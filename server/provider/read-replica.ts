/**
 * Reads that may be a moment behind (the dashboard, the CSV exports) on a read-only replica of the
 * database, when the operator names one (DATABASE_READ_URL), so a busy owner's reports do not load the
 * database that takes the orders. A replica that cannot be reached is not a failure: the read runs on
 * the primary, and the replica is tried again after REPLICA_RETRY_MS.
 */
import type { Database } from '../db';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { ProviderContext } from './context';

export const REPLICA_RETRY_MS = 30_000;

/** The replica's connection, and until when it is left alone after it could not be reached. */
export interface ReadReplica {
  db: Database;
  downUntil: number;
}

/**
 * Runs `read` on the replica, or on the primary when there is none, it is resting, or it cannot be
 * reached now. `canRetry`: whether the read may start again on the primary (a download whose first bytes
 * went out cannot).
 */
export async function onReplica<T>(
  ctx: Pick<ProviderContext, 'db' | 'replica' | 'logger'>,
  read: (db: Database) => Promise<T>,
  canRetry: () => boolean = () => true,
): Promise<T> {
  const replica = ctx.replica;
  if (!replica || Date.now() < replica.downUntil) return read(ctx.db);
  try {
    return await read(replica.db);
  } catch (err) {
    if (!isDatabaseUnavailable(err) || !canRetry()) throw err;
    replica.downUntil = Date.now() + REPLICA_RETRY_MS;
    ctx.logger.warn(
      { message: (err as Error).message },
      `the read replica cannot be reached: the dashboard and exports read the primary for ${REPLICA_RETRY_MS / 1000} s`,
    );
    return read(ctx.db);
  }
}
