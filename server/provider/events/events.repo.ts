import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db';

/**
 * The webhooks' outbox, written where things happen (issue 52): one pending delivery per endpoint that
 * is on and wants the event, in the caller's transaction, so an event is sent if and only if its change
 * committed. One statement, and no row at all when no endpoint wants the event.
 */
export async function insertDeliveries(trx: Database, e: { type: string; messageId: string; payload: string; at: Date }): Promise<void> {
  await trx
    .insertInto('webhook_deliveries')
    .columns(['endpoint_id', 'event_type', 'message_id', 'payload', 'next_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select([
          'id',
          eb.val(e.type).as('event_type'),
          eb.val(e.messageId).as('message_id'),
          eb.val(e.payload).as('payload'),
          eb.val(e.at).as('next_at'),
          eb.val(e.at).as('created_at'),
        ])
        .where('enabled', '=', true)
        .where((w) => w(w.val(e.type), '=', w.fn.any('events'))),
    )
    .execute();
}

/** One event's delivery rows to write: its type, its message id, its body as sent, its time. */
export interface QueuedEvent {
  type: string;
  messageId: string;
  payload: string;
  at: Date;
}

/**
 * The deliveries of several events as one INSERT: one pending delivery per event and per endpoint that is
 * on and wants it (no row for an event nobody wants). `gate`: a CTE of the same statement without whose
 * row nothing is written (an order's INSERT, which writes nothing when its number is taken; an UPDATE
 * that changed nothing); without it, a statement of its own. The events travel as one JSON document, so
 * the statement's text is the same however many there are.
 */
export function deliveriesInsert(events: readonly QueuedEvent[], gate?: string): RawBuilder<unknown> {
  const rows = JSON.stringify(events.map((e, n) => ({ n, type: e.type, message_id: e.messageId, payload: e.payload, at: e.at.toISOString() })));
  return sql`insert into webhook_deliveries (endpoint_id, event_type, message_id, payload, next_at, created_at)
      select we.id, x.type, x.message_id, x.payload, x.at, x.at
      from ${gate ? sql`${sql.table(gate)}, ` : sql``}jsonb_to_recordset(${rows}::jsonb) as x(n integer, type text, message_id text, payload text, at timestamptz)
      join webhook_endpoints we on we.enabled and x.type = any(we.events)
      order by x.n, we.id`;
}

/** deliveriesInsert as a statement of its own, in `trx`. */
export async function insertManyDeliveries(trx: Database, events: readonly QueuedEvent[]): Promise<void> {
  if (events.length > 0) await deliveriesInsert(events).execute(trx);
}

/** An instant as the events' payloads write it (JavaScript's toISOString: milliseconds, UTC). */
const isoSql = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * order.created's deliveries as a CTE of the statement that inserts the order (orders.repo.ts insertOrder),
 * reading the new order from its CTE `o` (no row there: nothing written): one pending delivery per endpoint
 * that is on and wants it, its payload built from the order's row as emitOrderCreated builds it (`fields`,
 * the order's columns it carries). The order's own statement, not a round trip of its own.
 */
export function orderCreatedDeliveriesCte(messageId: string, fields: readonly string[]): RawBuilder<unknown> {
  const data = sql.join(
    [
      ...fields.map((f) => sql`${sql.lit(f)}, ${sql.ref(`o.${f}`)}`),
      sql`'created_at', ${isoSql('o.created_at')}`,
      sql`'updated_at', ${isoSql('o.updated_at')}`,
    ],
    sql`, `,
  );
  return sql`insert into webhook_deliveries (endpoint_id, event_type, message_id, payload, next_at, created_at)
      select we.id, 'order.created', ${messageId}::text,
        json_build_object('type', 'order.created', 'timestamp', ${isoSql('o.created_at')}, 'data', json_build_object(${data}))::text,
        o.created_at, o.created_at
      from o, webhook_endpoints we
      where we.enabled and 'order.created' = any(we.events)`;
}
