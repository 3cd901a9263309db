/**
 * Figure (b-relay): the floor of forwarding in Node on this machine. A bare `node:http` relay in front of
 * the provider (BENCH_RELAY_TARGET): each request is sent on as it came (method, path, headers) over a
 * keep-alive agent, and the answer piped back. No Express, no signing, no checks, no logging, no cache:
 * nothing a real gateway could leave out. What it keeps of the provider's direct rate (b) is the most any
 * proxy written in Node keeps here, on cores it shares with the provider and the load generator.
 * Tells the bench its URL over IPC.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPSTREAM_AGENT } from '../../server/gateway/proxy';

const target = new URL(process.env.BENCH_RELAY_TARGET ?? '');
// the gateway's own agent settings
const agent = new Agent(UPSTREAM_AGENT);
const base = target.pathname.replace(/\/+$/, '');

const server = createServer((req, res) => {
  const upstream = request(
    { hostname: target.hostname, port: target.port, method: req.method, path: base + (req.url ?? '/'), headers: { ...req.headers, host: target.host }, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ ready: true, url: `http://127.0.0.1:${port}/` });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
