import { sql } from 'kysely';
import type { Database } from '../../db';
import { DAY, SECOND } from '../../lib/clock';
import { AppError, type Words } from './errors';

/** The advisory lock's class for counting uses (one lock per scope and key). */
const LOCK_USE_COUNT = 79_341;

export interface UseLimit {
  /** what is counted ('pass-download', 'staff-forgot' …): each scope counts apart */
  scope: string;
  /** at most this many uses … */
  limit: number;
  /** … in this window (at most a day: older rows are purged) */
  windowMs: number;
  /** the 429's message (a descriptor of i18n/errors.ts when a customer can meet it) */
  message: Words;
}

/** 429 RATE_LIMITED with Retry-After (whole seconds, at least 1). */
export function rateLimited(retryAfterSeconds: number, message: Words): AppError {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('RATE_LIMITED', message, undefined, { retry_after: s }, { 'Retry-After': String(s) });
}

/**
 * Counts one use of `rule.scope` by `key` (a client's key, see auth/client-key.ts, or `customer:<id>`),
 * or refuses it with 429 once `key` made `rule.limit` uses in the window, however many instances serve
 * it: the count is read and written under an advisory lock per scope and key, so uses at once are
 * counted one at a time, and nothing else is done for a refused use.
 */
export async function countUse(db: Database, rule: UseLimit, key: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - rule.windowMs);
  const oldest = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_USE_COUNT}::int4, hashtext(${`${rule.scope}:${key}`}))`.execute(trx);
    const counted = await usesInWindow(trx, rule, key, since);
    if (Number(counted.n) >= rule.limit) return counted.oldest ? new Date(counted.oldest) : now;
    await trx.insertInto('use_counts').values({ scope: rule.scope, key, at: now }).execute();
    return null;
  });
  if (oldest) throw refusal(rule, oldest, now);
}

/** How many uses `key` made of `rule.scope` since `since`, and when the oldest of them was. */
function usesInWindow(db: Database, rule: UseLimit, key: string, since: Date) {
  return db
    .selectFrom('use_counts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')])
    .where('scope', '=', rule.scope)
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
}

/** 429 until the oldest use counted leaves the window. */
const refusal = (rule: UseLimit, oldest: Date, now: Date) => rateLimited((oldest.getTime() + rule.windowMs - now.getTime()) / SECOND, rule.message);

/**
 * Refuses with 429 (as countUse would) when `key` made `rule.limit` uses of `rule.scope` in the window,
 * counting nothing: a call that counts only some of its uses (a wrong guess, not a right one) refuses
 * every use while the limit is reached, so a refusal tells nothing of what was guessed.
 */
export async function assertUnderLimit(db: Database, rule: UseLimit, key: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - rule.windowMs);
  const counted = await usesInWindow(db, rule, key, since);
  if (Number(counted.n) < rule.limit) return;
  throw refusal(rule, counted.oldest ? new Date(counted.oldest) : now, now);
}

/** Deletes counted uses older than a day (no window is longer): the hourly job. */
export async function purgeUseCounts(db: Database, now: Date): Promise<number> {
  const r = await db
    .deleteFrom('use_counts')
    .where('at', '<', new Date(now.getTime() - DAY))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
