import type { Logger } from 'pino';
import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import { insertOutbox, outboxRows } from './auth.repo';

/**
 * What a sender is, for the console's Payments and messages page: never a secret (a sending number
 * masked to its last 4 characters; an SMTP host and from address, never the user or password).
 * `outbox`: the development outbox; `log`: no SMS service, messages only logged (digits hidden).
 */
export type SmsChannel = { kind: 'twilio'; from: string } | { kind: 'outbox' } | { kind: 'log' };
export type MailChannel = { kind: 'smtp'; host: string; from: string } | { kind: 'outbox' };

/** Delivers a text message to a phone. A real SMS or WhatsApp provider implements this. */
export interface MessageSender {
  send(phone: string, body: string): Promise<void>;
  readonly channel: SmsChannel;
}

/**
 * Extra headers of an e-mail (a campaign's List-Unsubscribe): names and values without line breaks; and
 * an HTML part beside the plain text (a receipt), sent as multipart/alternative.
 */
export interface MailOptions {
  headers?: Record<string, string>;
  html?: string;
}

/** Delivers an e-mail: plain text, with an HTML part when given. A real e-mail service (SMTP, an API) implements this. */
export interface MailSender {
  sendEmail(to: string, subject: string, text: string, options?: MailOptions): Promise<void>;
  readonly channel: MailChannel;
}

/** `+14155550100` → `••••0100`: which number, without the number. */
export const lastFour = (value: string) => `••••${value.slice(-4)}`;

/** Digits of four or more hidden: a one-time code never reaches a log line. */
export const hideDigits = (text: string) => text.replace(/\d{4,}/g, (d) => '•'.repeat(d.length));

/**
 * The embedded default for text messages: a line in the log (digits hidden, so codes never appear in
 * logs) and, in development only (`keep`), a row in the development outbox (GET /__dev/outbox on the
 * gateway). In production nothing keeps the code: the table is never written.
 */
export function outboxSender(db: Database, clock: Clock, logger: Logger, o: { keep: boolean } = { keep: true }): MessageSender {
  return {
    channel: o.keep ? { kind: 'outbox' } : { kind: 'log' },
    async send(phone, body) {
      if (o.keep) await insertOutbox(db, { phone, email: null, subject: null, body, now: clock.now() });
      logger.info(
        { phone: maskPhone(phone), message: hideDigits(body) },
        o.keep ? 'message sent to the development outbox' : 'no SMS service is configured: message not sent',
      );
    },
  };
}

/**
 * The development default for e-mails: the development outbox and a masked log line. There is no
 * production default: without a real mail service, e-mail verification answers 503 EMAIL_UNAVAILABLE.
 */
export function outboxMailer(db: Database, clock: Clock, logger: Logger): MailSender {
  return {
    channel: { kind: 'outbox' },
    async sendEmail(to, subject, text, mail) {
      await insertOutbox(db, { phone: null, email: to, subject, body: text, html: mail?.html ?? null, now: clock.now() });
      logger.info({ email: maskEmail(to), subject, message: hideDigits(text) }, 'e-mail sent to the development outbox');
    },
  };
}

export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}${'•'.repeat(phone.length - 6)}${phone.slice(-2)}` : '••••';
}

/** `ana.santos@example.com` → `a•••@example.com`: enough to tell messages apart in a log, not to read the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.charAt(0)}•••${email.slice(at)}`;
}

/** The newest messages to a phone number (E.164) or, when it holds an @, to an e-mail address. */
export async function readOutbox(db: Database, recipient: string, limit = 20) {
  const byEmail = recipient.includes('@');
  const rows = await outboxRows(db, { byEmail, to: byEmail ? recipient.trim().toLowerCase() : recipient }, limit);
  return rows.map(({ phone, email, subject, html, ...r }) => ({
    ...r,
    // an e-mail's HTML part (a receipt's), when it has one
    ...(byEmail ? { email, subject, ...(html ? { html } : {}) } : { phone }),
    created_at: r.created_at.toISOString(),
    code: /\b(\d{6})\b/.exec(r.body)?.[1] ?? null,
  }));
}
