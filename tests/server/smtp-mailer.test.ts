import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, smtpTransportOptions } from '../../server/provider/auth/smtp-mailer';
import { freePort } from '../../scripts/lib/server-process.ts';
import { captureLogger } from './gateway.helpers';

const USER = 'mailer@kopisenja.test';
const PASS = 'p@ss:word/with%odd chars';
const FROM = 'Kopi Senja <no-reply@kopisenja.test>';
const TO = 'ana.santos@example.test';
const REFUSED = 'nobody@refused.test';
const SUBJECT = 'Verifikasi e-mail Anda — Kopi Senja';
const TEXT = 'Halo Ana,\n\nKode verifikasi Anda: 482913. Berlaku 15 menit.\n\nSalam hangat, Kopi Senja ☕\n';

interface Received {
  mailFrom: string | false;
  rcptTo: string[];
  user: unknown;
  raw: string;
}

/** Unfolded headers and the decoded text of a single-part message (what nodemailer writes for `text`). */
function parse(raw: string): { headers: Record<string, string[]>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string[]> = {};
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    (headers[line.slice(0, i).trim().toLowerCase()] ??= []).push(decodeWords(line.slice(i + 1).trim()));
  }
  let body = raw.slice(split + 4).replace(/\r\n\.\r\n$/, '');
  const cte = (headers['content-transfer-encoding']?.[0] ?? '7bit').toLowerCase();
  if (cte === 'quoted-printable') body = qp(body.replace(/=\r\n/g, ''));
  else if (cte === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, text: body.replace(/\r\n/g, '\n') };
}

function qp(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), adjacent words joined. */
function decodeWords(v: string): string {
  return v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _cs: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
}

