/**
 * Figure (e-floor): pgbench's own TPC-B-like transaction (its five statements between BEGIN and END, on
 * the tables `pgbench -i` made in BENCH_TPCB_DATABASE_URL), run from Node for each HTTP request: a bare
 * `node:http` server (no Express, no checks, no logging) answering `POST /` with the account's new balance,
 * through node-postgres with the provider's pool size and named statements, as the provider sends its own.
 * What the same PostgreSQL commits this way, against what pgbench commits sending the same transaction from
 * C, is the most any order path written in Node keeps of pgbench's rate here, before the order does
 * anything of its own. Tells the bench its URL over IPC.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

const SCALE = Number(process.env.BENCH_TPCB_SCALE ?? 10);
const pool = new pg.Pool({ connectionString: process.env.BENCH_TPCB_DATABASE_URL, max: Number(process.env.BENCH_TPCB_POOL ?? 10) });
const random = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

const STATEMENTS = {
  account: 'update pgbench_accounts set abalance = abalance + $1 where aid = $2',
  balance: 'select abalance from pgbench_accounts where aid = $1',
  teller: 'update pgbench_tellers set tbalance = tbalance + $1 where tid = $2',
  branch: 'update pgbench_branches set bbalance = bbalance + $1 where bid = $2',
  history: 'insert into pgbench_history (tid, bid, aid, delta, mtime) values ($1, $2, $3, $4, current_timestamp)',
};
const named = (name: keyof typeof STATEMENTS, values: unknown[]) => ({ name: `tpcb_${name}`, text: STATEMENTS[name], values });

async function transaction(): Promise<number> {
  const aid = random(1, 100_000 * SCALE);
  const bid = random(1, SCALE);
  const tid = random(1, 10 * SCALE);
  const delta = random(-5000, 5000);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(named('account', [delta, aid]));
    const { rows } = await client.query<{ abalance: number }>(named('balance', [aid]));
    await client.query(named('teller', [delta, tid]));
    await client.query(named('branch', [delta, bid]));
    await client.query(named('history', [tid, bid, aid, delta]));
    await client.query('commit');
    return rows[0]!.abalance;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    transaction().then(
      (balance) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ balance }));
      },
      (err: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: err.message }));
      },
    );
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ ready: true, url: `http://127.0.0.1:${port}/` });
});
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
