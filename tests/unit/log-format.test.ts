import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { formatLogLine, standOut } from '../../server/lib/log-format';
import { REDACT_PATHS } from '../../server/lib/logger';
import { shopApi } from '#contract/shop.calls';

/** What pino writes for one call, as the server's logger is set up (name, redaction). */
function pinoLine(call: (log: pino.Logger) => void, name = 'gateway'): string {
  let line = '';
  const log = pino({ name, level: 'trace', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, { write: (l: string) => void (line = l) });
  call(log);
  return line;
}

const at = (h: number, m: number, s: number) => new Date(2026, 10, 25, h, m, s).getTime();

describe('the short log format', () => {
  it('writes one event as one line: time, level, name and message', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 30,
        time: at(9, 5, 7),
        pid: 1,
        hostname: 'vm',
        name: 'gateway',
        url: 'http://127.0.0.1:3000',
        msg: 'listening on http://127.0.0.1:3000',
      }),
    );
    expect(line).toBe('09:05:07 INFO  gateway  listening on http://127.0.0.1:3000 url=http://127.0.0.1:3000\n');
  });

  it('says a request in its own words, with the time it took, and no req or res objects', () => {
    // a log line as pino writes it for a call of the menu
    const path = `/api/${shopApi.catalog.path}`;
    const json = pinoLine((log) => log.info({ req: { id: 3, method: 'GET', path }, res: { statusCode: 200 }, responseTime: 12 }, `GET ${path} 200`));
    const line = formatLogLine(json);
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO {2}gateway {2}GET \/api\/shop\/catalog 200 12 ms\n$/);
  });

  it('names warnings and errors, with an error as one phrase and its code', () => {
    const json = pinoLine((log) =>
      log.child({ name: 'provider' }).error({ err: new TypeError('Cannot read properties of undefined') }, 'the server could not start'),
    );
    expect(formatLogLine(json)).toMatch(/ ERROR provider the server could not start TypeError: Cannot read properties of undefined\n$/);
    const withCode = formatLogLine(
      JSON.stringify({
        level: 50,
        time: 0,
        name: 'gateway',
        err: { type: 'Error', message: 'connect ECONNREFUSED', code: 'ECONNREFUSED', stack: 'Error: …\n    at x' },
        msg: 'failed',
      }),
    );
    expect(withCode).toMatch(/ failed connect ECONNREFUSED \(code ECONNREFUSED\)\n$/);
    expect(formatLogLine(pinoLine((log) => log.warn('careful')))).toMatch(/ WARN {2}gateway {2}careful\n$/);
  });

  it('keeps one event on one line even when its text spans lines', () => {
    const line = formatLogLine(pinoLine((log) => log.error({ detail: 'a\nb' }, 'first\nsecond')));
    expect(line.split('\n')).toHaveLength(2);
    expect(line).toContain('first ⏎ second');
  });

  it('keeps redaction: a token censored by pino stays censored', () => {
    const line = formatLogLine(pinoLine((log) => log.info({ token: 'sekret-token-value' }, 'signed in')));
    expect(line).not.toContain('sekret-token-value');
    expect(line).toContain('token=[redacted]');
  });

  it('colours only when asked, and passes a line that is not JSON through', () => {
    const json = pinoLine((log) => log.info('hello'));
    expect(formatLogLine(json)).not.toContain('\u001b[');
    expect(formatLogLine(json, { colour: true })).toContain('\u001b[32mINFO');
    expect(formatLogLine('not json')).toBe('not json\n');
  });

  it('frames what must stand out, with blank lines around it', () => {
    const block = standOut('Set up the owner', ['Open http://127.0.0.1:3000/merchant/setup#abc']);
    expect(block.startsWith('\n┌─ Set up the owner')).toBe(true);
    expect(block).toContain('│ Open http://127.0.0.1:3000/merchant/setup#abc\n');
    expect(block.endsWith('\n\n')).toBe(true);
  });

  it('puts a link to copy after the frame, on a line of its own with nothing around it', () => {
    const link = `http://127.0.0.1:3000/merchant/setup#${'a'.repeat(43)}`;
    const block = standOut('Set up the owner', ['Open the link below.'], { copy: link, colour: true });
    const lines = block.split('\n');
    expect(lines).toContain(link);
    expect(lines.indexOf(link)).toBeGreaterThan(lines.findIndex((l) => l.startsWith('└')));
    expect(block.endsWith(`\n${link}\n\n`)).toBe(true);
  });
});
