import { errorEnvelope, type Envelope } from '#contract';
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from '#contract/languages';
import { type Expression, sql } from 'kysely';
import type { Database } from '../../db';
import { keptStatement } from '../../db/kept';
import { sha256Hex } from '../../lib/signature';
import type { Clock } from '../../lib/clock';
import { AppError } from './errors';
import { errors } from '../i18n/errors';
import { fieldsIn } from '../i18n/field-words';

/** What an idempotent call answered: the contract's envelope, kept to be replayed as it was. */
export type StoredAnswer<T = unknown> = Envelope<T>;

/** A key an older instance left in progress (committed before its effect) longer than this may be taken over by a retry. */
const STALE_MS = 60_000;

/** Canonical JSON (sorted keys) of the body without its idempotency key: what "the same body" means. */
export function requestHash(body: Record<string, unknown>): string {
  const { idempotency_key: _omit, ...rest } = body;
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
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

/** The key claimed, in progress: its row, or none when it is taken (one statement per call, kept: keptStatement). */
const claim = keptStatement((v: { customer_id: number; scope: string; key: string; request_hash: string; now: Date }, db) =>
  db
    .insertInto('idempotency_keys')
    .values({
      customer_id: v.customer_id,
      scope: v.scope,
      key: v.key,
      request_hash: v.request_hash,
      state: 'in_progress',
      created_at: v.now,
      updated_at: v.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('key'),
);

/**
 * Runs `effect` at most once per (customer, scope, key). The key is claimed inside the effect's own
 * transaction, which also marks it done with its answer: "key taken", "effect happened" and "answer
 * stored" commit together or not at all. A failure that rolls the effect back (the database going away
 * included) takes the claim back with it, so the key is free for a retry at once, with nothing to clean
 * up afterwards. A repeat with the same body waits for the first to commit and replays its answer (or
 * runs, when the first rolled back); another body → 422; still waiting after the lock timeout → 409.
 * Business refusals (4xx) are stored and replayed too: the envelope as first answered (in English), with
 * its words in each language the app ships, so a replay speaks `language`, the replaying request's.
 */
export async function idempotent<T>(
  db: Database,
  clock: Clock,
  scope: { customerId: number; scope: string; key: string; body: Record<string, unknown>; language?: Language },
  effect: (trx: Database, key: OnceKey) => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T>> {
  const hash = requestHash(scope.body);
  const once = new OnceKey(scope.customerId, scope.scope, scope.key, clock);
  const finish = (trx: Database, answer: StoredAnswer<unknown>) => once.storing(trx, answer.status, JSON.stringify(answer)).execute();
  const row = { customer_id: scope.customerId, scope: scope.scope, key: scope.key, request_hash: hash };

  try {
    return await db.transaction().execute(async (trx) => {
      const now = clock.now();
      // a key another transaction holds uncommitted: this insert waits for it to commit or roll back
      const claimed = await claim(trx, { ...row, now })
        .then(({ rows }) => rows[0])
        .catch((err: unknown) => {
          if ((err as { code?: string }).code === LOCK_NOT_AVAILABLE) throw inProgress();
          throw err;
        });
      if (!claimed) {
        const stored = await alreadyClaimed(trx, { ...scope, language: scope.language ?? SOURCE_LANGUAGE }, hash, now);
        if (stored) return stored as StoredAnswer<T>;
      }
      const answer = await effect(trx, once);
      if (!once.isStored) await finish(trx, answer);
      return answer;
    });
  } catch (err) {
    if (err instanceof AppError && err.status >= 400 && err.status < 500 && !err.code.startsWith('IDEMPOTENCY')) {
      // the refusal's transaction rolled back with its claim: the refusal is kept as the key's answer,
      // unless a retry already took the key meanwhile (its own answer stands)
      const answer: StoredAnswer<unknown> = errorEnvelope(err.code, err.message, { fields: err.fields, data: err.data });
      // its words in each language (a plain English string has none: it stays English)
      const words = typeof err.words === 'string' ? null : JSON.stringify(Object.fromEntries(LANGUAGES.map((l) => [l, err.wordedIn(l)])));
      const now = clock.now();
      await db
        .insertInto('idempotency_keys')
        .values({
          ...row,
          state: 'done',
          response_status: answer.status,
          response_body: JSON.stringify(answer),
          refusal_words: words,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    throw err;
  }
}

/** SQLSTATE lock_not_available: lock_timeout ran out (DB_LOCK_TIMEOUT_MS). */
const LOCK_NOT_AVAILABLE = '55P03';

const inProgress = () => new AppError('IDEMPOTENCY_IN_PROGRESS', errors.inProgress);

/**
 * The key is another request's, committed: its stored answer to replay (a refusal worded in `language`), or undefined when this
 * transaction took over a claim left in progress (only an older instance, which committed its claim
 * before the effect, leaves one; a claim older than STALE_MS was a process that died).
 */
async function alreadyClaimed(
  trx: Database,
  scope: { customerId: number; scope: string; key: string; language: Language },
  hash: string,
  now: Date,
): Promise<StoredAnswer | undefined> {
  const row = await trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('customer_id', '=', scope.customerId)
    .where('scope', '=', scope.scope)
    .where('key', '=', scope.key)
    .executeTakeFirst();
  if (!row) throw inProgress();
  if (row.request_hash !== hash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This idempotency key was already used for a different request.', {
      idempotency_key: 'was used with a different body',
    });
  }
  if (row.state === 'done') return replayed(row.response_body as StoredAnswer, row.refusal_words, scope.language);
  if (now.getTime() - row.updated_at.getTime() <= STALE_MS) throw inProgress();
  const taken = await trx
    .updateTable('idempotency_keys')
    .set({ updated_at: now })
    .where('customer_id', '=', scope.customerId)
    .where('scope', '=', scope.scope)
    .where('key', '=', scope.key)
    .where('state', '=', 'in_progress')
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw inProgress();
  return undefined;
}

/**
 * A stored answer as replayed: a refusal's message in `language` when its words were kept in it, and its fields' problems
 * worded as sendError words them (kept as the English fragments); anything else as it was stored.
 */
function replayed(answer: StoredAnswer, words: Record<string, string> | null, language: Language): StoredAnswer {
  const message = words?.[language] ?? answer.message;
  const error = answer.error?.fields ? { ...answer.error, fields: fieldsIn(language, answer.error.fields)! } : answer.error;
  return answer.error ? { ...answer, message, error: error! } : answer;
}

/** Keys are kept 24 hours; the hourly job removes older ones. */
export async function purgeIdempotencyKeys(db: Database, clock: Clock): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`${clock.now()}::timestamptz - interval '24 hours'`)
    .execute();
}
