import type { Logger } from 'pino';
import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';

/** Delivers a text message to a phone. A real SMS or WhatsApp provider implements this. */
export interface MessageSender {
  send(phone: string, body: string): Promise<void>;
}

/**
 * The embedded default: each message goes to the development outbox (GET /__dev/outbox on the gateway)
 * and a line in the log. The log line hides digits of the code: codes never appear in logs.
 */
export function outboxSender(db: Database, clock: Clock, logger: Logger): MessageSender {
  return {
    async send(phone, body) {
      await db.insertInto('dev_outbox').values({ phone, body, created_at: clock.now() }).execute();
      logger.info({ phone: maskPhone(phone), message: body.replace(/\d{4,}/g, (d) => '•'.repeat(d.length)) }, 'message sent to the development outbox');
    },
  };
}

export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}${'•'.repeat(phone.length - 6)}${phone.slice(-2)}` : '••••';
}

export async function readOutbox(db: Database, phone: string, limit = 20) {
  const rows = await db
    .selectFrom('dev_outbox')
    .select(['id', 'phone', 'body', 'created_at'])
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), code: /\b(\d{6})\b/.exec(r.body)?.[1] ?? null }));
}
