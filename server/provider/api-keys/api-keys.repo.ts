/**
 * The API keys' rows (issue 52): keys by their secret's hash (the current one, or the one before a
 * rotation within its overlap), the list, a new key, a rotation, a revocation; and the one row of the
 * configuration's merchant key.
 */
import type { ApiKeyScope } from '#contract/api-key-rules';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db';
import type { ApiKeyTable } from '../../db/schema';

export type ApiKeyRow = Selectable<ApiKeyTable>;

/** The key that is not revoked whose secret, or whose previous secret until `now`, hashes to `hash`. */
export function keyByHash(db: Database, hash: Buffer, now: Date): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('secret_hash', '=', hash), eb.and([eb('previous_hash', '=', hash), eb('previous_until', '>', now)])]))
    .executeTakeFirst();
}

/** Every key, newest first. */
export function listKeys(db: Database): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().orderBy('id', 'desc').execute();
}

/** The key's row, locked for a rotation or a revocation. */
export function lockKey(trx: Database, id: number): Promise<ApiKeyRow | undefined> {
  return trx.selectFrom('api_keys').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** One creation of a key at a time (an advisory lock, for the transaction): two at once count each other. */
export async function lockKeyCreation(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('api_keys'))`.execute(trx);
}

/** How many keys are not revoked. */
export async function countLiveKeys(db: Database): Promise<number> {
  const { n } = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertKey(
  trx: Database,
  k: { name: string; scopes: ApiKeyScope[]; shown: string; hash: Buffer; createdBy: number; now: Date },
): Promise<ApiKeyRow> {
  return trx
    .insertInto('api_keys')
    .values({ name: k.name, scopes: JSON.stringify(k.scopes), shown: k.shown, secret_hash: k.hash, created_by: k.createdBy, created_at: k.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new secret; the old one works until `previousUntil`. */
export function rotateKey(
  trx: Database,
  id: number,
  k: { shown: string; hash: Buffer; previousHash: Buffer; previousUntil: Date; now: Date },
): Promise<ApiKeyRow> {
  return trx
    .updateTable('api_keys')
    .set({ shown: k.shown, secret_hash: k.hash, previous_hash: k.previousHash, previous_until: k.previousUntil, rotated_at: k.now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function revokeKey(trx: Database, id: number, now: Date): Promise<ApiKeyRow> {
  return trx.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Notes a key's use at `now`, at most once a minute (`last_used_at` is to the minute): a till's calls
 * write the row once a minute, not once a call.
 */
export async function markKeyUsed(db: Database, id: number, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', minuteAgo)]))
    .execute();
}

/**
 * The configuration's merchant key: when a key was turned off (and its hash), and when it was last used.
 * No row (a database emptied of its data, as tests do): never turned off, never used.
 */
export async function legacyKeyState(db: Database) {
  const row = await db.selectFrom('merchant_key_state').select(['turned_off_at', 'turned_off_hash', 'last_used_at']).executeTakeFirst();
  return row ?? { turned_off_at: null, turned_off_hash: null, last_used_at: null };
}

/** The one row, made when missing (its columns as `set`), else changed by `set` (only when last used before `usedBefore`, if given). */
async function upsertKeyState(
  db: Database,
  set: Partial<{ turned_off_at: Date; turned_off_hash: Buffer; last_used_at: Date }>,
  usedBefore?: Date,
): Promise<void> {
  await db
    .insertInto('merchant_key_state')
    .values(set)
    .onConflict((oc) => {
      const update = oc.column('id').doUpdateSet(set);
      return usedBefore
        ? update.where((eb) => eb.or([eb('merchant_key_state.last_used_at', 'is', null), eb('merchant_key_state.last_used_at', '<', usedBefore)]))
        : update;
    })
    .execute();
}

/** Notes the configuration's merchant key's use, at most once a minute. */
export async function markLegacyUsed(db: Database, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await upsertKeyState(db, { last_used_at: now }, minuteAgo);
}

/** Turns the configuration's merchant key (by its hash) off; answers the state. */
export async function turnLegacyOff(trx: Database, hash: Buffer, now: Date) {
  await upsertKeyState(trx, { turned_off_at: now, turned_off_hash: hash });
  return legacyKeyState(trx);
}
