import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seed } from '../../server/db/seed';
import type { DatabaseHandle } from '../../server/db';
import { dashboardAt } from '../../server/provider/dashboard/dashboard.service';
import { NotEmptyError, seedVolume, type VolumeCounts } from '../../scripts/seed-volume.ts';
import { describeEachDb, openTestDatabase } from './support/provider';

/**
 * `npm run seed-volume` (scripts/seed-volume.ts), small: the rows it writes keep the schema's rules and
 * tell one consistent story (running balances, balances, one free spin a day), the dashboard reads them,
 * and a database that already has customers is refused, with nothing written.
 */
const NOW = new Date('2026-11-20T04:00:00.000Z');

describeEachDb('seed-volume', (kind) => {
  let h: DatabaseHandle;
  let counts: VolumeCounts;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seed(h.db);
    counts = await seedVolume(h.db, { orders: 400, now: NOW });
  }, 120_000);
  afterAll(() => h?.close());

  const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(h.db)).rows[0]!;

  it('writes the orders asked for, the rest in proportion', async () => {
    expect(counts.orders).toBe(400);
    expect(counts.customers).toBe(50);
    expect((await one(sql<{ n: number }>`select count(*)::int as n from orders`)).n).toBe(400);
    expect((await one(sql<{ n: number }>`select count(*)::int as n from customers`)).n).toBe(50);
    expect(counts.order_items).toBeGreaterThanOrEqual(400);
    // about ten ledger entries an order, as at full volume (1,000,000 for 100,000 orders)
    expect(counts.points_ledger + counts.wallet_ledger).toBeGreaterThan(8 * 400);
  });

  it('keeps every total and running balance consistent', async () => {
    // an order's total is its items plus delivery; points earned at 1 per 10 of the currency on the items (not the delivery fee)
    const wrongTotals = await one(sql<{ n: number }>`
      select count(*)::int as n from orders o
      where o.total <> o.delivery_fee + (select sum(price * qty) from order_items i where i.order_id = o.id)
         or (o.paid_at is not null and o.status <> 'cancelled' and o.points_earned <> (o.total - o.delivery_fee) / 1000)`);
    expect(wrongTotals.n).toBe(0);
    // each entry's balance is the running sum of the customer's entries, and each balance the last of them
    for (const [ledger, amount, balance] of [
      ['points_ledger', 'points', 'points'],
      ['wallet_ledger', 'amount', 'wallet_balance'],
    ] as const) {
      const running = await one(sql<{ n: number }>`
        select count(*)::int as n from (
          select balance_after, sum(${sql.ref(amount)}) over (partition by customer_id order by id) as run from ${sql.table(ledger)}
        ) x where balance_after <> run or balance_after < 0`);
      expect(running.n, ledger).toBe(0);
      const balances = await one(sql<{ n: number }>`
        select count(*)::int as n from customers c
        where c.${sql.ref(balance)} <> coalesce((select sum(${sql.ref(amount)}) from ${sql.table(ledger)} l where l.customer_id = c.id), 0)`);
      expect(balances.n, ledger).toBe(0);
    }
    // a wallet order was paid from a top-up already there
    const topups = await one(sql<{ n: number }>`select count(*)::int as n from payments where kind = 'topup' and status = 'paid'`);
    expect(topups.n).toBe((await one(sql<{ n: number }>`select count(*)::int as n from orders where payment_method = 'wallet' and paid_at is not null`)).n);
  });

  it('keeps the wheel within one free spin a day, every spin after its customer signed up', async () => {
    const spins = await one(sql<{ free: number; days: number; early: number }>`
      select count(*) filter (where free)::int as free, count(distinct (customer_id, spin_day)) filter (where free)::int as days,
        count(*) filter (where s.created_at < c.created_at)::int as early
      from wheel_spins s join customers c on c.id = s.customer_id`);
    expect(spins.free).toBeGreaterThan(0);
    expect(spins.free).toBe(spins.days);
    expect(spins.early).toBe(0);
  });

  it('gives the dashboard a month of figures to show', async () => {
    const d = await dashboardAt(h.db, 'kopi-senja', NOW, '30d');
    expect(d.figures.orders).toBeGreaterThan(100);
    expect(d.figures.revenue).toBeGreaterThan(0);
    expect(d.figures.points_issued).toBeGreaterThan(0);
    expect(d.figures.points_redeemed).toBeGreaterThan(0);
    expect(d.figures.wheel_spins).toBe(d.figures.wheel_prizes.points + d.figures.wheel_prizes.voucher + d.figures.wheel_prizes.none);
    expect(d.figures.vouchers_redeemed_at_counter).toBeGreaterThan(0);
    expect(d.series.reduce((n, day) => n + day.orders, 0)).toBe(d.figures.orders);
    expect(d.liability.points).toBeGreaterThan(0);
  });

  it('refuses a database that already has customers, writing nothing', async () => {
    await expect(seedVolume(h.db, { orders: 400, now: NOW })).rejects.toBeInstanceOf(NotEmptyError);
    expect((await one(sql<{ n: number }>`select count(*)::int as n from orders`)).n).toBe(400);
    await expect(seedVolume(h.db, { orders: 10, now: NOW, force: true })).rejects.toBeInstanceOf(RangeError);
  });
});
