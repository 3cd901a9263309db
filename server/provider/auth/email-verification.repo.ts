import { sql } from 'kysely';
import type { Database } from '../../db';

/** Advisory-lock class of e-mail code issuing (per customer); see auth.repo.ts for the others. */
const LOCK_EMAIL_CODES = 71_004;

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

export async function insertEmailCode(
  trx: Database,
  row: { customerId: number; email: string; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
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