describe('smtpMailer against a local SMTP server (smtp-server, with AUTH)', () => {
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];
  const connections: number[] = [];

  beforeAll(async () => {
    const options: SMTPServerOptions = {
      secure: false,
      // loopback test server without a certificate: AUTH over plain text is allowed here only
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onConnect(_session, cb) {
        connections.push(Date.now());
        cb();
      },
      onAuth(auth, _session, cb) {
        if (auth.username === USER && auth.password === PASS) cb(null, { user: auth.username });
        else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onMailFrom(_address, session, cb) {
        cb(session.user ? null : Object.assign(new Error('Authentication required'), { responseCode: 530 }));
      },
      onRcptTo(address, _session, cb) {
        cb(address.address === REFUSED ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null);
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : false,
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    };
    server = new SMTPServer(options);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    received.length = 0;
    connections.length = 0;
  });

  const url = (user = USER, pass = PASS) => `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;
  const mailer = (u = url()) => {
    const log = captureLogger('debug');
    return { m: smtpMailer({ url: u, from: FROM, logger: log.logger, timeoutMs: 5_000 }), lines: log.lines };
  };

  it('delivers one message with the From, To, Subject and text, after signing in with the credentials of SMTP_URL', async () => {
    const { m, lines } = mailer();
    await m.sendEmail(TO, SUBJECT, TEXT);

    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.user).toBe(USER);
    expect(r.mailFrom).toBe('no-reply@kopisenja.test');
    expect(r.rcptTo).toEqual([TO]);
    const { headers, text } = parse(r.raw);
    expect(headers.from).toEqual([FROM]);
    expect(headers.to).toEqual([TO]);
    expect(headers.subject).toEqual([SUBJECT]);
    expect(headers['content-type']?.[0]).toMatch(/^text\/plain; charset=utf-8/i);
    expect(text).toBe(TEXT);

    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, to: 'a•••@example.test', msg: 'e-mail handed to the mail server' });
    expect(lines[0]).not.toContain('482913');
    expect(lines[0]).not.toContain('Verifikasi');
  });

  it('throws a refused recipient as a plain Error without the address, and logs neither the subject nor the text', async () => {
    const { m, lines } = mailer();
    const err = (await m.sendEmail(REFUSED, SUBJECT, TEXT).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(Object.getPrototypeOf(err)).toBe(Error.prototype);
    expect(err.message).toBe('could not send the e-mail: the mail server refused the recipient or the sender');
    expect(err.message).not.toMatch(/\d|@/);
    expect(received).toEqual([]);

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 50,
      to: 'n•••@refused.test',
      smtp_error: 'EENVELOPE',
      response_code: 550,
      msg: 'the mail server did not accept the e-mail',
    });
    expect(lines[0]).not.toContain(REFUSED);
    expect(lines[0]).not.toContain('482913');
    expect(lines[0]).not.toContain('Verifikasi');
  });

  it('throws on a wrong password without echoing it', async () => {
    const { m, lines } = mailer(url(USER, 'not-the-password'));
    const err = (await m.sendEmail(TO, SUBJECT, TEXT).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe('could not send the e-mail: the mail server did not accept the credentials in SMTP_URL');
    expect(received).toEqual([]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ smtp_error: 'EAUTH', response_code: 535 });
    expect(lines.join('\n')).not.toContain('not-the-password');
  });

  it('throws "could not reach the mail server" when nothing listens', async () => {
    const { m } = mailer(`smtp://${encodeURIComponent(USER)}:${encodeURIComponent(PASS)}@127.0.0.1:${await freePort()}`);
    await expect(m.sendEmail(TO, SUBJECT, TEXT)).rejects.toThrow(/^could not send the e-mail: could not reach the mail server$/);
  });

  it('sends to one plain address only: a list or a display name is refused before connecting', async () => {
    const { m } = mailer();
    for (const to of [`${TO}, other@example.test`, `Ana <${TO}>`, `${TO}\r\nBcc: other@example.test`, ' ', 'no-at-sign']) {
      await expect(m.sendEmail(to, SUBJECT, TEXT), JSON.stringify(to)).rejects.toThrow(/^the e-mail address is not a single plain address$/);
    }
    expect(connections).toEqual([]);
    expect(received).toEqual([]);
  });

  it('keeps a line break in the subject from adding a header or a recipient', async () => {
    const { m } = mailer();
    await m.sendEmail(TO, 'Hello\r\nBcc: other@example.test', TEXT);
    expect(received).toHaveLength(1);
    expect(received[0]!.rcptTo).toEqual([TO]);
    const { headers } = parse(received[0]!.raw);
    expect(headers.bcc).toBeUndefined();
    expect(headers.subject).toHaveLength(1);
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  const { logger } = captureLogger();

  it('reads smtps:// as TLS from the start (port 465) and smtp:// as STARTTLS (587), required off loopback', () => {
    expect(smtpTransportOptions('smtps://u%40x.test:p%3Aw@mail.example.test')).toMatchObject({
      host: 'mail.example.test',
      port: 465,
      secure: true,
      requireTLS: false,
      auth: { user: 'u@x.test', pass: 'p:w' },
    });
    expect(smtpTransportOptions('smtp://u:p@mail.example.test')).toMatchObject({ port: 587, secure: false, requireTLS: true });
    expect(smtpTransportOptions('smtp://u:p@mail.example.test:2525')).toMatchObject({ port: 2525, requireTLS: true });
    expect(smtpTransportOptions('smtp://127.0.0.1:1025')).toMatchObject({ port: 1025, requireTLS: false });
    expect(smtpTransportOptions('smtp://127.0.0.1:1025').auth).toBeUndefined();
    expect(smtpTransportOptions('smtp://[::1]:25')).toMatchObject({ host: '::1', requireTLS: false });
  });

  it('refuses other schemes and malformed URLs without echoing the password', () => {
    for (const bad of [
      'http://u:secret-pw@mail.example.test',
      'mail.example.test:587',
      'smtp://',
      'smtp://u@mail.example.test',
      'smtp://u:secret-pw@mail.example.test/path',
      'smtp://u:secret-pw@mail.example.test?pool=true',
      '',
    ]) {
      let message = '';
      try {
        smtpTransportOptions(bad);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message, bad).toMatch(/^SMTP_URL /);
      expect(message).not.toContain('secret-pw');
    }
  });

  it('accepts an address or "Name <address>" as MAIL_FROM, and nothing else', () => {
    const make = (from: string) => () => smtpMailer({ url: 'smtp://127.0.0.1:1025', from, logger });
    for (const ok of ['no-reply@kopisenja.id', 'Kopi Senja <no-reply@kopisenja.id>', '<no-reply@kopisenja.id>']) expect(make(ok), ok).not.toThrow();
    for (const bad of ['', 'Kopi Senja', 'a@b.id, c@d.id', 'Kopi <a@b.id> <c@d.id>', '"Kopi" <a@b.id>\r\nBcc: x@y.id', 'no-reply@localhost']) {
      expect(make(bad), bad).toThrow(/^MAIL_FROM must be/);
    }
  });
});
