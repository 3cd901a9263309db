/**
 * The dashboard's tax collected (issue 51): each order's tax lines summed into `orders.tax` by its insert
 * (migration 0058), summed by the dashboard over the period's paid orders, cancelled ones left out as for
 * revenue; and the read stays index-only on `orders_paid_idx`, which carries `tax` beside `total`.
 * On PGlite and PostgreSQL: the index and the planner are each engine's own.
 */
import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import * as m0058 from '../../server/db/migrations/0058-purchase-receipts-order-tax';
import { boardApi } from '#contract/board.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { ordersApi } from '#contract/orders.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { ownerAndStaff } from './merchant.helpers';
import { key, products } from './orders.helpers';
import { describeEachDb, openTestDatabase, useTestProvider } from './support/provider';
import { callApi } from '../support/calls';

const VAT = { name: 'VAT', rate: 1200 };

describeEachDb('the dashboard: tax collected', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);

  const order = async (token: string) => {
    const res = await callApi(p, ordersApi.create, {
      token,
      body: { items: [{ product_id: (await products(p)).latte.id, qty: 3 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.order as { name: string; total: number; taxes?: { lines: { amount: number }[] } };
  };
  const taxOf = async (name: string) => (await p.db.selectFrom('orders').select('tax').where('name', '=', name).executeTakeFirstOrThrow()).tax;
  const today = async () => (await callApi(p, dashboardApi.dashboard, { token: team.owner.token, query: { period: 'today' } }).expect(200)).body.data.figures;

  it('sums the tax lines of paid orders: one without tax, one with, a cancelled one left out', async () => {
    p.clock.set('2026-11-20T04:00:00.000Z'); // noon in Manila: every order below is today's
    const before = await today();
    const ana = await p.newCustomer({ wallet: 500_000 });
    // no rates yet: no tax
    const plain = await order(ana.token);
    expect(plain.taxes).toBeUndefined();
    expect(await taxOf(plain.name)).toBe(0);

    // 12% added at checkout, and a second rate: the order's tax is both lines
    await callApi(p, shopSettingsApi.update, {
      token: team.owner.token,
      body: { tax_rates: [VAT, { name: 'City tax', rate: 150 }], tax_inclusive: false },
    }).expect(200);
    const taxed = await order(ana.token);
    const lines = taxed.taxes!.lines.map((l) => l.amount);
    expect(lines).toHaveLength(2);
    const tax = lines[0]! + lines[1]!;
    expect(tax).toBeGreaterThan(0);
    expect(await taxOf(taxed.name)).toBe(tax);

    // taxed too, then cancelled: neither its revenue nor its tax count
    const cancelled = await order(ana.token);
    expect(await taxOf(cancelled.name)).toBe(tax);
    const res = await callApi(p, boardApi.cancel, { token: team.staff.token, body: { name: cancelled.name, reason: 'Out of milk' } });
    expect(res.status, res.text).toBe(200);

    // the period ends now: a moment later, the orders are in it
    p.clock.advance(1000);
    const after = await today();
    expect(after.tax_collected - before.tax_collected).toBe(tax);
    expect(after.revenue - before.revenue).toBe(plain.total + taxed.total);
    expect(after.orders - before.orders).toBe(2);
  });

  it('reads paid orders index-only: orders_paid_idx carries total and tax', async () => {
    const now = p.clock.now();
    const plan = await p.db.transaction().execute(async (trx) => {
      // a test database is small: the planner would read the table; off, it must still not need it
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain select count(*), sum(total), sum(tax), count(distinct customer_id) from orders
        where paid_at >= ${new Date(now.getTime() - 86_400_000)} and paid_at < ${now} and status <> 'cancelled'`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using orders_paid_idx on orders/);
    // without tax in the index, the same read would need the table
    const without = await p.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain select sum(points_to_earn) from orders where paid_at >= ${now} and status <> 'cancelled'`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(without).not.toMatch(/Index Only Scan/);
  });

  it('migration 0058 fills the tax of the orders before it from their tax lines (0 without), and undoes cleanly', async () => {
    const h = await openTestDatabase(kind, 2);
    try {
      const db = h.db as unknown as Kysely<unknown>;
      await m0058.down(db);
      const customer = (
        await h.db.insertInto('customers').values({ name: 'Old', phone: null, email: null, created_at: new Date() }).returning('id').executeTakeFirstOrThrow()
      ).id;
      const old = (name: string, taxes: string | null) =>
        sql`insert into orders (name, customer_id, status, fulfilment, payment_method, subtotal, discount, delivery_fee, total, taxes, created_at, updated_at, paid_at)
            values (${name}, ${customer}, 'completed', 'pickup', 'wallet', 10000, 0, 0, 11350, ${taxes}::jsonb, now(), now(), now())`.execute(db);
      await old(
        'OLD-TAXED',
        JSON.stringify({
          included: false,
          lines: [
            { name: 'VAT', rate: 1200, amount: 1200 },
            { name: 'City tax', rate: 150, amount: 150 },
          ],
        }),
      );
      await old('OLD-PLAIN', null);
      await old('OLD-EMPTY', JSON.stringify({ included: true, lines: [] }));
      await m0058.up(db);
      const rows = await h.db.selectFrom('orders').select(['name', 'tax']).where('name', 'like', 'OLD-%').orderBy('name').execute();
      expect(rows).toEqual([
        { name: 'OLD-EMPTY', tax: 0 },
        { name: 'OLD-PLAIN', tax: 0 },
        { name: 'OLD-TAXED', tax: 1350 },
      ]);
      const index = await sql<{ def: string }>`select pg_get_indexdef('orders_paid_idx'::regclass) as def`.execute(db);
      expect(index.rows[0]!.def).toMatch(/INCLUDE \(customer_id, total, tax\)/);
    } finally {
      await h.close();
    }
  });
});
