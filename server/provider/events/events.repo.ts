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
