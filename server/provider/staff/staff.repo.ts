import { sql, type ExpressionBuilder } from 'kysely';
import type { StaffMember, StaffRole } from '#contract/staff';
import type { Database } from '../../db';
import type { AuditActor, DB } from '../../db/schema';

/** Advisory-lock classes (two-key form; auth/ uses 71xxx). */
const LOCK_STAFF_EMAIL = 72_001;
const LOCK_OWNERS = 72_002;
const LOCK_LOGIN_ACCOUNT = 72_003;
const LOCK_LOGIN_CLIENT = 72_004;

type StaffRow = { id: number; email: string; name: string; role: StaffRole; created_at: Date; location_ids: number[] };

export function staffMember(row: StaffRow): StaffMember {
  return { id: row.id, name: row.name, email: row.email, role: row.role, created_at: row.created_at.toISOString(), location_ids: row.location_ids };
}

/** The locations a member works at, read with their row (none listed: every location). */
const LOCATION_IDS = sql<
  number[]
>`coalesce((select json_agg(sl.location_id order by sl.location_id) from staff_locations sl where sl.staff_id = staff.id), '[]'::json)`.as('location_ids');
const PUBLIC_COLUMNS = ['id', 'email', 'name', 'role', 'created_at', LOCATION_IDS] as const;

/** One staff account per address at a time: creating one holds this lock for the rest of the transaction. */
export async function lockStaffEmail(trx: Database, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_STAFF_EMAIL}::int4, hashtext(${email}))`.execute(trx);
}

/** Changes that could leave the shop without an owner (a role change, a removal) take turns. */
export async function lockOwners(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_OWNERS}::int4, 0)`.execute(trx);
}

