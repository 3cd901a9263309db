import type { Envelope } from '#contract';
import { type Expression, sql } from 'kysely';
import type { Database } from '../../db';
import { sha256Hex } from '../../lib/signature';
import type { Clock } from '../../lib/clock';
import { AppError } from './errors';

/** What an idempotent call answered: the contract's envelope, kept to be replayed as it was. */
export type StoredAnswer<T = unknown> = Envelope<T>;

/** A key left in progress longer than this (a crashed process) may be taken over by a retry. */
const STALE_MS = 60_000;

/** Canonical JSON (sorted keys) of the body without its idempotency key: what "the same body" means. */
export function requestHash(body: Record<string, unknown>): string {
  const { idempotency_key: _omit, ...rest } = body;
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, canon((v as Record<string, unknown>)[k])]))
        : v;
  return sha256Hex(JSON.stringify(canon(rest)));
}

/**
 * The key an effect runs under (idempotent's). An effect whose last write must come as late as it can
 * (an order's pickup slot, whose row every order at the location waits for) may store its answer in that
 * same statement: `storing` is the UPDATE that marks the key done, for a CTE of it, and `stored()` says
 * it ran, so idempotent sends no statement of its own for it.
 */
export class OnceKey {
  readonly customerId: number;
  readonly scope: string;
  readonly key: string;
  readonly #clock: Clock;
  #stored = false;

  constructor(customerId: number, scope: string, key: string, clock: Clock) {
    this.customerId = customerId;
    this.scope = scope;
    this.key = key;
    this.#clock = clock;
  }

  /** The key marked done with the answer `status` and `body` (the answer's JSON, or an expression of it completed in SQL). */
  storing(db: Database, status: number, body: string | Expression<string>) {
    return db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: status, response_body: body, updated_at: this.#clock.now() })
      .where('customer_id', '=', this.customerId)
      .where('scope', '=', this.scope)
      .where('key', '=', this.key);
  }

  /** The effect's own statement stored its answer (with `storing`), as the effect returns it. */
  stored(): void {
    this.#stored = true;
  }

  get isStored(): boolean {
    return this.#stored;
  }
}

/**
 * Runs `effect` at most once per (customer, scope, key). The effect's own transaction also marks the
 * key done with its answer, so "effect happened" and "answer stored" commit together. A repeat with the
 * same body replays the stored answer; another body → 422; while the first is running → 409.
 * Business refusals (4xx) are stored and replayed too; unexpected failures free the key for a retry.
 */
export async function idempotent<T>(
  db: Database,
  clock: Clock,
  scope: { customerId: number; scope: string; key: string; body: Record<string, unknown> },
  effect: (trx: Database, key: OnceKey) => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T>> {
  const hash = requestHash(scope.body);
  const now = clock.now();
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ customer_id: scope.customerId, scope: scope.scope, key: scope.key, request_hash: hash, state: 'in_progress', created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();

  if (!claimed) {
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('customer_id', '=', scope.customerId)
      .where('scope', '=', scope.scope)
      .where('key', '=', scope.key)
      .executeTakeFirst();
    if (!row) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'This request is still being processed. Please wait a moment.');
    if (row.request_hash !== hash) {
      throw new AppError('IDEMPOTENCY_MISMATCH', 'This idempotency key was already used for a different request.', { idempotency_key: 'was used with a different body' });
    }
    if (row.state === 'done') return row.response_body as StoredAnswer<T>;
    const stale = now.getTime() - row.updated_at.getTime() > STALE_MS;
    if (!stale) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'This request is still being processed. Please wait a moment.');
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ updated_at: now })
      .where('customer_id', '=', scope.customerId)
      .where('scope', '=', scope.scope)
      .where('key', '=', scope.key)
      .where('state', '=', 'in_progress')
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'This request is still being processed. Please wait a moment.');
  }

  const once = new OnceKey(scope.customerId, scope.scope, scope.key, clock);
  const finish = (trx: Database, answer: StoredAnswer<unknown>) => once.storing(trx, answer.status, JSON.stringify(answer)).execute();

  try {
    return await db.transaction().execute(async (trx) => {
      const answer = await effect(trx, once);
      if (!once.isStored) await finish(trx, answer);
      return answer;
    });
  } catch (err) {
    if (err instanceof AppError && err.status >= 400 && err.status < 500 && !err.code.startsWith('IDEMPOTENCY')) {
      const answer: StoredAnswer<unknown> = {
        status: err.status,
        message: err.message,
        data: err.data,
        error: { code: err.code, ...(err.fields ? { fields: err.fields } : {}) },
      };
      await finish(db, answer);
    } else {
      await db
        .deleteFrom('idempotency_keys')
        .where('customer_id', '=', scope.customerId)
        .where('scope', '=', scope.scope)
        .where('key', '=', scope.key)
        .where('state', '=', 'in_progress')
        .execute();
    }
    throw err;
  }
}

/** Keys are kept 24 hours; the hourly job removes older ones. */
export async function purgeIdempotencyKeys(db: Database, clock: Clock): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`${clock.now()}::timestamptz - interval '24 hours'`)
    .execute();
}
