import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db';
import type { WebhookEndpointTable } from '../../db/schema';

/** The SQL of outbound webhooks: endpoints, the outbox's claims and outcomes, and the delivery log. */

export type EndpointRow = Selectable<WebhookEndpointTable>;

export const endpointRows = (db: Database) => db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();

export const countEndpoints = async (db: Database) =>
  Number(
    (
      await db
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const lockEndpoint = (trx: Database, id: number) => trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const findEndpoint = (db: Database, id: number) => db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertEndpoint(
  trx: Database,
  e: { url: string; description: string; events: string[]; enabled: boolean; sealed: string; hint: string; now: Date },
): Promise<EndpointRow> {
  return trx
    .insertInto('webhook_endpoints')
    .values({
      url: e.url,
      description: e.description,
      events: e.events,
      enabled: e.enabled,
      disabled_reason: e.enabled ? null : 'owner',
      disabled_at: e.enabled ? null : e.now,
      sealed_secret: e.sealed,
      secret_hint: e.hint,
      created_at: e.now,
      updated_at: e.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  trx: Database,
  id: number,
  patch: Partial<
    Pick<
      EndpointRow,
      | 'url'
      | 'description'
      | 'events'
      | 'enabled'
      | 'disabled_reason'
      | 'disabled_at'
      | 'sealed_secret'
      | 'secret_hint'
      | 'previous_sealed'
      | 'previous_until'
      | 'updated_at'
    >
  >,
): Promise<EndpointRow> {
  return trx.updateTable('webhook_endpoints').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export const deleteEndpoint = (trx: Database, id: number) => trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();

/** Switches an endpoint off after its failures, once: false when it was off already (another instance did it). */
export async function disableForFailures(trx: Database, id: number, now: Date): Promise<boolean> {
  const res = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: 'failures', disabled_at: now, updated_at: now })
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// The outbox
// ---------------------------------------------------------------------------------------------

export interface ClaimedDelivery {
  id: number;
  endpoint_id: number;
  message_id: string;
  payload: string;
  /** this try's number (1 for the first) */
  attempts: number;
  url: string;
  sealed_secret: string;
  previous_sealed: string | null;
  previous_until: Date | null;
}

/**
 * Takes up to `limit` due deliveries of endpoints that are on (`for update skip locked`: another
 * instance's claim is skipped), moves each a lease ahead and counts the try.
 */
export async function claimDeliveries(trx: Database, now: Date, lease: Date, limit: number): Promise<ClaimedDelivery[]> {
  const due = await trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_at', '<=', now)
    .where('e.enabled', '=', true)
    .orderBy('d.next_at')
    .limit(limit)
    .forUpdate('d')
    .skipLocked()
    .execute();
  if (due.length === 0) return [];
  await trx
    .updateTable('webhook_deliveries')
    .set((eb) => ({ next_at: lease, attempts: eb('attempts', '+', 1) }))
    .where(
      'id',
      'in',
      due.map((d) => d.id),
    )
    .execute();
  return trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.endpoint_id', 'd.message_id', 'd.payload', 'd.attempts', 'e.url', 'e.sealed_secret', 'e.previous_sealed', 'e.previous_until'])
    .where(
      'd.id',
      'in',
      due.map((d) => d.id),
    )
    .orderBy('d.id')
    .execute();
}

export interface AttemptRecord {
  attempt: number;
  at: Date;
  response_status: number | null;
  response_excerpt: string;
  error: string | null;
  duration_ms: number;
}

/** One try's outcome: the log's row, and the delivery delivered, waiting for its next try, or failed. */
export async function recordAttempt(
  trx: Database,
  deliveryId: number,
  attempt: AttemptRecord,
  next: { status: 'delivered' | 'failed' } | { status: 'pending'; at: Date },
): Promise<void> {
  await trx
    .insertInto('webhook_attempts')
    .values({ delivery_id: deliveryId, ...attempt })
    .execute();
  await trx
    .updateTable('webhook_deliveries')
    .set(next.status === 'pending' ? { status: 'pending', next_at: next.at } : { status: next.status })
    .where('id', '=', deliveryId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The delivery log
// ---------------------------------------------------------------------------------------------

export const deliveryPage = (db: Database, endpointId: number, offset: number, limit: number) =>
  db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('id', 'desc').offset(offset).limit(limit).execute();

export const findDelivery = (db: Database, id: number) => db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();

export const attemptsOf = (db: Database, deliveryIds: number[]) =>
  deliveryIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('delivery_id').orderBy('attempt').execute();

/** A delivery queued again: the same event (message id, body) for the same endpoint, due now. */
export const insertReplay = (trx: Database, of: { id: number; endpoint_id: number; event_type: string; message_id: string; payload: string }, now: Date) =>
  trx
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: of.endpoint_id,
      event_type: of.event_type,
      message_id: of.message_id,
      payload: of.payload,
      next_at: now,
      created_at: now,
      replay_of: of.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Deliveries finished (delivered or failed) before `before` go, with their tries. */
export async function purgeDeliveries(db: Database, before: Date): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('status', '<>', 'pending').where('created_at', '<', before).execute();
}

/**
 * A customer erased: the deliveries about them (their sign-up, their orders, points and rewards) go, sent
 * or not, with the bodies the log kept of them.
 */
export async function deleteCustomerDeliveries(trx: Database, customerId: number): Promise<void> {
  const id = String(customerId);
  await sql`
    delete from webhook_deliveries
    where (payload::jsonb -> 'data' ->> 'customer_id') = ${id}
       or (event_type = 'customer.created' and (payload::jsonb -> 'data' ->> 'id') = ${id})`.execute(trx);
}

/** Locks nothing: a cheap test the sender makes before anything else (no endpoint: no claim at all). */
export const anyPending = async (db: Database) =>
  (await sql<{ n: number }>`select 1 as n from webhook_deliveries where status = 'pending' limit 1`.execute(db)).rows.length > 0;