export async function findLiveStaffByEmail(db: Database, email: string) {
  return db
    .selectFrom('staff')
    .select([...PUBLIC_COLUMNS, 'password_hash'])
    .where('email', '=', email)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export async function insertStaff(trx: Database, row: { email: string; name: string; role: StaffRole; passwordHash: string; now: Date }): Promise<StaffRow> {
  return trx
    .insertInto('staff')
    .values({ email: row.email, name: row.name, role: row.role, password_hash: row.passwordHash, created_at: row.now })
    .returning([...PUBLIC_COLUMNS])
    .executeTakeFirstOrThrow();
}

export async function getLiveStaff(db: Database, id: number): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .select([...PUBLIC_COLUMNS])
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export async function lockLiveStaff(trx: Database, id: number): Promise<StaffRow | undefined> {
  return trx
    .selectFrom('staff')
    .select([...PUBLIC_COLUMNS])
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function listLiveStaff(db: Database): Promise<StaffRow[]> {
  return db
    .selectFrom('staff')
    .select([...PUBLIC_COLUMNS])
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The locations a staff member works at; empty: every location. */
export async function staffLocationIds(db: Database, staffId: number): Promise<number[]> {
  const rows = await db.selectFrom('staff_locations').select('location_id').where('staff_id', '=', staffId).orderBy('location_id').execute();
  return rows.map((r) => r.location_id);
}

/** A member's locations replaced by these (none: every location). */
export async function setStaffLocations(trx: Database, staffId: number, locationIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('staff_locations').where('staff_id', '=', staffId).execute();
  if (locationIds.length > 0)
    await trx
      .insertInto('staff_locations')
      .values(locationIds.map((location_id) => ({ staff_id: staffId, location_id })))
      .execute();
}

/** The names of these locations, by id (an id that is no location is missing). */
export async function locationNames(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function countOwners(trx: Database): Promise<number> {
  const row = await trx
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
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

type LinkKind = 'setup' | 'invite' | 'reset';

export async function insertStaffLink(
  trx: Database,
  row: { tokenHash: string; kind: LinkKind; role: StaffRole; email: string | null; createdBy: number | null; staffId?: number; now: Date; expiresAt: Date },
): Promise<number> {
  const r = await trx
    .insertInto('staff_links')
    .values({
      token_hash: row.tokenHash,
      kind: row.kind,
      role: row.role,
      email: row.email,
      created_by: row.createdBy,
      staff_id: row.staffId ?? null,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * The links that can be used now: unused, unrevoked, unexpired, and still backed by their maker: an
 * owner link only while its maker is a live owner, a staff link while its maker is on the team. A link
 * the operator made (set-up) has no maker; a reset link is for a live account.
 */
function honoured(db: Database, now: Date) {
  return db
    .selectFrom('staff_links as l')
    .leftJoin('staff as maker', 'maker.id', 'l.created_by')
    .leftJoin('staff as member', 'member.id', 'l.staff_id')
    .where('l.used_at', 'is', null)
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', now)
    .where((eb) =>
      eb.or([
        eb('l.created_by', 'is', null),
        eb.and([eb('maker.removed_at', 'is', null), eb.or([eb('l.role', '=', 'staff'), eb('maker.role', '=', 'owner')])]),
      ]),
    )
    .where((eb) => eb.or([eb('l.kind', '<>', 'reset'), eb.and([eb('member.id', 'is not', null), eb('member.removed_at', 'is', null)])]));
}

/** A link that could be used now, with what its page shows (read only: consumeStaffLink decides). */
export async function usableStaffLink(db: Database, tokenHash: string, kind: LinkKind, now: Date) {
  return honoured(db, now)
    .select(['l.id', 'l.kind', 'l.role', 'l.email', 'l.expires_at', 'maker.name as maker_name', 'member.email as member_email'])
    .where('l.token_hash', '=', tokenHash)
    .where('l.kind', '=', kind)
    .executeTakeFirst();
}

/** Any link by its secret, whatever its kind, if it could be used now (its page asks what it is for). */
export async function usableLinkOfAnyKind(db: Database, tokenHash: string, now: Date) {
  return honoured(db, now)
    .select(['l.id', 'l.kind', 'l.role', 'l.email', 'l.expires_at', 'maker.name as maker_name', 'member.email as member_email'])
    .where('l.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Uses a link, atomically: of any number of concurrent uses, exactly one gets its row; a link that is
 * not honoured (unknown, used, revoked, expired, its maker removed or no longer an owner): null. The
 * maker's row is read under a share lock, so a removal or demotion running at the same moment either
 * ends first (and revoked the link: this finds nothing) or waits for this use to commit.
 */
export async function consumeStaffLink(trx: Database, tokenHash: string, kind: LinkKind, now: Date) {
  const link = await trx.selectFrom('staff_links').select(['id', 'created_by']).where('token_hash', '=', tokenHash).where('kind', '=', kind).executeTakeFirst();
  if (!link) return undefined;
  if (link.created_by !== null) await trx.selectFrom('staff').select('id').where('id', '=', link.created_by).forShare().execute();
  const ok = await honoured(trx, now).select('l.id').where('l.id', '=', link.id).executeTakeFirst();
  if (!ok) return undefined;
  return trx
    .updateTable('staff_links')
    .set({ used_at: now })
    .where('id', '=', link.id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(['id', 'role', 'email', 'created_by', 'staff_id'])
    .executeTakeFirst();
}

/** Revokes every unused link a member made (their removal, demotion, sign-out everywhere); answers how many. */
export async function revokeLinksMadeBy(trx: Database, makerId: number, by: number | null, now: Date): Promise<number> {
  const r = await trx
    .updateTable('staff_links')
    .set({ revoked_at: now, revoked_by: by })
    .where('created_by', '=', makerId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Revokes a member's own unused reset links (a new password, a removal). */
export async function revokeResetLinksOf(trx: Database, staffId: number, now: Date): Promise<void> {
  await trx
    .updateTable('staff_links')
    .set({ revoked_at: now })
    .where('kind', '=', 'reset')
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Invitations that would be honoured now, newest first, with their maker. */
export async function listPendingInvites(db: Database, now: Date) {
  return honoured(db, now)
    .select(['l.id', 'l.role', 'l.email', 'l.created_at', 'l.expires_at', 'maker.id as maker_id', 'maker.name as maker_name'])
    .where('l.kind', '=', 'invite')
    .orderBy('l.id', 'desc')
    .execute();
}

/** Revokes one pending invitation; answers it as it was, or undefined when there is no such pending one. */
export async function revokeInvite(trx: Database, id: number, by: number, now: Date) {
  return trx
    .updateTable('staff_links')
    .set({ revoked_at: now, revoked_by: by })
    .where('id', '=', id)
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'role', 'email', 'expires_at'])
    .executeTakeFirst();
}

/** Reset links made for an address since `since` (at most a few an hour: each one is an e-mail). */
export async function countResetLinks(db: Database, email: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('staff_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'reset')
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function setStaffPassword(trx: Database, id: number, passwordHash: string): Promise<void> {
  await trx.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** Ends every session of a staff member but one (a password changed in that one). */
export async function revokeOtherSessions(db: Database, staffId: number, keep: number, now: Date): Promise<number> {
  const r = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('id', '<>', keep)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// sign-in failures: counted per account, per client and per pair of them, in the database so every instance shares them

export interface LoginCounts {
  /** failures of this account from this client since the window began, and the latest of them */
  pair: number;
  pairLatest: Date | null;
  /** tries of this account from anywhere that failed or were refused */
  account: number;
  /** failures from this client on any account, and the oldest of them */
  client: number;
  clientOldest: Date | null;
}

/**
 * Counts one sign-in try unless `refuse` (given the counts so far) says when it may come back. Under
 * advisory locks, account first, then client: one order, no deadlock; two tries of one pair never both
 * see the count before the other. Answers the try's id (taken back when the password was right) with
 * the counts including it, or the time to wait. A refused try is kept too while the account has fewer
 * than `keepRefusedBelow` (its attackers show, and a flood of refusals writes a bounded number of rows).
 */
export async function reserveLoginTry(
  db: Database,
  keys: { account: string; client: string },
  now: Date,
  since: Date,
  refuse: (c: LoginCounts) => number | null,
  keepRefusedBelow: number,
): Promise<{ id: number; counts: LoginCounts } | { retryAfterMs: number; counts: LoginCounts }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_LOGIN_ACCOUNT}::int4, hashtext(${keys.account}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(${LOCK_LOGIN_CLIENT}::int4, hashtext(${keys.client}))`.execute(trx);
    const base = () => trx.selectFrom('staff_login_failures').where('created_at', '>', since);
    const stats = (q: ReturnType<typeof base>) =>
      q
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest'), eb.fn.max('created_at').as('latest')])
        .executeTakeFirstOrThrow();
    const pair = await stats(base().where('account_key', '=', keys.account).where('client_key', '=', keys.client).where('refused', '=', false));
    const account = await stats(base().where('account_key', '=', keys.account));
    const client = await stats(base().where('client_key', '=', keys.client).where('refused', '=', false));
    const counts: LoginCounts = {
      pair: Number(pair.n),
      pairLatest: pair.latest ? new Date(pair.latest) : null,
      account: Number(account.n),
      client: Number(client.n),
      clientOldest: client.oldest ? new Date(client.oldest) : null,
    };
    const wait = refuse(counts);
    if (wait !== null) {
      if (counts.account >= keepRefusedBelow) return { retryAfterMs: wait, counts };
      await trx.insertInto('staff_login_failures').values({ account_key: keys.account, client_key: keys.client, created_at: now, refused: true }).execute();
      return { retryAfterMs: wait, counts: { ...counts, account: counts.account + 1 } };
    }
    const row = await trx
      .insertInto('staff_login_failures')
      .values({ account_key: keys.account, client_key: keys.client, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, counts: { ...counts, pair: counts.pair + 1, account: counts.account + 1, client: counts.client + 1 } };
  });
}

export async function releaseLoginTry(db: Database, id: number): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('id', '=', id).execute();
}

// the audit log

export async function insertAudit(
  trx: Database,
  row: { staffId: number | null; actor?: AuditActor; action: string; target: string | null; before: unknown; after: unknown; now: Date },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      staff_id: row.staffId,
      actor: row.actor ?? (row.staffId === null ? 'operator' : 'staff'),
      action: row.action,
      target: row.target,
      before: row.before === null || row.before === undefined ? null : JSON.stringify(row.before),
      after: row.after === null || row.after === undefined ? null : JSON.stringify(row.after),
      created_at: row.now,
    })
    .execute();
}

/** A change made with the merchant key (a point-of-sale system): the machine's, no staff member's, with what it sent. */
export function insertMachineAudit(trx: Database, row: { action: string; target: string; after: unknown; now: Date }): Promise<void> {
  return insertAudit(trx, { staffId: null, actor: 'machine', before: null, ...row });
}

/**
 * A look-up in the activity log, where a burst of them is one entry: a staff member's searches (typed
 * letter by letter, asked 300 ms after each pause) within `mergeMs` of their last one update it to the
 * latest words rather than add an entry each.
 */
export async function recordLookup(
  db: Database,
  row: { staffId: number; action: string; target: string | null; after: unknown; now: Date },
  mergeMs: number,
): Promise<void> {
  const last = await db
    .selectFrom('audit_log')
    .select(['id', 'action', 'target', 'created_at'])
    .where('staff_id', '=', row.staffId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last && last.action === row.action && last.target === row.target && row.now.getTime() - last.created_at.getTime() < mergeMs) {
    await db
      .updateTable('audit_log')
      .set({ after: JSON.stringify(row.after), created_at: row.now })
      .where('id', '=', last.id)
      .execute();
    return;
  }
  await insertAudit(db, { staffId: row.staffId, action: row.action, target: row.target, before: null, after: row.after, now: row.now });
}

/** Whether an entry of `action` on `target` was written since `since` (one warning per window, not one per try). */
export async function auditSince(db: Database, action: string, target: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', action)
    .where('target', '=', target)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Boolean(row);
}

export interface AuditFilter {
  /** a staff member: what they did, and what was done to their account (staff:<id>) */
  staffId?: number;
  machine?: boolean;
  /** action prefixes (ACTIVITY_KINDS) */
  prefixes?: readonly string[];
  /** instants: from included, to excluded */
  from?: Date;
  to?: Date;
}

export async function listAudit(db: Database, limit: number, offset: number, f: AuditFilter = {}) {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('staff as st', 'st.id', 'a.staff_id')
    .select([
      'a.id',
      'a.actor',
      'a.action',
      'a.target',
      'a.before',
      'a.after',
      'a.created_at',
      'st.id as staff_id',
      'st.name as staff_name',
      'st.email as staff_email',
    ]);
  if (f.staffId !== undefined) {
    const staffId = f.staffId;
    q = q.where((eb) => eb.or([eb('a.staff_id', '=', staffId), eb('a.target', '=', `staff:${staffId}`)]));
  }
  if (f.machine) q = q.where('a.actor', '=', 'machine');
  if (f.prefixes) {
    const prefixes = f.prefixes;
    q = q.where((eb) => eb.or(prefixes.map((p) => eb('a.action', 'like', `${p.replace(/[%_\\]/g, '\\$&')}%`))));
  }
  if (f.from) q = q.where('a.created_at', '>=', f.from);
  if (f.to) q = q.where('a.created_at', '<', f.to);
  return q.orderBy('a.id', 'desc').limit(limit).offset(offset).execute();
}

/** The instant a merchant's day ('YYYY-MM-DD') begins in its time zone. */
export async function dayStart(db: Database, day: string, timeZone: string): Promise<Date> {
  const { rows } = await sql<{ start: Date }>`select (${day}::date::timestamp at time zone ${timeZone}) as start`.execute(db);
  return new Date(rows[0]!.start);
}

/**
 * The housekeeping's deletes (activity.service's purgeStaffLeftovers): sign-in failures and the counter's
 * unknown codes older than `dayAgo`, links and share-preview links expired before it, and staff sessions
 * revoked before it, idle since `idleSince` or begun before `begunBefore`.
 */
export async function purgeEnded(db: Database, o: { dayAgo: Date; idleSince: Date; begunBefore: Date }): Promise<void> {
  await db.deleteFrom('staff_login_failures').where('created_at', '<', o.dayAgo).execute();
  await db.deleteFrom('counter_code_failures').where('created_at', '<', o.dayAgo).execute();
  await db.deleteFrom('staff_links').where('expires_at', '<', o.dayAgo).execute();
  await db.deleteFrom('theme_preview_links').where('expires_at', '<', o.dayAgo).execute();
  const ended = (eb: ExpressionBuilder<DB, 'staff_sessions'>) =>
    eb.or([eb('revoked_at', '<', o.dayAgo), eb('last_seen_at', '<', o.idleSince), eb('created_at', '<', o.begunBefore)]);
  await db
    .deleteFrom('counter_code_failures')
    .where('session_id', 'in', (eb) => eb.selectFrom('staff_sessions').select('id').where(ended))
    .execute();
  await db.deleteFrom('staff_sessions').where(ended).execute();
}

/** The owners' addresses: the e-mails that tell them something at once (a webhook switched off, a low rating). */
export const ownerEmails = async (db: Database) =>
  (await db.selectFrom('staff').select('email').where('role', '=', 'owner').where('removed_at', 'is', null).execute()).map((r) => r.email);
