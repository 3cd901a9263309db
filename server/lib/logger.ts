import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Paths that may carry a secret, a customer token or a one-time code. Logs never show them; request
 * logs also leave out bodies altogether, so a code typed into a form never reaches a log line.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["token-authorization"]',
  'req.headers["x-merchant-key"]',
  'res.headers["set-cookie"]',
  'token',
  'code',
  'secret',
  'id_token',
  'registration_token',
  '*.token',
  '*.code',
  '*.secret',
];

export function createLogger(level: string, name = 'app'): Logger {
  return pino({ name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}
