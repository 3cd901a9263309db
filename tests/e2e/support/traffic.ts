/**
 * Resilience support: customers made straight in the database before the server starts, mixed customer
 * traffic through the gateway (reads and writes, each connection its own loop), a hard kill of the real
 * server process, and the invariants read back from the database once the server has stopped.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/db';
import { seed } from '../../../server/db/seed';
import { liftSlotCaps, seedCustomers, type SeededCustomer } from '../../../bench/lib/customers';
import type { RunningApp } from './app';
import { apiUrl } from './api-url';
import type { Call } from '#contract/api';
import { customersApi } from '#contract/customers.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { shopApi } from '#contract/shop.calls';
import { walletApi } from '#contract/wallet.calls';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A build folder with only an index.html: `npm start` then skips its build, and the API is what is under test. */
export function stubDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'resilience-dist-'));
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>resilience</title><div id="root"></div>');
  return dir;
}

export interface PreparedStore {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** the server's extra environment (DATABASE_URL for PostgreSQL) */
  env: Record<string, string>;
  customers: SeededCustomer[];
  /** the database, opened directly (only once the server has stopped, for PGlite) */
  open(): Promise<DatabaseHandle>;
  /** drops the PostgreSQL database */
  drop(): Promise<void>;
}

/**
 * A fresh store with the seed and `count` customers with a session, a funded wallet and points,
 * made before the server starts (PGlite allows one process at a time in its folder).
 */
