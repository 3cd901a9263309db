/**
 * The gateway's request log (server/gateway/request-log.ts): one line a request. A request the browser
 * gave up on (a page left, a fetch aborted) is the visitor's doing, not the server's: logged at info
 * with `aborted`, where a 5xx is an error (issue 46: "an aborted request logged at error level").
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestLogger } from '../../server/gateway/request-log';

const lines: Array<{ level: number; msg: string; aborted?: boolean }> = [];
let server: http.Server;
let base = '';
let release: (() => void) | null = null;

beforeAll(async () => {
  const app = express();
  app.use(requestLogger(pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) })));
  app.get('/slow', (_req, res) => {
    release = () => res.end('late');
  });
  app.get('/broken', (_req, res) => {
    res.status(500).end('no');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((r) => server.close(r)));

it('logs a request the client aborted at info, and a 500 at error', async () => {
  const controller = new AbortController();
  const pending = fetch(`${base}/slow`, { signal: controller.signal }).catch(() => null);
  await expect.poll(() => release !== null).toBe(true);
  controller.abort();
  await pending;
  await expect.poll(() => lines.find((l) => l.msg === 'GET /slow aborted')).toBeTruthy();
  release!();
  await fetch(`${base}/broken`);
  await expect.poll(() => lines.find((l) => l.msg === 'GET /broken 500')).toBeTruthy();
  expect(lines.find((l) => l.msg === 'GET /slow aborted')).toMatchObject({ level: 30, aborted: true });
  expect(lines.find((l) => l.msg === 'GET /broken 500')).toMatchObject({ level: 50 });
});
