/**
 * The short log format for a person at a terminal: one line per event,
 *
 *   21:04:05 INFO  gateway  listening on http://127.0.0.1:3000
 *   21:04:09 INFO  gateway  GET /api/shop/catalog 200 12 ms
 *   21:04:11 WARN  provider payments: off — no payment gateway is configured … code=EPIPE
 *
 * made from the JSON line pino writes (the same line that goes out as it is when the output is not a
 * terminal, or in production, where logs are read by machines). pino-pretty does that as a worker-thread
 * transport; this is the few lines the project needs, run in the process's own write, with no thread and
 * no dependency. Redaction happened before: the line it reads is pino's, secrets already censored.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<string, string> = { TRACE: '90', DEBUG: '90', INFO: '32', WARN: '33', ERROR: '31', FATAL: '35' };

/** pino's own fields and those the message already says (a request's method, path and status). */
const LEFT_OUT = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'req', 'res', 'responseTime', 'v']);

const paint = (code: string, text: string, colour: boolean) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);

/** `key=value` for a field: strings as they are (quoted when they hold a space), the rest as JSON. */
function field(key: string, value: unknown): string {
  if (typeof value === 'string') return `${key}=${/[\s"]/.test(value) || value === '' ? JSON.stringify(value) : value}`;
  return `${key}=${JSON.stringify(value)}`;
}

/** An error object as one phrase: `TypeError: message (code ECONNREFUSED)`. */
function errorText(err: Record<string, unknown>): string {
  const type = typeof err.type === 'string' && err.type !== 'Error' && err.type !== 'Object' ? `${err.type}: ` : '';
  const code = typeof err.code === 'string' || typeof err.code === 'number' ? ` (code ${err.code})` : '';
  return `${type}${String(err.message ?? '')}${code}`;
}

/** The local wall-clock time of an epoch-milliseconds timestamp, HH:MM:SS. */
function clock(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * One pino JSON line as one short line (with its newline). A line that is not JSON (it should not
 * happen) passes through unchanged, so nothing is ever lost to the format.
 */
export function formatLogLine(line: string, { colour = false }: { colour?: boolean } = {}): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (entry === null || typeof entry !== 'object') return line.endsWith('\n') ? line : `${line}\n`;
  const level = LEVELS[Number(entry.level)] ?? 'LOG';
  const time = typeof entry.time === 'number' ? clock(entry.time) : '--:--:--';
  const name = typeof entry.name === 'string' ? entry.name : '';
  const parts = [String(entry.msg ?? '')];
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime} ms`);
  for (const [key, value] of Object.entries(entry)) {
    if (LEFT_OUT.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') parts.push(errorText(value as Record<string, unknown>));
    else parts.push(field(key, value));
  }
  // one event, one line: a message or a field that spans lines is folded onto this one
  const text = parts
    .filter(Boolean)
    .join(' ')
    .replace(/\s*\n\s*/g, ' ⏎ ');
  const head = `${paint('2', time, colour)} ${paint(COLOURS[level] ?? '0', level.padEnd(5), colour)} ${paint('36', name.padEnd(8), colour)}`;
  return `${head} ${text}\n`;
}

/**
 * Something to print that must not be missed among the log lines (the owner's set-up link): a framed
 * block with a blank line before and after; bold on a colour terminal. `copy` (a link) goes after the
 * frame on a line of its own, from the first column and with nothing around it, so a terminal that
 * wraps it still selects it whole, and nothing of the frame comes with it.
 */
export function standOut(title: string, lines: string[], { colour = false, copy }: { colour?: boolean; copy?: string } = {}): string {
  const rule = '─'.repeat(Math.min(72, Math.max(title.length + 4, ...lines.map((l) => l.length + 2))));
  const body = lines.map((l) => `│ ${l}`).join('\n');
  return `\n┌─ ${paint('1', title, colour)} ${rule.slice(title.length + 3)}\n${body}\n└${rule}\n${copy ? `\n${copy}\n` : ''}\n`;
}