export async function prepareStore(kind: 'pglite' | 'postgres', count: number): Promise<PreparedStore> {
  const dataDir = mkdtempSync(join(tmpdir(), `resilience-${kind}-`));
  let url: string | undefined;
  let name: string | undefined;
  if (kind === 'postgres') {
    name = `resilience_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const open = () => openDatabase(url ? { databaseUrl: url, poolSize: 4 } : { dataDir: join(dataDir, 'pglite') });
  const handle = await open();
  let customers: SeededCustomer[];
  try {
    await seed(handle.db);
    await liftSlotCaps(handle.db);
    customers = await seedCustomers(handle.db, count, { wallet: 500_000_000, points: 200_000, prefix: 'Resilience' });
  } finally {
    await handle.close();
  }
  return {
    kind,
    dataDir,
    env: url ? { DATABASE_URL: url } : {},
    customers,
    open,
    async drop() {
      if (!name) return;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Traffic
// ---------------------------------------------------------------------------------------------

export interface TrafficResult {
  requests: number;
  /** answers by operation and status: `order 201` → count */
  byStatus: Record<string, number>;
  /** 5xx answers, with what came back */
  serverErrors: string[];
  /** requests that got no answer at all (connection refused or reset) */
  networkErrors: number;
  /** order numbers answered 201 */
  orders: string[];
  /** vouchers answered 201 */
  vouchers: number[];
  /** top-ups paid (the sandbox answered 200 to Pay) */
  topupsPaid: number;
}

type Op = 'catalog' | 'profile' | 'balance' | 'notifications' | 'order' | 'topup' | 'redeem';
// reads 75 %, writes 25 % (a loyalty app is read far more than written): wallet orders, top-ups
// (started, then paid in the sandbox) and redemptions
const MIX: Array<[Op, number]> = [
  ['catalog', 20],
  ['profile', 20],
  ['balance', 20],
  ['notifications', 15],
  ['order', 13],
  ['topup', 6],
  ['redeem', 6],
];
const REWARDS = ['birthday-cake-slice', 'php-50-off', 'kopi-senja-tote-bag', 'barista-masterclass-seat', 'free-iced-latte'];

function pick(): Op {
  let r = Math.random() * 100;
  for (const [op, w] of MIX) {
    r -= w;
    if (r < 0) return op;
  }
  return 'catalog';
}

/** An available product one of which meets the minimum order. */
export async function orderableProductId(baseUrl: string): Promise<number> {
  const r = await fetch(`${baseUrl}${apiUrl(shopApi.catalog)}`);
  const j = (await r.json()) as { data: { categories: Array<{ products: Array<{ id: number; price: number; available: boolean }> }> } };
  const settings = (await (await fetch(`${baseUrl}${apiUrl(settingsApi.mainSetting)}`)).json()) as { data: { min_order?: number } };
  const min = settings.data.min_order ?? 0;
  const product = j.data.categories.flatMap((c) => c.products).find((p) => p.available && p.price >= min);
  if (!product) throw new Error('no available product meets the minimum order');
  return product.id;
}

/**
 * `connections` loops, each with its own customer (round robin over `customers`), sending a random
 * mix of reads and writes until `until(sent)` says stop (`sent`: the requests sent so far, so a run can be
 * a count of work rather than a time, the same on a slow host as on a fast one). Fresh idempotency keys
 * for every write.
 */
export async function runTraffic(o: {
  baseUrl: string;
  customers: SeededCustomer[];
  connections: number;
  productId: number;
  until: (sent: number) => boolean;
}): Promise<TrafficResult> {
  const result: TrafficResult = { requests: 0, byStatus: {}, serverErrors: [], networkErrors: 0, orders: [], vouchers: [], topupsPaid: 0 };
  const count = (op: string, status: number) => {
    const k = `${op} ${status}`;
    result.byStatus[k] = (result.byStatus[k] ?? 0) + 1;
  };

  /** A declared call, as a customer's browser makes it. */
  const call = (op: string, cookie: string, declaration: Call<any, any>, body?: unknown) =>
    send(op, cookie, declaration.method === 'get' ? 'GET' : 'POST', apiUrl(declaration), body);

  async function send(op: string, cookie: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any } | null> {
    result.requests++;
    try {
      const r = await fetch(`${o.baseUrl}${path}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await r.text();
      count(op, r.status);
      if (r.status >= 500) result.serverErrors.push(`${method} ${path} ${r.status} ${text.slice(0, 300)}`);
      let json: any = null;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON: the status says enough
      }
      return { status: r.status, json };
    } catch {
      result.networkErrors++;
      return null;
    }
  }

  async function loop(n: number): Promise<void> {
    const customer = o.customers[n % o.customers.length]!;
    const cookie = `sid=${customer.token}`;
    while (!o.until(result.requests)) {
      const op = pick();
      switch (op) {
        case 'catalog':
          await call(op, cookie, shopApi.catalog);
          break;
        case 'profile':
          await call(op, cookie, customersApi.profile);
          break;
        case 'balance':
          await call(op, cookie, walletApi.balance);
          break;
        case 'notifications':
          await call(op, cookie, notificationsApi.list);
          break;
        case 'order': {
          const r = await call(op, cookie, ordersApi.create, {
            items: [{ product_id: o.productId, qty: 1 + Math.floor(Math.random() * 2) }],
            fulfilment: 'pickup',
            payment_method: 'wallet',
            idempotency_key: randomUUID(),
          });
          if (r?.status === 201) result.orders.push(r.json.data.order.name);
          break;
        }
        case 'topup': {
          const r = await call(op, cookie, walletApi.topup, {
            amount: 10_000 + 1_000 * Math.floor(Math.random() * 50),
            idempotency_key: randomUUID(),
          });
          if (r?.status === 201 && typeof r.json?.data?.payment_url === 'string') {
            // the sandbox's page the top-up answered with, and its complete call under it, as the page posts it
            const paid = await send('topup-pay', cookie, 'POST', `${r.json.data.payment_url}/complete`, { outcome: 'pay' });
            if (paid?.status === 200) result.topupsPaid++;
          }
          break;
        }
        case 'redeem': {
          const r = await call(op, cookie, rewardsApi.redeem, {
            name: REWARDS[Math.floor(Math.random() * REWARDS.length)],
            idempotency_key: randomUUID(),
          });
          if (r?.status === 201) result.vouchers.push(r.json.data.voucher.id);
          break;
        }
      }
    }
  }

  await Promise.all(Array.from({ length: o.connections }, (_, n) => loop(n)));
  return result;
}

export function merge(a: TrafficResult, b: TrafficResult): TrafficResult {
  const byStatus = { ...a.byStatus };
  for (const [k, v] of Object.entries(b.byStatus)) byStatus[k] = (byStatus[k] ?? 0) + v;
  return {
    requests: a.requests + b.requests,
    byStatus,
    serverErrors: [...a.serverErrors, ...b.serverErrors],
    networkErrors: a.networkErrors + b.networkErrors,
    orders: [...a.orders, ...b.orders],
    vouchers: [...a.vouchers, ...b.vouchers],
    topupsPaid: a.topupsPaid + b.topupsPaid,
  };
}

export function summary(t: TrafficResult): string {
  const statuses = Object.entries(t.byStatus)
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  return `${t.requests} requests (${statuses}); ${t.orders.length} orders, ${t.vouchers.length} vouchers, ${t.topupsPaid} top-ups paid; ${t.networkErrors} without an answer`;
}

