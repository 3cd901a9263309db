/**
 * scripts/lib/server-process.ts, the one start / wait-for-ready / stop helper of the bench, Lighthouse
 * and the e2e support, against small real Node processes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../../scripts/lib/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'server-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tiny HTTP server: /healthz answers `status` once `delayMs` have passed (503 before). */
const healthServer = (port: number, opts: { status?: number; delayMs?: number } = {}) => `
  const started = Date.now();
  const server = require('node:http').createServer((req, res) => {
    if (req.url !== '/healthz') return res.end('hello');
    res.statusCode = Date.now() - started >= ${opts.delayMs ?? 0} ? ${opts.status ?? 200} : 503;
    res.end();
  });
  server.listen(${port}, '127.0.0.1', () => console.log('listening on ${port}'));
  process.on('SIGTERM', () => { console.log('stopping'); server.close(() => process.exit(0)); });
`;

/** Running (a zombie waiting for a reaper that may never come, in a container, counts as gone). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('startServer', () => {
  it('waits until /healthz answers 200, keeps the output, and stops with SIGTERM resolving the exit code', async () => {
    const port = await freePort();
    const s = await startServer({ name: 'the test server', args: ['-e', healthServer(port, { delayMs: 600 })], url: `http://127.0.0.1:${port}`, pollMs: 50 });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(s.output()).toContain(`listening on ${port}`);
    expect(await s.stop()).toBe(0);
    expect(s.output()).toContain('stopping');
    expect(await s.stop()).toBe(0); // a second stop just answers
  });

  it('refuses a process that exits before it is ready, quoting its last output', async () => {
    const start = startServer({
      name: 'the doomed server',
      args: ['-e', 'console.error("no config: PORT missing"); process.exit(3)'],
      url: 'http://127.0.0.1:9',
      pollMs: 50,
    });
    await expect(start).rejects.toThrow(/the doomed server exited with 3 before it was ready; its last output:\nno config: PORT missing/);
  });

  it('gives up after timeoutMs when /healthz never answers 200, says what it answered, and stops the process', async () => {
    const port = await freePort();
    const log = join(dir, 'unhealthy.log');
    const err = await startServer({
      name: 'the sick server',
      args: ['-e', healthServer(port, { status: 503 })],
      url: `http://127.0.0.1:${port}/`,
      timeoutMs: 1500,
      pollMs: 50,
      logFile: log,
    }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/the sick server did not answer 200 on http:\/\/127\.0\.0\.1:\d+\/healthz within 2 s \(last: status 503\)/);
    expect((err as Error).message).toContain(`its last output (${log}):\nlistening on ${port}`);
    // stopped on the way out: it wrote its SIGTERM line and the port is closed
    expect(readFileSync(log, 'utf8')).toContain('stopping');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('says so when the program cannot be started at all', async () => {
    await expect(startServer({ name: 'the missing server', command: join(dir, 'no-such-program'), url: 'http://127.0.0.1:9' })).rejects.toThrow(
      /the missing server could not be started \(spawn .*ENOENT\)/,
    );
  });

  it("with ready: 'message', resolves with the process's first IPC message and writes output to logFile", async () => {
    const log = join(dir, 'ipc.log');
    const s = await startServer<{ url: string }>({
      name: 'the ipc server',
      args: [
        '-e',
        'process.on("SIGTERM", () => process.exit(0)); console.log("seeding"); process.send({ url: "http://127.0.0.1:1234/" }); setInterval(() => {}, 1000);',
      ],
      ready: 'message',
      logFile: log,
    });
    expect(s.message).toEqual({ url: 'http://127.0.0.1:1234/' });
    expect(await s.stop()).toBe(0);
    expect(s.output()).toBe('seeding\n');
    expect(readFileSync(log, 'utf8')).toBe('seeding\n');
  });

  it('sends SIGKILL to the process and its children once the grace period after SIGTERM is over', async () => {
    // a parent and its child, both ignoring SIGTERM (a shutdown that hangs); the child's pid comes over IPC
    const child = 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000);';
    const parent = `
      const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: 'ignore' });
      process.on('SIGTERM', () => console.log('ignoring SIGTERM'));
      setTimeout(() => process.send({ child: c.pid }), 200);
      setInterval(() => {}, 1000);
    `;
    const s = await startServer<{ child: number }>({ name: 'the stubborn server', args: ['-e', parent], ready: 'message', graceMs: 500 });
    const grandchild = s.message.child;
    expect(alive(grandchild)).toBe(true);
    const t0 = Date.now();
    expect(await s.stop()).toBeNull(); // ended by a signal: no exit code
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
    expect(s.proc.signalCode).toBe('SIGKILL');
    expect(s.output()).toContain('ignoring SIGTERM');
    for (let i = 0; i < 40 && alive(grandchild); i++) await new Promise((r) => setTimeout(r, 50));
    expect(alive(grandchild)).toBe(false);
  });
});
