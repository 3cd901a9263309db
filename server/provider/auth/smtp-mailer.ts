import type nodemailer from 'nodemailer';
import { lazyPackage } from '../../lib/lazy-package';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from 'pino';
import { maskEmail, type MailSender } from './sender';

/** nodemailer, loaded on the first e-mail. */
const loadNodemailer = lazyPackage<typeof nodemailer>('nodemailer');

export const SMTP_URL_MESSAGE = 'must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465';
export const MAIL_FROM_MESSAGE = 'must be an e-mail address, or a name and an address such as Kopi Senja <no-reply@kopisenja.id>';

/** One plain address: no list, no display name, no spaces, no angle brackets (what sendEmail accepts as `to`). */
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;
/** MAIL_FROM: an address, or `Name <address>` with a name free of quotes, brackets and line breaks. */
const MAIL_FROM = /^(?:([^<>"\r\n]*?)\s*<([^<>\s]+)>|([^<>\s]+))$/;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export interface SmtpMailerOptions {
  /** SMTP_URL: smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS from the start) */
  url: string;
  /** MAIL_FROM */
  from: string;
  logger: Logger;
  /** for each of connecting, the server's greeting and an idle socket. Default 10 s */
  timeoutMs?: number;
}

/** SMTP_URL → nodemailer's SMTP options; throws a plain Error naming the variable (never echoing the password). */
export function smtpTransportOptions(url: string, timeoutMs = 10_000): SMTPTransport.Options {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`SMTP_URL ${SMTP_URL_MESSAGE}`);
  }
  if ((u.protocol !== 'smtp:' && u.protocol !== 'smtps:') || !u.hostname || u.pathname.replace(/^\/$/, '') || u.search || u.hash) {
    throw new Error(`SMTP_URL ${SMTP_URL_MESSAGE}`);
  }
  if (u.username && !u.password) throw new Error('SMTP_URL has a user name but no password');
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    // smtp:// upgrades with STARTTLS; off loopback it must, so credentials and codes never cross a network in clear
    requireTLS: !secure && !LOOPBACK.has(u.hostname),
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    // nodemailer's own logging prints whole messages: never
    logger: false,
    debug: false,
    // no attachment, and no image of an HTML part, may read a file or fetch a URL
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

export function checkMailFrom(from: string): void {
  const m = MAIL_FROM.exec(from.trim());
  const address = m?.[2] ?? m?.[3];
  if (!address || !ADDRESS.test(address)) throw new Error(`MAIL_FROM ${MAIL_FROM_MESSAGE}`);
}

/** Why the mail server refused, in words without addresses or digits (the thrown message reaches logs). */
const REASONS: Record<string, string> = {
  EENVELOPE: 'the mail server refused the recipient or the sender',
  EAUTH: 'the mail server did not accept the credentials in SMTP_URL',
  ENOAUTH: 'the mail server wants credentials: add them to SMTP_URL',
  ETLS: 'could not secure the connection to the mail server',
  ECONNECTION: 'could not reach the mail server',
  ESOCKET: 'could not reach the mail server',
  EDNS: 'could not find the mail server (check the host in SMTP_URL)',
  ETIMEDOUT: 'the mail server did not answer in time',
  EMESSAGE: 'the mail server refused the message',
  EPROTOCOL: 'the mail server answered something unexpected',
};

/**
 * Sends plain-text e-mails (the e-mail verification messages) through an SMTP server with nodemailer.
 * Logs carry the masked recipient and the SMTP error code, never the subject or the text (they may
 * hold a code); a failure is thrown as a plain Error whose message names no address and no digit.
 */
export function smtpMailer(options: SmtpMailerOptions): MailSender {
  const { logger } = options;
  const transportOptions = smtpTransportOptions(options.url, options.timeoutMs);
  checkMailFrom(options.from);
  const from = options.from.trim();
  // made on the first e-mail, so a server that sends none never loads nodemailer
  let made: ReturnType<typeof nodemailer.createTransport> | undefined;
  const transport = () => (made ??= loadNodemailer().createTransport(transportOptions));

  return {
    // the host alone: SMTP_URL's user and password never leave this file
    channel: { kind: 'smtp', host: new URL(options.url).hostname, from },
    async sendEmail(to, subject, text, mail) {
      const headers = mail?.headers ?? {};
      if (Object.entries(headers).some(([k, v]) => !/^[A-Za-z][A-Za-z0-9-]{0,60}$/.test(k) || /[\r\n]/.test(v)))
        throw new Error('an e-mail header is not a single line');
      // one recipient, exactly: "a@x, b@y" or "Name <a@x>" would otherwise be read as an address list
      if (typeof to !== 'string' || !ADDRESS.test(to)) throw new Error('the e-mail address is not a single plain address');
      try {
        await transport().sendMail({ from, to, subject, text, ...(mail?.html ? { html: mail.html } : {}), headers });
      } catch (err) {
        const e = err as { code?: unknown; responseCode?: unknown; command?: unknown };
        const code = typeof e.code === 'string' && /^[A-Z_]{3,40}$/.test(e.code) ? e.code : null;
        logger.error(
          {
            to: maskEmail(to),
            smtp_error: code,
            response_code: typeof e.responseCode === 'number' ? e.responseCode : null,
            command: typeof e.command === 'string' ? e.command.replace(/:.*$/s, '').slice(0, 20) : null,
          },
          'the mail server did not accept the e-mail',
        );
        const reason = code ? REASONS[code] : undefined;
        // no `cause`: the library's error may quote the message or the credentials, and errors reach logs
        // eslint-disable-next-line preserve-caught-error
        throw new Error(reason ? `could not send the e-mail: ${reason}` : 'could not send the e-mail');
      }
      logger.info({ to: maskEmail(to) }, 'e-mail handed to the mail server');
    },
  };
}

/**
 * Tests an SMTP server before the console saves it (issue 46): nodemailer's `transporter.verify()`
 * connects, secures the connection and signs in. Answers null when it did, else why not in words the
 * owner can act on (the host and port, never the user or password).
 */
export async function checkSmtp(url: string, timeoutMs = 10_000): Promise<string | null> {
  const options = smtpTransportOptions(url, timeoutMs);
  const where = `${options.host}:${options.port}`;
  const transport = loadNodemailer().createTransport(options);
  try {
    await transport.verify();
    return null;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'EAUTH') return `${where} did not accept the user name and password`;
    if (code === 'ENOAUTH') return `${where} wants a user name and password: add them to the URL`;
    if (code === 'ETLS') return `could not secure the connection to ${where}`;
    if (code === 'EDNS') return `could not find ${options.host}`;
    return `could not reach ${where}`;
  } finally {
    transport.close();
  }
}
