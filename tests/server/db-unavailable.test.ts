/**
 * A request the database cannot serve (its connection ended by a restart, a stop, a crash or a
 * switch-over while the request waited) is answered 503 PROVIDER_UNAVAILABLE with Retry-After, never 500,
 * and its idempotency key is free again at once: the claim is part of the effect's transaction, so a
 * rollback takes it back with the effect; no `409 IDEMPOTENCY_IN_PROGRESS` outlives the work.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { describePostgres, TEST_DATABASE_URL, useTestProvider } from './support/provider';
import { key, products } from './orders.helpers';
import { ordersApi } from '#contract/orders.calls';
import { callApi } from '../support/calls';

describePostgres('a request while the database goes away', () => {
  const p = useTestProvider('postgres');
  const clients: pg.Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.end().catch(() => {})));
  });

  async function connect(url: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return client;
  }

  it('answers 503 with Retry-After, rolls back, and the same idempotency key places the order at once', async () => {
    const P = await products(p);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(p.db)).rows[0]!.name;
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const admin = await connect(TEST_DATABASE_URL!);
    const locker = await connect(url.toString());
    const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    // the order waits for a lock, its idempotency key taken, when the database goes away
    await locker.query('begin');
    await locker.query('lock table orders in exclusive mode');
    const body = { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() };
    const first = callApi(p, ordersApi.create, { token: c.token, body }).then((r) => r);
    const waiting = async () =>
      (await admin.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [name])).rows[0]!.n;
    await expect.poll(waiting, { timeout: 5000 }).toBe(1);
    // gone: no new connection is accepted, and every one but the locker's is ended
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2', [name, lockerPid]);
    const answer = await first;
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    // back: the retry with the same key is not told "in progress"; it places the one order
    await admin.query(`alter database ${name} allow_connections true`);
    await locker.query('rollback');
    const retry = await callApi(p, ordersApi.create, { token: c.token, body });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
    const replay = await callApi(p, ordersApi.create, { token: c.token, body }).expect(201);
    expect(replay.body).toEqual(retry.body);
  });
});
