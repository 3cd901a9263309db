import pino, { type Logger } from 'pino';
import { formatLogLine } from './log-format';

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

/** Past this much output waiting for a slow reader, lines are dropped rather than kept in memory. */
const MAX_WAITING_OUTPUT_BYTES = 8 * 1024 * 1024;
const broken = new WeakSet<NodeJS.WriteStream>();
let guarded = false;

/**
 * A write error on stdout or stderr (EPIPE: the reader of the output is gone) ends writing there, never
 * the process: without a listener Node would throw it as an uncaught exception, mid-shutdown perhaps.
 */
export function guardProcessOutput(): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => broken.add(stream));
}

/**
 * Where log lines go: process.stdout, never blocking and never retrying. pino's default destination
 * (sonic-boom, asynchronous) flushes synchronously when the process exits, in a loop that sleeps and
 * retries on EAGAIN (a reader that stopped reading) and on any other error (EPIPE: a reader that
 * exited) for ever: a server told to stop while its log reader went away stayed up, spinning. Here a
 * line is handed to Node's stream, which writes to a pipe at once or queues it; what is still queued
 * at exit is lost, and a reader that is gone or far behind loses lines instead of stopping the server.
 */
export function processOutputDestination(stream: NodeJS.WriteStream = process.stdout): { write(line: string): void } {
  guardProcessOutput();
  // The lines of one turn of the event loop go out in one write (stdout to a file or a pipe is written
  // synchronously, one system call a write: under load the gateway's request lines cost more in those
  // calls than in making them), after the turn, and at exit whatever is still held.
  let held: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (held.length === 0) return;
    const text = held.length === 1 ? held[0]! : held.join('');
    held = [];
    if (broken.has(stream) || stream.destroyed || stream.writableLength > MAX_WAITING_OUTPUT_BYTES) return;
    stream.write(text);
  };
  process.once('exit', flush);
  return {
    write(line: string) {
      held.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
}

/**
 * How lines are written: `json`, one pino JSON object a line (for machines: production, a pipe, a file);
 * `short`, the one-line format for a person at a terminal (./log-format.ts), in colour when `colour`.
 */
export interface LogOutput {
  format: 'json' | 'short';
  colour?: boolean;
}

export function createLogger(level: string, name = 'app', output: LogOutput = { format: 'json' }): Logger {
  const destination = processOutputDestination();
  const colour = output.colour ?? false;
  const write = output.format === 'short' ? { write: (line: string) => destination.write(formatLogLine(line, { colour })) } : destination;
  return pino({ name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, write);
}

/**
 * The format for this process: LOG_FORMAT when set; else short on a terminal outside production, JSON
 * otherwise (production's logs, and any output that is piped or kept in a file, are read by machines).
 */
export function logOutputFor(
  { logFormat, production, noColour }: { logFormat: 'auto' | 'short' | 'json'; production: boolean; noColour: boolean },
  stream: NodeJS.WriteStream = process.stdout,
): LogOutput {
  const tty = stream.isTTY === true;
  const format = logFormat === 'auto' ? (tty && !production ? 'short' : 'json') : logFormat;
  return { format, colour: format === 'short' && tty && !noColour };
}
