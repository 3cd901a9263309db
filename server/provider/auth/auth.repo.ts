import { sql } from 'kysely';
import type { Database } from '../../db';
import { DAY, HOUR } from '../../lib/clock';
import type { OtpPurpose } from '#contract';

/** Advisory-lock classes (two-key form, so phone and address keys never collide). */
const LOCK_OTP_PHONE = 71_001;
const LOCK_OTP_IP = 71_002;
const LOCK_GOOGLE_ACCOUNT = 71_003;
const LOCK_EMAIL_CODES = 71_004;
const LOCK_CODE_TRIES = 71_005;

/**
 * Serialises OTP issuing per phone and per client address for the rest of the transaction, so the
 * rate-limit check and the insert cannot interleave. Always phone first, then address: one order, no deadlock.
 */
export async function lockOtpIssuing(trx: Database, phone: string, clientIp: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_OTP_PHONE}::int4, hashtext(${phone}))`.execute(trx);
  await sql`select pg_advisory_xact_lock(${LOCK_OTP_IP}::int4, hashtext(${clientIp}))`.execute(trx);
}

export interface IssueStats {
  /** when the last code for this phone was made (any purpose), or null */
  lastAt: Date | null;
  /** codes for this phone since `since`, and the oldest of them */
  phoneCount: number;
  phoneOldest: Date | null;
  /** codes for this address since `since`, and the oldest of them */
  ipCount: number;
  ipOldest: Date | null;
}

export async function otpIssueStats(trx: Database, phone: string, clientIp: string, since: Date): Promise<IssueStats> {
  const last = await trx.selectFrom('otp_codes').select('created_at').where('phone', '=', phone).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  const byPhone = await trx
    .selectFrom('otp_codes')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('phone', '=', phone)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const byIp = await trx
    .selectFrom('otp_codes')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('client_ip', '=', clientIp)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return {
    lastAt: last?.created_at ?? null,
    phoneCount: Number(byPhone.n),
    phoneOldest: byPhone.oldest ? new Date(byPhone.oldest) : null,
    ipCount: Number(byIp.n),
    ipOldest: byIp.oldest ? new Date(byIp.oldest) : null,
  };
}

export async function insertOtp(
  trx: Database,
  row: { phone: string; purpose: OtpPurpose; codeHash: string; clientIp: string; now: Date; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('otp_codes')
    .values({ phone: row.phone, purpose: row.purpose, code_hash: row.codeHash, client_ip: row.clientIp, created_at: row.now, expires_at: row.expiresAt })
    .execute();
}

/** The newest code for a phone and purpose: only the last code sent can be used. */
export async function latestOtp(db: Database, phone: string, purpose: OtpPurpose) {
  return db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'expires_at', 'attempts', 'consumed_at'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The tables of one-time codes (phone and e-mail): the same columns for tries, expiry and use. */
export type CodeTable = 'otp_codes' | 'email_codes';

/** Counts one wrong try, atomically; null when the code can no longer be tried (used, expired or out of tries). */
export async function addCodeAttempt(db: Database, table: CodeTable, id: number, now: Date, maxAttempts: number): Promise<number | null> {
  // both tables have these columns; the cast only picks one for the query builder's types
  const row = await db
    .updateTable(table as 'otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row ? row.attempts : null;
}

/** Uses a code, atomically: of any number of concurrent calls, exactly one gets true. */
export async function consumeCode(trx: Database, table: CodeTable, id: number, now: Date, maxAttempts: number): Promise<boolean> {
  const row = await trx
    .updateTable(table as 'otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function insertRegistrationToken(trx: Database, tokenHash: string, phone: string, expiresAt: Date): Promise<void> {
  await trx.insertInto('registration_tokens').values({ token_hash: tokenHash, phone, expires_at: expiresAt }).execute();
}

/** Uses a registration token, atomically; its phone, or null when unknown, used or expired. */
export async function consumeRegistrationToken(trx: Database, tokenHash: string, now: Date): Promise<string | null> {
  const row = await trx
    .updateTable('registration_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('phone')
    .executeTakeFirst();
  return row?.phone ?? null;
}

/**
 * Counts a code entry for a client unless it already made `limit` wrong entries since `since`; under an
 * advisory lock per client, so concurrent entries are counted one at a time. Answers the entry's id (to
 * release it when the code was right), or when refused the oldest counted entry (the limit lifts an hour after it).
 */
export async function reserveCodeTry(
  db: Database,
  clientKey: string,
  now: Date,
  since: Date,
  limit: number,
): Promise<{ id: number } | { blockedUntilOldest: Date | null }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_CODE_TRIES}::int4, hashtext(${clientKey}))`.execute(trx);
    const counted = await trx
      .selectFrom('code_failures')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('client_key', '=', clientKey)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(counted.n) >= limit) return { blockedUntilOldest: counted.oldest ? new Date(counted.oldest) : null };
    const row = await trx.insertInto('code_failures').values({ client_key: clientKey, created_at: now }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/** Takes back a counted entry: the code was right. */
export async function releaseCodeTry(db: Database, id: number): Promise<void> {
  await db.deleteFrom('code_failures').where('id', '=', id).execute();
}

/** One sign-in or link per Google account at a time, so a first sign-in twice at once makes one customer. */
export async function lockGoogleAccount(trx: Database, sub: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_GOOGLE_ACCOUNT}::int4, hashtext(${sub}))`.execute(trx);
}

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

export async function insertSession(trx: Database, row: { tokenHash: string; customerId: number; now: Date; expiresAt: Date }): Promise<void> {
  await trx.insertInto('sessions').values({ token_hash: row.tokenHash, customer_id: row.customerId, created_at: row.now, expires_at: row.expiresAt }).execute();
}

/** Revoking twice changes nothing. */
export async function revokeSessionRow(db: Database, sessionId: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

// ---------------------------------------------------------------------------------------------
// The development outbox
// ---------------------------------------------------------------------------------------------

export async function insertOutbox(
  db: Database,
  row: { phone: string | null; email: string | null; subject: string | null; body: string; html?: string | null; now: Date },
): Promise<void> {
  await db
    .insertInto('dev_outbox')
    .values({ phone: row.phone, email: row.email, subject: row.subject, body: row.body, html: row.html ?? null, created_at: row.now })
    .execute();
}

/** The newest messages to a phone number or an e-mail address (`byEmail`). */
export async function outboxRows(db: Database, recipient: { byEmail: boolean; to: string }, limit: number) {
  return db
    .selectFrom('dev_outbox')
    .select(['id', 'phone', 'email', 'subject', 'body', 'html', 'created_at'])
    .where(recipient.byEmail ? 'email' : 'phone', '=', recipient.to)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Housekeeping
// ---------------------------------------------------------------------------------------------

/**
 * Codes, registration tokens and sessions long past use; development outbox messages after an hour
 * (they hold codes in clear); spent e-mail codes and counts of wrong entries once the hour their limits
 * look back on is over.
 */
export async function purgeAuthRows(db: Database, now: number): Promise<void> {
  const hourAgo = new Date(now - HOUR);
  await db.deleteFrom('dev_outbox').where('created_at', '<', hourAgo).execute();
  await db
    .deleteFrom('email_codes')
    .where('created_at', '<', hourAgo)
    .where((eb) => eb.or([eb('consumed_at', 'is not', null), eb('expires_at', '<', new Date(now))]))
    .execute();
  await db.deleteFrom('code_failures').where('created_at', '<', hourAgo).execute();
  await db
    .deleteFrom('otp_codes')
    .where('created_at', '<', new Date(now - 2 * DAY))
    .execute();
  await db
    .deleteFrom('registration_tokens')
    .where('expires_at', '<', new Date(now - DAY))
    .execute();
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<', new Date(now - 30 * DAY))
    .execute();
  await purgeGuests(db, new Date(now - 2 * DAY), new Date(now));
}

/**
 * Guests at a table (tables/guests.ts) once nothing can use them: their sessions once ended (4 hours);
 * the guests themselves once their orders' day to be claimed is over (`before`, two days back, leaves
 * room for the session and the day): the row stays for what names it (orders, payments, notices), its
 * first name erased there and on the orders nobody claimed, as the privacy job erases a person.
 */
async function purgeGuests(db: Database, before: Date, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('guest_location_id', 'is not', null).where('expires_at', '<', now).execute();
  const erased = await db
    .updateTable('customers')
    .set({ name: 'Guest', erased_at: now })
    .where('guest_location_id', 'is not', null)
    .where('created_at', '<', before)
    .where('erased_at', 'is', null)
    .returning('id')
    .execute();
  if (erased.length === 0) return;
  await db
    .updateTable('orders')
    .set({ guest_name: 'Guest' })
    .where(
      'customer_id',
      'in',
      erased.map((r) => r.id),
    )
    .where('claimed_at', 'is', null)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// E-mail codes
// ---------------------------------------------------------------------------------------------

/** Serialises e-mail code issuing per customer for the rest of the transaction (check, then insert). */
export async function lockEmailCodeIssuing(trx: Database, customerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_EMAIL_CODES}::int4, ${customerId}::int4)`.execute(trx);
}

