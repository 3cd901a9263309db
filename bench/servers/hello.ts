/**
 * Figure (a): a bare Express "hello" on loopback, the ceiling for any Express route on this machine.
 * Tells the bench its URL over IPC.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ ready: true, url: `http://127.0.0.1:${port}/` });
});
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
