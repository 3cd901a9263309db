/**
 * The server process as an operator runs it (the built server `npm start` runs, PORT=0, a fresh
 * DATA_DIR): what it prints at start (finding 4: never the merchant API key; the development outbox
 * says it answers this machine only) and how it stops (finding 5: a stop signal ends it within 15 s,
 * whatever happens to its output).
 */
import { PRODUCTION_SMS_ENV, serverEnv } from '../server/support/env';
import { SERVER_ARGS } from '../support/server-bundle';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';

type Child = ChildProcessByStdio<null, Readable, Readable>;
const children: Child[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'security-process-'));
  folders.push(dir);
  return dir;
}

interface Started {
  child: Child;
  url: string;
  /** everything written to stdout and stderr so far */
  output: () => string;
  /** the exit code, or null when it did not exit within `ms` */
  exited: (ms: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null } | null>;
}

/** Spawns the server with only `env` of the server's variables set, and waits for its "listening on" line. */
async function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: serverEnv({ PORT: '0', DIST_DIR: join(tmpdir(), 'no-build-here'), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const exited = (ms: number) => Promise.race([exit, new Promise<null>((r) => setTimeout(r, ms, null))]);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
    if (m) return { child, url: m[1]!, output: () => out, exited };
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('what the server prints at start (finding 4)', () => {
  it('says where the merchant API key is kept, never the key, and that the outbox answers this machine only', { timeout: 240_000 }, async () => {
    const dir = dataDir();
    const first = await startServer({ DATA_DIR: dir });
    const secrets = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(first.output()).toContain(join(dir, 'secrets.json'));
    expect(first.output()).toContain('merchant_api_key');
    for (const value of Object.values(secrets)) expect(first.output()).not.toContain(value);
    const outboxLines = first
      .output()
      .split('\n')
      .filter((l) => l.includes('/__dev/outbox'));
    expect(outboxLines).toHaveLength(1);
    expect(outboxLines[0]).toMatch(/this machine only/);
    first.child.kill('SIGTERM');
    expect(await first.exited(15_000)).toEqual({ code: 0, signal: null });

    // a production start: no outbox, so no line about it; the key is not printed either
    const second = await startServer({ DATA_DIR: dir, NODE_ENV: 'production', ...PRODUCTION_SMS_ENV });
    expect(second.output()).not.toContain('/__dev/outbox');
    for (const value of Object.values(secrets)) expect(second.output()).not.toContain(value);
    expect((await fetch(`${second.url}/__dev/outbox?phone=%2B639171234567`)).status).toBe(404);
    second.child.kill('SIGTERM');
    expect(await second.exited(15_000)).toEqual({ code: 0, signal: null });
  });
});

describe('a stop signal ends the process within 15 s, whatever happens to its output (finding 5)', () => {
  it('exits when its log reader goes away at the moment it is told to stop', { timeout: 180_000 }, async () => {
    const s = await startServer({ DATA_DIR: dataDir(), LOG_LEVEL: 'info' });
    // the reader of its output exits (the pipe closes: EPIPE on the next write) as the signal is sent
    s.child.stdout.destroy();
    s.child.kill('SIGTERM');
    const exit = await s.exited(15_000);
    expect(exit, 'the process was still running 15 s after SIGTERM').not.toBeNull();
  });

  it('exits when its log reader stops reading and never reads again', { timeout: 180_000 }, async () => {
    const s = await startServer({ DATA_DIR: dataDir(), LOG_LEVEL: 'debug' });
    s.child.stdout.pause();
    s.child.stderr.pause();
    // one log line per request: enough of them to fill the pipe
    for (let i = 0; i < 30; i++) await Promise.all(Array.from({ length: 100 }, () => fetch(`${s.url}/app-config.json`).then((r) => r.text())));
    s.child.kill('SIGTERM');
    const exit = await s.exited(15_000);
    expect(exit, 'the process was still running 15 s after SIGTERM').not.toBeNull();
  });
});
