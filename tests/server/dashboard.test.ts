import { afterAll, beforeAll, expect, it } from 'vitest';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeEachDb, startTestProvider, type TestProvider } from './support/provider';

/**
 * The owner's dashboard (issue 14) against a data set whose answers are written down by hand. The
 * shop is in Manila (UTC+8); "now" is 2026-11-20 12:00 there. Orders, ledger entries, vouchers,
 * counter redemptions, spins and top-ups are written straight into the tables with their times, so
 * each figure's boundaries are exercised: a cancelled order, one waiting for payment, an order at 23:30
 * the evening before (yesterday in Manila although the same UTC date as today's 00:30), an undone
 * counter redemption, a failed top-up, an expired lot, the owner's deduction, a system correction.
 */

const NOW = '2026-11-20T04:00:00.000Z'; // 12:00 in Manila
const at = (manila: string) => new Date(`${manila}+08:00`);

describeEachDb('the dashboard', (kind) => {
  let p: TestProvider;
  let owner: TestStaff;
  let ids: { a: number; b: number; c: number };

  beforeAll(async () => {
    p = await startTestProvider(kind);
    p.clock.set(NOW);
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const db = p.db;
    const customer = async (name: string, created: string) =>
      (await db.insertInto('customers').values({ name, phone: null, email: null, created_at: at(created) }).returning('id').executeTakeFirstOrThrow()).id;
    ids = { a: await customer('Ana', '2026-10-01T10:00:00'), b: await customer('Ben', '2026-11-20T01:00:00'), c: await customer('Carla', '2026-11-15T09:00:00') };

    let seq = 0;
    const order = (customerId: number, total: number, paid: string | null, status = 'completed') =>
      db
        .insertInto('orders')
        .values({
          name: `DASH${++seq}`,
          customer_id: customerId,
          status,
          fulfilment: 'pickup',
          payment_method: 'wallet',
          subtotal: total,
          discount: 0,
          delivery_fee: 0,
          total,
          created_at: paid ? at(paid) : at('2026-11-20T11:00:00'),
          updated_at: paid ? at(paid) : at('2026-11-20T11:00:00'),
          paid_at: paid ? at(paid) : null,
        })
        .execute();
    await order(ids.a, 10_000, '2026-11-10T12:00:00');
    await order(ids.a, 20_000, '2026-11-20T09:00:00');
    await order(ids.b, 15_000, '2026-11-20T00:30:00');
    await order(ids.c, 5_000, '2026-11-19T23:30:00');
    await order(ids.a, 99_999, '2026-11-20T08:00:00', 'cancelled');
    await order(ids.c, 7_777, null, 'pending_payment');

    const entry = (customerId: number, type: 'earn' | 'burn' | 'expire' | 'adjust' | 'owner', points: number, when: string, lot?: { remaining: number; expires: string }) =>
      db
        .insertInto('points_ledger')
        .values({ customer_id: customerId, type, points, balance_after: Math.max(0, points), reason: type, remaining: lot?.remaining ?? null, expires_at: lot ? at(lot.expires) : null, created_at: at(when) })
        .execute();
    await entry(ids.a, 'earn', 20, '2026-11-20T09:00:00', { remaining: 20, expires: '2026-11-30T09:00:00' });
    await entry(ids.b, 'earn', 15, '2026-11-20T00:30:00', { remaining: 15, expires: '2027-06-01T00:00:00' });
    await entry(ids.c, 'owner', 50, '2026-11-20T10:00:00', { remaining: 50, expires: '2026-12-10T10:00:00' });
    await entry(ids.c, 'adjust', 7, '2026-11-20T10:05:00');
    await entry(ids.a, 'burn', -30, '2026-11-20T09:30:00');
    await entry(ids.c, 'expire', -5, '2026-11-20T01:00:00');
    await entry(ids.c, 'owner', -10, '2026-11-20T10:10:00');
    await entry(ids.c, 'earn', 5, '2026-11-19T23:30:00', { remaining: 5, expires: '2026-11-20T11:00:00' }); // past its date, not yet expired by the job

    // the catalogue's worth of a point: (10,000 / 100 + 6,000 / 200) / 2 = 65 minor units
    await db.updateTable('rewards').set({ active: false }).execute();
    const reward = async (name: string, cost: number, discount: number, active = true) =>
      (await db.insertInto('rewards').values({ name, title: name, points_cost: cost, valid_days: 30, discount_amount: discount, active }).returning('id').executeTakeFirstOrThrow()).id;
    const r1 = await reward('dash-a', 100, 10_000);
    await reward('dash-b', 200, 6_000);
    await reward('dash-counter-only', 50, 0);

    const voucher = async (code: string, when: string) =>
      (await db.insertInto('vouchers').values({ code, customer_id: ids.a, reward_id: r1, expires_at: at('2026-12-31T00:00:00'), created_at: at(when) }).returning('id').executeTakeFirstOrThrow()).id;
    const v1 = await voucher('DASH-0001', '2026-11-20T09:40:00');
    const v2 = await voucher('DASH-0002', '2026-11-20T09:50:00');
    await voucher('DASH-0003', '2026-11-19T20:00:00');
    await db.insertInto('counter_redemptions').values({ voucher_id: v1, staff_id: owner.id, redeemed_at: at('2026-11-20T10:00:00') }).execute();
    await db.insertInto('counter_redemptions').values({ voucher_id: v2, staff_id: owner.id, redeemed_at: at('2026-11-20T10:01:00'), undone_at: at('2026-11-20T10:02:00'), undone_by: owner.id }).execute();

    const segment = (await db.selectFrom('wheel_segments').select('id').executeTakeFirstOrThrow()).id;
    const spin = (type: string, when: string, i: number) =>
      db.insertInto('wheel_spins').values({ customer_id: ids.b, segment_id: segment, odds_version: 1, free: i === 0, cost_points: 0, spin_day: when.slice(0, 10), prize: JSON.stringify({ type }), created_at: at(when) }).execute();
    await spin('points', '2026-11-20T08:00:00', 0);
    await spin('voucher', '2026-11-20T08:10:00', 1);
    await spin('none', '2026-11-20T08:20:00', 2);
    await spin('points', '2026-11-19T08:00:00', 3);

    const topup = (amount: number, status: 'paid' | 'failed', when: string) =>
      db.insertInto('payments').values({ id: crypto.randomUUID(), customer_id: ids.a, kind: 'topup', amount, status, created_at: at(when), settled_at: at(when) }).execute();
    await topup(10_000, 'paid', '2026-11-20T07:00:00');
    await topup(20_000, 'paid', '2026-11-20T07:30:00');
    await topup(40_000, 'failed', '2026-11-20T07:40:00');
    await topup(5_000, 'paid', '2026-11-19T07:00:00');
  });
  afterAll(() => p.close());

  const get = async (period: string) => {
    const res = await p.call('get', 'merchant/dashboard', { token: owner.token, query: { period } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('today: every figure as counted by hand', async () => {
    const d = await get('today');
    expect(d.period).toEqual({ name: 'today', from: '2026-11-19T16:00:00.000Z', to: NOW, days: ['2026-11-20'] });
    expect(d.figures).toEqual({
      orders: 2,
      revenue: 35_000,
      average_order: 17_500,
      new_customers: 1,
      returning_customers: 1,
      points_issued: 85,
      points_redeemed: 30,
      points_expired: 5,
      vouchers_issued: 2,
      vouchers_redeemed_at_counter: 1,
      wheel_spins: 3,
      wheel_prizes: { points: 1, voucher: 1, none: 1 },
      topups: 2,
      topup_amount: 30_000,
    });
    // yesterday, for comparison: the 23:30 order, its points, a voucher, a spin, a top-up
    expect(d.previous).toMatchObject({ orders: 1, revenue: 5_000, average_order: 5_000, points_issued: 5, vouchers_issued: 1, wheel_spins: 1, topups: 1, topup_amount: 5_000 });
    expect(d.series).toEqual([{ day: '2026-11-20', orders: 2, revenue: 35_000, points_issued: 85, points_redeemed: 30 }]);
  });

  it('the last 7 and 30 days', async () => {
    const week = await get('7d');
    expect(week.period.from).toBe('2026-11-13T16:00:00.000Z');
    expect(week.period.days).toEqual(['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(week.figures).toMatchObject({ orders: 3, revenue: 40_000, average_order: 13_333, new_customers: 2, returning_customers: 1 });
    expect(week.series.at(-2)).toEqual({ day: '2026-11-19', orders: 1, revenue: 5_000, points_issued: 5, points_redeemed: 0 });
    expect(week.series[0]).toEqual({ day: '2026-11-14', orders: 0, revenue: 0, points_issued: 0, points_redeemed: 0 });
    const month = await get('30d');
    expect(month.figures).toMatchObject({ orders: 4, revenue: 50_000, average_order: 12_500, new_customers: 2, returning_customers: 0 });
    expect(month.series).toHaveLength(30);
  });

  it('the points liability: what can still be redeemed, its worth, and what expires within 30 days', async () => {
    const d = await get('today');
    expect(d.liability).toEqual({ points: 85, value_per_point: 65, value: 5_525, expiring_30_days: 70 });
  });

  it('exports a period’s orders as CSV: the merchant’s days, every order placed in them, safe cells', async () => {
    await p.db.updateTable('customers').set({ name: '=HYPERLINK("http://evil.example","Ben")' }).where('id', '=', ids.b).execute();
    const res = await p.call('get', 'merchant/export/orders.csv', { token: owner.token, query: { from: '2026-11-19', to: '2026-11-20' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-19-to-2026-11-20.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('order,placed_at,paid_at,status,fulfilment,payment_method,customer_id,customer,items,subtotal,discount,delivery_fee,total,points_earned,cancel_reason');
    // placed on the 19th or 20th in Manila: all but the order of the 10th
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['DASH2', 'DASH3', 'DASH4', 'DASH5', 'DASH6']);
    // a name a spreadsheet would run as a formula is text, quoted as RFC 4180 asks
    expect(lines.find((l) => l.startsWith('DASH3,'))).toContain(`"'=HYPERLINK(""http://evil.example"",""Ben"")"`);
    await p.db.updateTable('customers').set({ name: 'Ben' }).where('id', '=', ids.b).execute();
  });

  it('exports the ledger entries of a period as CSV, the points ledger first', async () => {
    const res = await p.call('get', 'merchant/export/ledger.csv', { token: owner.token, query: { from: '2026-11-20', to: '2026-11-20' } });
    const rows = res.text.trimEnd().split('\r\n').slice(1).map((l) => l.split(','));
    expect(rows.map((r) => [r[0], r[4], r[5]])).toEqual([
      ['points', 'earn', '20'],
      ['points', 'earn', '15'],
      ['points', 'owner', '50'],
      ['points', 'adjust', '7'],
      ['points', 'burn', '-30'],
      ['points', 'expire', '-5'],
      ['points', 'owner', '-10'],
    ]);
  });

  it('refuses an export period the wrong way round, too long, or not a date', async () => {
    for (const [query, field] of [
      [{ from: '2026-11-20', to: '2026-11-19' }, 'to'],
      [{ from: '2025-01-01', to: '2026-11-20' }, 'to'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '20 Nov', to: '2026-11-20' }, 'from'],
    ] as const) {
      const res = await p.call('get', 'merchant/export/orders.csv', { token: owner.token, query });
      expect([res.status, Object.keys(res.body.error.fields)]).toEqual([400, [field]]);
    }
  });

  it('is the owner’s: staff get 403', async () => {
    const staff = await newStaff(p.db, p.clock, { role: 'staff' });
    expect((await p.call('get', 'merchant/dashboard', { token: staff.token, query: { period: 'today' } })).status).toBe(403);
  });
});
