import { sql } from 'kysely';
import type { StaffMember, StaffRole } from '#contract/merchant';
import type { Database } from '../../db';

/** Advisory-lock classes (two-key form; auth/ uses 71xxx). */
const LOCK_STAFF_EMAIL = 72_001;
const LOCK_OWNERS = 72_002;
const LOCK_LOGIN_ACCOUNT = 72_003;
const LOCK_LOGIN_CLIENT = 72_004;

type StaffRow = { id: number; email: string; name: string; role: StaffRole; created_at: Date };

export function staffMember(row: StaffRow): StaffMember {
  return { id: row.id, name: row.name, email: row.email, role: row.role, created_at: row.created_at.toISOString() };
}

const PUBLIC_COLUMNS = ['id', 'email', 'name', 'role', 'created_at'] as const;

/** One staff account per address at a time: creating one holds this lock for the rest of the transaction. */
export async function lockStaffEmail(trx: Database, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_STAFF_EMAIL}::int4, hashtext(${email}))`.execute(trx);
}

/** Changes that could leave the shop without an owner (a role change, a removal) take turns. */
export async function lockOwners(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_OWNERS}::int4, 0)`.execute(trx);
}

export async function findLiveStaffByEmail(db: Database, email: string) {
  return db.selectFrom('staff').select([...PUBLIC_COLUMNS, 'password_hash']).where('email', '=', email).where('removed_at', 'is', null).executeTakeFirst();
}

export async function insertStaff(trx: Database, row: { email: string; name: string; role: StaffRole; passwordHash: string; now: Date }): Promise<StaffRow> {
  return trx
    .insertInto('staff')
    .values({ email: row.email, name: row.name, role: row.role, password_hash: row.passwordHash, created_at: row.now })
    .returning([...PUBLIC_COLUMNS])
    .executeTakeFirstOrThrow();
}

export async function getLiveStaff(db: Database, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').select([...PUBLIC_COLUMNS]).where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst();
}

export async function lockLiveStaff(trx: Database, id: number): Promise<StaffRow | undefined> {
  return trx.selectFrom('staff').select([...PUBLIC_COLUMNS]).where('id', '=', id).where('removed_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function listLiveStaff(db: Database): Promise<StaffRow[]> {
  return db.selectFrom('staff').select([...PUBLIC_COLUMNS]).where('removed_at', 'is', null).orderBy('id').execute();
}

export async function countOwners(trx: Database): Promise<number> {
  const row = await trx.selectFrom('staff').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'owner').where('removed_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setStaffRole(trx: Database, id: number, role: StaffRole): Promise<void> {
  await trx.updateTable('staff').set({ role }).where('id', '=', id).execute();
}

export async function markStaffRemoved(trx: Database, id: number, now: Date): Promise<void> {
  await trx.updateTable('staff').set({ removed_at: now }).where('id', '=', id).where('removed_at', 'is', null).execute();
}

// sessions

export async function insertStaffSession(trx: Database, staffId: number, tokenHash: string, now: Date): Promise<void> {
  await trx.insertInto('staff_sessions').values({ token_hash: tokenHash, staff_id: staffId, created_at: now, last_seen_at: now }).execute();
}

export async function revokeStaffSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db.updateTable('staff_sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a staff member; answers how many were live. */
export async function revokeStaffSessions(db: Database, staffId: number, now: Date): Promise<number> {
  const r = await db.updateTable('staff_sessions').set({ revoked_at: now }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// one-time links

export async function insertStaffLink(
  trx: Database,
  row: { tokenHash: string; kind: 'setup' | 'invite'; role: StaffRole; email: string | null; createdBy: number | null; now: Date; expiresAt: Date },
): Promise<number> {
  const r = await trx
    .insertInto('staff_links')
    .values({ token_hash: row.tokenHash, kind: row.kind, role: row.role, email: row.email, created_by: row.createdBy, created_at: row.now, expires_at: row.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Whether a link could be used now (read only: consumeStaffLink decides). */
export async function usableStaffLink(db: Database, tokenHash: string, kind: 'setup' | 'invite', now: Date): Promise<boolean> {
  const row = await db.selectFrom('staff_links').select('id').where('token_hash', '=', tokenHash).where('kind', '=', kind).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return Boolean(row);
}

/** Uses a link, atomically: of any number of concurrent uses, exactly one gets its row; unknown, used or expired: null. */
export async function consumeStaffLink(trx: Database, tokenHash: string, kind: 'setup' | 'invite', now: Date) {
  return trx
    .updateTable('staff_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'role', 'email', 'created_by'])
    .executeTakeFirst();
}

// sign-in failures: counted per account and per client, in the database so every instance shares them

/**
 * Counts one sign-in try against the account and the client unless either already has `limit` failures
 * since `since` (under advisory locks, account first, then client: one order, no deadlock). Answers the
 * try's id, to take back when the password was right, or when refused the oldest failure that counts.
 */
export async function reserveLoginTry(
  db: Database,
  keys: { account: string; client: string },
  now: Date,
  since: Date,
  limits: { account: number; client: number },
): Promise<{ id: number } | { blockedSince: Date }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_LOGIN_ACCOUNT}::int4, hashtext(${keys.account}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(${LOCK_LOGIN_CLIENT}::int4, hashtext(${keys.client}))`.execute(trx);
    for (const [column, key, limit] of [
      ['account_key', keys.account, limits.account],
      ['client_key', keys.client, limits.client],
    ] as const) {
      const counted = await trx
        .selectFrom('staff_login_failures')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where(column, '=', key)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(counted.n) >= limit) return { blockedSince: counted.oldest ? new Date(counted.oldest) : now };
    }
    const row = await trx.insertInto('staff_login_failures').values({ account_key: keys.account, client_key: keys.client, created_at: now }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

export async function releaseLoginTry(db: Database, id: number): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('id', '=', id).execute();
}

// the audit log

export async function insertAudit(
  trx: Database,
  row: { staffId: number | null; action: string; target: string | null; before: unknown; after: unknown; now: Date },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      staff_id: row.staffId,
      action: row.action,
      target: row.target,
      before: row.before === null || row.before === undefined ? null : JSON.stringify(row.before),
      after: row.after === null || row.after === undefined ? null : JSON.stringify(row.after),
      created_at: row.now,
    })
    .execute();
}

export async function listAudit(db: Database, limit: number, offset: number) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('staff as st', 'st.id', 'a.staff_id')
    .select(['a.id', 'a.action', 'a.target', 'a.before', 'a.after', 'a.created_at', 'st.id as staff_id', 'st.name as staff_name', 'st.email as staff_email'])
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
