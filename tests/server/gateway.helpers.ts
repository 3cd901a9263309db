/**
 * Test support for the gateway: createApp on port 0 with a test configuration, a temporary build
 * folder, a fake upstream provider that checks signatures with its own code, raw HTTP requests (no
 * URL normalisation, for traversal tests) and a logger whose lines land in an array.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import express, { type Express } from 'express';
import pino, { type Logger } from 'pino';
import { createApp, type AppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { REDACT_PATHS } from '../../server/lib/logger';

export const UPSTREAM_SECRET = 'fake-upstream-secret-0123';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

export async function listen(app: Express | http.RequestListener): Promise<{ server: Server; port: number; url: string; close(): Promise<void> }> {
  const server = http.createServer(app as http.RequestListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface TestGateway {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startGateway(o: Partial<AppOptions> & { providerBase: string; secret: string }): Promise<TestGateway> {
  const app = createApp({ config: testConfig(), logger: pino({ level: 'silent' }), ...o });
  const l = await listen(app);
  return { url: l.url, port: l.port, close: l.close };
}

/** A build folder inside a temporary parent that also holds files the gateway must never serve. */
export function makeDist(): { root: string; dist: string; cleanup(): void } {
  const root = mkdtempSync(join(tmpdir(), 'gateway-dist-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}');
  // a script the build also wrote compressed beside it (scripts/lib/precompressed.ts), at the strongest settings
  const precompressed = `export const names = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `name-${i}`))};`;
  writeFileSync(join(dist, 'assets', 'pre-abc123.js'), precompressed);
  writeFileSync(join(dist, 'assets', 'pre-abc123.js.br'), brotliCompressSync(precompressed, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(dist, 'assets', 'pre-abc123.js.gz'), gzipSync(precompressed, { level: 9 }));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'secret.txt'), 'OUTSIDE-THE-BUILD');
  writeFileSync(join(root, 'package.json'), '{"name":"OUTSIDE-THE-BUILD"}');
  return { root, dist, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** the body's bytes as sent (not decoded) */
  bytes: Buffer;
}

/** An HTTP request whose path is sent exactly as written (fetch and supertest normalise `..`). */
export function raw(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The Set-Cookie lines of a response, as a list. */
export function setCookies(headers: IncomingHttpHeaders | Record<string, unknown>): string[] {
  const v = (headers as Record<string, unknown>)['set-cookie'];
  return v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
}

/**
 * Set-Cookie lines but the gateway's own device cookie (issue 30: a browser without one gets it on any
 * customer call), which is left out only in its one shape: a 22-character random id, HttpOnly. A device
 * cookie of any other shape, or without HttpOnly, stays in the list for the test to see.
 */
export const withoutDeviceCookie = (lines: string[]): string[] => lines.filter((c) => !/^(did|__Host-did)=[A-Za-z0-9_-]{22};(?=.*;\s*HttpOnly)/i.test(c));

/** `name=value` of the first Set-Cookie for `name`, for the next request's Cookie header. */
export function cookiePair(headers: IncomingHttpHeaders | Record<string, unknown>, name: string): string | undefined {
  const line = setCookies(headers).find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
}

export interface SeenRequest {
  method: string;
  path: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  signatureValid: boolean;
}

export interface FakeUpstream {
  base: string;
  seen: SeenRequest[];
  app: Express;
  close(): Promise<void>;
}

/**
 * An outside provider: checks token-authorization the way the contract describes it, with its own
 * node:crypto code (not the gateway's signCall), and answers 401 BAD_SIGNATURE when it is wrong.
 * `routes` adds its answers; anything else echoes what it received.
 */
export async function fakeUpstream(routes: (app: Express) => void = () => {}, secret = UPSTREAM_SECRET): Promise<FakeUpstream> {
  const seen: SeenRequest[] = [];
  const app = express();
  let base = '';
  app.use((req, res, next) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.path.replace(/^\/api\/v2\//, '');
      const expected = createHash('sha256')
        .update(base + path + String(req.headers.platform ?? '') + String(req.headers.timestamp ?? '') + secret)
        .digest('hex');
      const given = Buffer.from(String(req.headers['token-authorization'] ?? ''));
      const signatureValid = given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
      const entry: SeenRequest = {
        method: req.method,
        path,
        url: req.originalUrl,
        headers: { ...req.headers },
        body: Buffer.concat(chunks).toString('utf8'),
        signatureValid,
      };
      seen.push(entry);
      if (!signatureValid) {
        res.status(401).json({ status: 401, message: 'Bad signature.', data: null, error: { code: 'BAD_SIGNATURE' } });
        return;
      }
      res.locals.seen = entry;
      next();
    });
  });
  routes(app);
  app.use((req, res) => {
    const s = res.locals.seen as SeenRequest;
    res.json({ status: 200, message: 'Echo.', data: { method: s.method, path: s.path, url: s.url, headers: s.headers, body: s.body } });
  });
  const l = await listen(app);
  base = `${l.url}/api/v2/`;
  return { base, seen, app, close: l.close };
}

/** A logger like the server's (same redaction), whose JSON lines are kept in `lines`. */
export function captureLogger(level = 'info'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      cb();
    },
  });
  return { logger: pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream), lines };
}

/** A Content-Security-Policy header's directives, by name (their values joined by one space). */
export function cspOf(header: string | null): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}
