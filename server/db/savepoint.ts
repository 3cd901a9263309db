import { sql } from 'kysely';
import type { Database } from './index';

/**
 * Runs `fn` inside a savepoint of the caller's transaction. When it throws an error `expected` accepts,
 * everything it did is rolled back, the transaction goes on, and the error is answered; any other error
 * is thrown on (the whole transaction fails). `name` is a plain identifier.
 */
export async function inSavepoint<T>(
  trx: Database,
  name: string,
  fn: () => Promise<T>,
  expected: (err: unknown) => boolean,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  await sql`savepoint ${sql.id(name)}`.execute(trx);
  try {
    const value = await fn();
    await sql`release savepoint ${sql.id(name)}`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    if (!expected(error)) throw error;
    await sql`rollback to savepoint ${sql.id(name)}`.execute(trx);
    return { ok: false, error };
  }
}