export interface EmailIssueStats {
  /** when the last code to this address was made for this customer, or null */
  lastToAddressAt: Date | null;
  /** codes for this customer (any address) since `since`, and the oldest of them */
  count: number;
  oldest: Date | null;
}

export async function emailCodeStats(trx: Database, customerId: number, email: string, since: Date): Promise<EmailIssueStats> {
  const last = await trx
    .selectFrom('email_codes')
    .select('created_at')
    .where('customer_id', '=', customerId)
    .where('email', '=', email)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const recent = await trx
    .selectFrom('email_codes')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('customer_id', '=', customerId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return {
    lastToAddressAt: last?.created_at ?? null,
    count: Number(recent.n),
    oldest: recent.oldest ? new Date(recent.oldest) : null,
  };
}

export async function insertEmailCode(trx: Database, row: { customerId: number; email: string; codeHash: string; now: Date; expiresAt: Date }): Promise<void> {
  await trx
    .insertInto('email_codes')
    .values({ customer_id: row.customerId, email: row.email, code_hash: row.codeHash, created_at: row.now, expires_at: row.expiresAt })
    .execute();
}

/** The customer's newest code: only the last code sent can be used. */
export async function latestEmailCode(db: Database, customerId: number) {
  return db
    .selectFrom('email_codes')
    .select(['id', 'email', 'code_hash', 'expires_at', 'attempts', 'consumed_at'])
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A deletion waiting out its cooling-off period, called off (the customer signed in again); false: none was waiting. */
export async function callOffDeletion(trx: Database, customerId: number): Promise<boolean> {
  const row = await trx
    .updateTable('customers')
    .set({ deletion_requested_at: null, erase_after: null, deletion_requested_by: null })
    .where('id', '=', customerId)
    .where('erase_after', 'is not', null)
    .where('erased_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}
