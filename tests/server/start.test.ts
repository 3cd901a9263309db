/**
 * The server as operators run it: the built server (what `npm start` runs) against an outside provider,
 * and `npm start`'s script with the embedded provider on a fresh data folder. Graceful shutdown included.
 */
import { serverEnv } from './support/env';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_SECRET, fakeUpstream, makeDist, type FakeUpstream } from './gateway.helpers';
import { SERVER_ARGS, TEST_SERVER_DIR } from '../support/server-bundle';
import { serverTunables } from '../../scripts/lib/server-command.ts';
import { settingsApi } from '#contract/settings.calls';
import { gatewayUrl } from '../support/calls';

interface Running {
  proc: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** Starts a server process, without waiting for anything. */
function startProcess(args: string[], env: Record<string, string>): Running {
  const proc = spawn(process.execPath, args, { env: serverEnv({ PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, url: '', output: () => out, exit };
}

/** The first group of `pattern` in the server's output, once it is there (checked every 20 ms). */
async function waitFor(s: Running, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const m = pattern.exec(s.output());
    if (m) return m[1]!;
    if (s.proc.exitCode !== null) throw new Error(`the server exited with ${s.proc.exitCode}:\n${s.output()}`);
    if (Date.now() > deadline) {
      s.proc.kill('SIGKILL');
      throw new Error(`the server did not print ${pattern}:\n${s.output()}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts a server process and waits for its "listening on" line. */
async function start(args: string[], env: Record<string, string>): Promise<Running> {
  const s = startProcess(args, env);
  return { ...s, url: await waitFor(s, /listening on (http:\/\/[^\s"]+)/) };
}

describe('server/index.ts with an outside provider', () => {
  let upstream: FakeUpstream;
  /** called when the slow call reaches the outside provider */
  let slowArrived = () => {};
  beforeAll(async () => {
    upstream = await fakeUpstream((app) => {
      app.get('/api/v2/slow', (_req, res) => {
        slowArrived();
        setTimeout(() => res.json({ status: 200, message: 'Slow but done.', data: { done: true } }), 1500);
      });
    });
  });
  afterAll(() => upstream?.close());

  it('serves, then on SIGTERM finishes the request in flight and exits with 0', async () => {
    const s = await start(SERVER_ARGS, { PROVIDER_API_BASE: upstream.base, PROVIDER_SECRET: UPSTREAM_SECRET });
    try {
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
      // the signal once the request is in flight (it has reached the provider behind), not after a fixed time
      const arrived = new Promise<void>((r) => (slowArrived = r));
      const inFlight = fetch(`${s.url}/api/slow`);
      await arrived;
      s.proc.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual({ done: true });
      expect(await s.exit).toBe(0);
      await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
      expect(s.output()).not.toContain(UPSTREAM_SECRET);
      // the outside provider has no development outbox behind it
    } finally {
      s.proc.kill('SIGKILL');
    }
  });

  it('logs JSON lines when its output is not a terminal, and one short line per event with LOG_FORMAT=short', async () => {
    const json = await start(SERVER_ARGS, { PROVIDER_API_BASE: upstream.base, PROVIDER_SECRET: UPSTREAM_SECRET });
    try {
      const lines = json.output().trim().split('\n');
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(lines.map((l) => JSON.parse(l).msg)).toContain(`listening on ${json.url}`);
    } finally {
      json.proc.kill('SIGKILL');
    }
    const short = await start(SERVER_ARGS, { PROVIDER_API_BASE: upstream.base, PROVIDER_SECRET: UPSTREAM_SECRET, LOG_FORMAT: 'short' });
    try {
      const lines = short.output().trim().split('\n');
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(line).toMatch(/^\d\d:\d\d:\d\d (INFO|WARN) {1,2}gateway {2}\S/);
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(` INFO  gateway  listening on ${short.url.replace(/[.]/g, '\\.')}`)));
      // no colours when the output is not a terminal, whatever the format
      expect(short.output()).not.toContain('\u001b[');
    } finally {
      short.proc.kill('SIGKILL');
    }
  });

  it('has no /__dev/outbox in external mode', async () => {
    const s = await start(SERVER_ARGS, { PROVIDER_API_BASE: upstream.base, PROVIDER_SECRET: UPSTREAM_SECRET });
    try {
      expect((await fetch(`${s.url}/__dev/outbox?phone=+639171234567`)).status).toBe(404);
      s.proc.kill('SIGINT');
      expect(await s.exit).toBe(0);
    } finally {
      s.proc.kill('SIGKILL');
    }
  });
});

describe('npm start (scripts/start.ts) with the embedded provider', () => {
  let dataDir: string;
  let build: ReturnType<typeof makeDist>;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'start-test-data-'));
    build = makeDist();
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    build?.cleanup();
  });

  it('starts with a fresh data folder, says where the merchant key is kept (never a secret), and stops on SIGTERM', async () => {
    const first = await start(['scripts/start.ts'], { DATA_DIR: dataDir, DIST_DIR: build.dist, SERVER_OUT_DIR: TEST_SERVER_DIR });
    let secrets: { provider_secret: string; merchant_api_key: string; webhook_secret: string };
    try {
      secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
      expect(first.output()).toContain(`kept in ${join(dataDir, 'secrets.json')}, under merchant_api_key`);
      expect(first.output()).not.toContain(secrets.merchant_api_key);

      const page = await fetch(`${first.url}/home`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const settings = await fetch(gatewayUrl(first.url, settingsApi.mainSetting));
      expect(settings.status).toBe(200);
      expect((await settings.json()).data.setting_company).toEqual(expect.any(String));
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${first.url}/__dev/outbox?phone=+639171234567`)).status).toBe(200);
      // where it listens, for the operator's owner-link command (DATA_DIR/server.json); its port, not PORT's 0
      expect(JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8'))).toMatchObject({ url: first.url.replace(/\/$/, '') });
      // the server's process (npm start's child) has glibc's mmap threshold fixed (scripts/lib/server-command.ts)
      const { pid } = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { pid: number };
      expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain(`GLIBC_TUNABLES=${serverTunables(process.env.GLIBC_TUNABLES)}`);

      first.proc.kill('SIGTERM');
      expect(await first.exit).toBe(0);
      for (const secret of [secrets.provider_secret, secrets.webhook_secret, secrets.merchant_api_key]) expect(first.output()).not.toContain(secret);
    } finally {
      first.proc.kill('SIGKILL');
    }

    // the second start reuses the data folder: same secrets, and the key is not printed again
    const second = await start(['scripts/start.ts'], { DATA_DIR: dataDir, DIST_DIR: build.dist, SERVER_OUT_DIR: TEST_SERVER_DIR });
    try {
      expect(second.output()).not.toContain(secrets.merchant_api_key);
      expect(second.output()).not.toContain(secrets.provider_secret);
      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
      second.proc.kill('SIGINT');
      expect(await second.exit).toBe(0);
    } finally {
      second.proc.kill('SIGKILL');
    }
  });
});