// ---------------------------------------------------------------------------------------------
// A hard kill
// ---------------------------------------------------------------------------------------------

/**
 * SIGKILL to the server itself: `npm start`'s script runs the built server (dist-server/index.js) as its child, so that child
 * is found in /proc and killed first (the crash under test); the script then exits on its own.
 */
export async function killHard(app: RunningApp): Promise<void> {
  const pid = app.proc.pid!;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no /proc: kill the script and leave it at that
  }
  for (const child of children) process.kill(child, 'SIGKILL');
  await app.stop('SIGKILL');
  // wait until the server's port is really closed (the child is gone)
  for (const child of children) {
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(child, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------------------------

export interface Invariants {
  /** customers whose wallet balance differs from the sum of their wallet ledger */
  walletMismatches: string[];
  /** customers whose points balance differs from the sum of their points ledger */
  pointsMismatches: string[];
  /** rewards and products whose stock is below zero */
  negativeStock: string[];
  /** acknowledged (201) orders not in the database */
  missingOrders: string[];
  /** acknowledged wallet orders without exactly one wallet debit */
  ordersWithoutOneDebit: string[];
  /** acknowledged vouchers not in the database */
  missingVouchers: number[];
  negativeBalances: string[];
  ordersInDatabase: number;
}

export async function checkInvariants(store: PreparedStore, traffic: TrafficResult): Promise<Invariants> {
  const handle = await store.open();
  try {
    const db = handle.db;
    const wallet = await sql<{ id: number; balance: number; ledger: number }>`
      select c.id, c.wallet_balance as balance, coalesce(sum(w.amount), 0)::int8 as ledger
      from customers c left join wallet_ledger w on w.customer_id = c.id
      group by c.id having c.wallet_balance <> coalesce(sum(w.amount), 0)`.execute(db);
    const points = await sql<{ id: number; balance: number; ledger: number }>`
      select c.id, c.points as balance, coalesce(sum(p.points), 0)::int8 as ledger
      from customers c left join points_ledger p on p.customer_id = c.id
      group by c.id having c.points <> coalesce(sum(p.points), 0)`.execute(db);
    const negative = await sql<{ id: number; wallet_balance: number; points: number }>`
      select id, wallet_balance, points from customers where wallet_balance < 0 or points < 0`.execute(db);
    const stock = await sql<{ name: string; stock: number }>`select name, stock from rewards where stock < 0`.execute(db);
    const names = traffic.orders;
    const present = new Set<string>();
    const debits = new Map<string, number>();
    for (let i = 0; i < names.length; i += 500) {
      const chunk = names.slice(i, i + 500);
      for (const r of await db.selectFrom('orders').select('name').where('name', 'in', chunk).execute()) present.add(r.name);
      const refs = chunk.map((n) => `order:${n}`);
      const rows = await db.selectFrom('wallet_ledger').select(['ref']).where('ref', 'in', refs).where('type', '=', 'order').execute();
      for (const r of rows) debits.set(r.ref!.slice(6), (debits.get(r.ref!.slice(6)) ?? 0) + 1);
    }
    const vouchers = new Set<number>();
    for (let i = 0; i < traffic.vouchers.length; i += 500) {
      const chunk = traffic.vouchers.slice(i, i + 500);
      for (const r of await db.selectFrom('vouchers').select('id').where('id', 'in', chunk).execute()) vouchers.add(r.id);
    }
    const total = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      walletMismatches: wallet.rows.map((r) => `customer ${r.id}: balance ${r.balance}, ledger ${r.ledger}`),
      pointsMismatches: points.rows.map((r) => `customer ${r.id}: points ${r.balance}, ledger ${r.ledger}`),
      negativeStock: stock.rows.map((r) => `${r.name}: ${r.stock}`),
      missingOrders: names.filter((n) => !present.has(n)),
      ordersWithoutOneDebit: names.filter((n) => debits.get(n) !== 1),
      missingVouchers: traffic.vouchers.filter((v) => !vouchers.has(v)),
      negativeBalances: negative.rows.map((r) => `customer ${r.id}: wallet ${r.wallet_balance}, points ${r.points}`),
      ordersInDatabase: Number(total.n),
    };
  } finally {
    await handle.close();
  }
}

/** What the test asserts: every list empty. */
export function violations(inv: Invariants): Record<string, unknown[]> {
  const { ordersInDatabase: _n, ...lists } = inv;
  return Object.fromEntries(Object.entries(lists).filter(([, v]) => (v as unknown[]).length > 0));
}