describe('a development start of a shop with no owner', () => {
  let dataDir: string;
  let build: ReturnType<typeof makeDist>;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'owner-link-data-'));
    build = makeDist();
    mkdirSync(join(build.dist, 'merchant'));
    writeFileSync(join(build.dist, 'merchant', 'index.html'), '<!doctype html><html><body><div id="console"></div></body></html>');
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    build?.cleanup();
  });

  it('prints the set-up link on a line of its own once the server answers, and the link answers at once', async () => {
    const s = await startProcess(SERVER_ARGS, { DATA_DIR: dataDir, DIST_DIR: build.dist, LOG_FORMAT: 'short' });
    try {
      const link = await waitFor(s, /(http:\/\/\S+\/merchant\/setup#[A-Za-z0-9_-]{43})/);
      // what was printed before the link: the server already said where it listens
      const before = s.output().slice(0, s.output().indexOf(link));
      expect(before).toMatch(/listening on http:\/\//);
      // fetched the moment it is printed: the console's page and a call through to the database answer
      const page = await fetch(link, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(5000) });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="console">');
      const health = await fetch(new URL('/healthz', link), { signal: AbortSignal.timeout(5000) });
      expect(health.status).toBe(200);
      // no frame character glued to the link: a terminal's selection of the line is the link
      expect(s.output().split('\n')).toContain(link);
    } finally {
      s.proc.kill('SIGKILL');
    }
  }, 120_000);
});
