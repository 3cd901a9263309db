import { beforeAll, expect, it } from 'vitest';
import { newStaff, type TestStaff } from './merchant.helpers';
import { parseCsv } from './support/csv';
import { describeDb, useTestProvider } from './support/provider';
import { dashboardApi } from '#contract/dashboard.calls';
import { callApi } from '../support/calls';

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

describeDb('the dashboard', (kind) => {
  const p = useTestProvider(kind);
  let owner: TestStaff;
  let ids: { a: number; b: number; c: number };

  beforeAll(async () => {
    p.clock.set(NOW);
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const db = p.db;
    const customer = async (name: string, created: string) =>
      (
        await db
          .insertInto('customers')
          .values({ name, phone: null, email: null, created_at: at(created) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids = {
      a: await customer('Ana', '2026-10-01T10:00:00'),
      b: await customer('Ben', '2026-11-20T01:00:00'),
      c: await customer('Carla', '2026-11-15T09:00:00'),
    };

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

    const entry = (
      customerId: number,
      type: 'earn' | 'burn' | 'expire' | 'adjust' | 'owner',
      points: number,
      when: string,
      lot?: { remaining: number; expires: string },
    ) =>
      db
        .insertInto('points_ledger')
        .values({
          customer_id: customerId,
          type,
          points,
          balance_after: Math.max(0, points),
          reason: type,
          remaining: lot?.remaining ?? null,
          expires_at: lot ? at(lot.expires) : null,
          created_at: at(when),
        })
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
      (
        await db
          .insertInto('rewards')
          .values({ name, title: name, points_cost: cost, valid_days: 30, discount_amount: discount, active })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const r1 = await reward('dash-a', 100, 10_000);
    await reward('dash-b', 200, 6_000);
    await reward('dash-counter-only', 50, 0);

    const voucher = async (code: string, when: string) =>
      (
        await db
          .insertInto('vouchers')
          .values({ code, customer_id: ids.a, reward_id: r1, expires_at: at('2026-12-31T00:00:00'), created_at: at(when) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const v1 = await voucher('DASH-0001', '2026-11-20T09:40:00');
    const v2 = await voucher('DASH-0002', '2026-11-20T09:50:00');
    await voucher('DASH-0003', '2026-11-19T20:00:00');
    await db
      .insertInto('counter_redemptions')
      .values({ voucher_id: v1, staff_id: owner.id, redeemed_at: at('2026-11-20T10:00:00') })
      .execute();
    await db
      .insertInto('counter_redemptions')
      .values({ voucher_id: v2, staff_id: owner.id, redeemed_at: at('2026-11-20T10:01:00'), undone_at: at('2026-11-20T10:02:00'), undone_by: owner.id })
      .execute();

    const segment = (await db.selectFrom('wheel_segments').select('id').executeTakeFirstOrThrow()).id;
    const spin = (type: string, when: string, i: number) =>
      db
        .insertInto('wheel_spins')
        .values({
          customer_id: ids.b,
          segment_id: segment,
          odds_version: 1,
          free: i === 0,
          cost_points: 0,
          spin_day: when.slice(0, 10),
          prize: JSON.stringify({ type }),
          created_at: at(when),
        })
        .execute();
    await spin('points', '2026-11-20T08:00:00', 0);
    await spin('voucher', '2026-11-20T08:10:00', 1);
    await spin('none', '2026-11-20T08:20:00', 2);
    await spin('points', '2026-11-19T08:00:00', 3);

    const topup = async (amount: number, status: 'paid' | 'failed', when: string) => {
      const id = crypto.randomUUID();
      await db
        .insertInto('payments')
        .values({ id, customer_id: ids.a, kind: 'topup', amount, status, created_at: at(when), settled_at: at(when) })
        .execute();
      return id;
    };
    const refundedTopup = await topup(10_000, 'paid', '2026-11-20T07:00:00');
    await topup(20_000, 'paid', '2026-11-20T07:30:00');
    await topup(40_000, 'failed', '2026-11-20T07:40:00');
    await topup(5_000, 'paid', '2026-11-19T07:00:00');

    // an order paid yesterday and cancelled today: refunded in full, 25 of its 40 points taken back, a
    // 15-point voucher bought with them cancelled (so 10 net), 15 already spent
    const cancelled = (
      await db
        .insertInto('orders')
        .values({
          name: 'DASH7',
          customer_id: ids.c,
          status: 'cancelled',
          fulfilment: 'pickup',
          payment_method: 'wallet',
          subtotal: 40_000,
          discount: 0,
          delivery_fee: 0,
          total: 40_000,
          points_earned: 40,
          points_taken_back: 25,
          created_at: at('2026-11-19T10:00:00'),
          paid_at: at('2026-11-19T10:00:00'),
          updated_at: at('2026-11-20T10:30:00'),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('order_refunds')
      .values({
        order_id: cancelled,
        method: 'wallet',
        payment_id: null,
        amount: 40_000,
        status: 'succeeded',
        created_at: at('2026-11-20T10:30:00'),
        settled_at: at('2026-11-20T10:30:00'),
      })
      .execute();
    await db
      .insertInto('vouchers')
      .values({
        code: 'DASH-0004',
        customer_id: ids.c,
        reward_id: r1,
        status: 'cancelled',
        points_paid: 15,
        cancelled_with_order: cancelled,
        cancelled_at: at('2026-11-20T10:30:00'),
        expires_at: at('2026-12-31T00:00:00'),
        created_at: at('2026-11-19T12:00:00'),
      })
      .execute();
    // an order paid today and cancelled before it completed: its 20 points were still on their way, so they
    // were voided (the order counts them in points_taken_back) and never issued: nothing was taken back
    // (a walk-through saw them counted taken back, and the points no longer added up)
    const voided = (
      await db
        .insertInto('orders')
        .values({
          name: 'DASH8',
          customer_id: ids.c,
          status: 'cancelled',
          fulfilment: 'pickup',
          payment_method: 'wallet',
          subtotal: 20_000,
          discount: 0,
          delivery_fee: 0,
          total: 20_000,
          points_earned: 20,
          points_taken_back: 20,
          created_at: at('2026-11-20T11:00:00'),
          paid_at: at('2026-11-20T11:00:00'),
          updated_at: at('2026-11-20T11:30:00'),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('points_pending')
      .values({
        customer_id: ids.c,
        points: 20,
        reason: 'Order DASH8',
        ref: 'order:DASH8',
        order_id: voided,
        status: 'voided',
        created_at: at('2026-11-20T11:00:00'),
        settled_at: at('2026-11-20T11:30:00'),
      })
      .execute();
    // a top-up refunded in Stripe's Dashboard (₱60.00 of the ₱100.00 had been spent), a refund of this
    // shop's own cancellation confirmed by the gateway (counted with the cancellation, not again), a dispute
    await db
      .insertInto('gateway_refunds')
      .values({
        payment_id: refundedTopup,
        event_id: 'evt_dash_1',
        amount: 10_000,
        wallet_taken_back: 4_000,
        ours: false,
        created_at: at('2026-11-20T11:00:00'),
      })
      .execute();
    await db
      .insertInto('gateway_refunds')
      .values({ payment_id: refundedTopup, event_id: 'evt_dash_2', amount: 7_000, wallet_taken_back: 0, ours: true, created_at: at('2026-11-20T11:05:00') })
      .execute();
    await db
      .insertInto('payment_disputes')
      .values({
        id: 'dp_dash_1',
        payment_id: refundedTopup,
        amount: 5_000,
        currency: 'PHP',
        reason: 'fraudulent',
        status: 'needs_response',
        created_at: at('2026-11-20T11:30:00'),
      })
      .execute();
  });

  const get = async (period: string) => {
    const res = await callApi(p, dashboardApi.dashboard, { token: owner.token, query: { period } });
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
      tax_collected: 0,
      new_customers: 1,
      returning_customers: 1,
      points_issued: 85,
      points_redeemed: 30,
      points_expired: 5,
      // the owner's deduction of 10, less the system correction's 7 given back
      points_reversed: 3,
      vouchers_issued: 2,
      vouchers_redeemed_at_counter: 1,
      wheel_spins: 3,
      wheel_prizes: { points: 1, voucher: 1, none: 1 },
      topups: 2,
      topup_amount: 30_000,
      // DASH5 (cancelled without a refund row), DASH7 and DASH8
      cancelled_orders: 3,
      refunds: 50_000,
      refunds_at_gateway: 10_000,
      topup_refunds_not_recovered: 6_000,
      disputes: 1,
      disputed_amount: 5_000,
      points_taken_back: 10,
      points_not_taken_back: 15,
    });
    // yesterday, for comparison: the 23:30 order, its points, two vouchers (one cancelled since), a spin, a top-up
    expect(d.previous).toMatchObject({
      orders: 1,
      revenue: 5_000,
      average_order: 5_000,
      points_issued: 5,
      vouchers_issued: 2,
      wheel_spins: 1,
      topups: 1,
      topup_amount: 5_000,
      cancelled_orders: 0,
      refunds: 0,
    });
    expect(d.series).toEqual([
      { day: '2026-11-20', orders: 2, revenue: 35_000, points_issued: 85, points_redeemed: 30, points_taken_back: 10, cancelled_orders: 3, refunds: 50_000 },
    ]);
  });

  it('the last 7 and 30 days', async () => {
    const week = await get('7d');
    expect(week.period.from).toBe('2026-11-13T16:00:00.000Z');
    expect(week.period.days).toEqual(['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(week.figures).toMatchObject({ orders: 3, revenue: 40_000, average_order: 13_333, new_customers: 2, returning_customers: 1 });
    expect(week.series.at(-2)).toEqual({
      day: '2026-11-19',
      orders: 1,
      revenue: 5_000,
      points_issued: 5,
      points_redeemed: 0,
      points_taken_back: 0,
      cancelled_orders: 0,
      refunds: 0,
    });
    expect(week.series[0]).toEqual({
      day: '2026-11-14',
      orders: 0,
      revenue: 0,
      points_issued: 0,
      points_redeemed: 0,
      points_taken_back: 0,
      cancelled_orders: 0,
      refunds: 0,
    });
    // a figure is the sum of its days
    for (const k of ['orders', 'revenue', 'points_issued', 'points_redeemed', 'points_taken_back', 'cancelled_orders', 'refunds'] as const) {
      expect(
        week.series.reduce((n: number, day: Record<string, number>) => n + day[k]!, 0),
        k,
      ).toBe(week.figures[k]);
    }
    const month = await get('30d');
    expect(month.figures).toMatchObject({ orders: 4, revenue: 50_000, average_order: 12_500, new_customers: 2, returning_customers: 0 });
    expect(month.series).toHaveLength(30);
  });

  it('the points liability: what can still be redeemed, its worth, and what expires within 30 days (no wallets nor gift cards here: gift-card-report.test.ts)', async () => {
    const d = await get('today');
    expect(d.liability).toEqual({ points: 85, value_per_point: 65, value: 5_525, expiring_30_days: 70, wallets: 0, gift_cards: 0 });
  });

  it('exports a period’s orders as CSV: the merchant’s days and clock, amounts in pesos with the currency, the customer’s name and phone, safe cells', async () => {
    await p.db.updateTable('customers').set({ name: '=HYPERLINK("http://evil.example","Ben")', phone: '+639171234567' }).where('id', '=', ids.b).execute();
    // an order with a tip and two added taxes (issue 51): the tip and the taxes' sum, and how they were charged
    const taxes = {
      included: false,
      lines: [
        { name: 'VAT', rate: 1200, amount: 2_400 },
        { name: 'Service', rate: 500, amount: 1_000 },
      ],
    };
    await p.db
      .updateTable('orders')
      .set({ tip: 1_000, taxes: JSON.stringify(taxes) })
      .where('name', '=', 'DASH2')
      .execute();
    const res = await callApi(p, dashboardApi.exportOrders, { token: owner.token, query: { from: '2026-11-19', to: '2026-11-20' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-19-to-2026-11-20.csv"');
    const [header, ...rows] = parseCsv(res.text, ',');
    expect(header).toEqual([
      'order',
      'placed_at (Asia/Manila)',
      'paid_at (Asia/Manila)',
      'status',
      'fulfilment',
      'location',
      'pickup_at (Asia/Manila)',
      'table',
      'payment_method',
      'customer_id',
      'customer',
      'customer_phone',
      'items',
      'currency',
      'subtotal',
      'discount',
      'delivery_fee',
      'total',
      'refund',
      'refund_to',
      'refund_status',
      'points_earned',
      'points_taken_back',
      'cancel_reason',
      'tip',
      'tax',
      'tax_mode',
    ]);
    const col = (row: string[], name: string) => row[header!.findIndex((h) => h === name || h.startsWith(`${name} (`))];
    // placed on the 19th or 20th in Manila: all but the order of the 10th
    expect(rows.map((r) => r[0])).toEqual(['DASH2', 'DASH3', 'DASH4', 'DASH5', 'DASH6', 'DASH7', 'DASH8']);
    // a cancelled order: its refund, where it went, and the points taken back
    const dash7 = rows.find((r) => r[0] === 'DASH7')!;
    expect([
      col(dash7, 'status'),
      col(dash7, 'refund'),
      col(dash7, 'refund_to'),
      col(dash7, 'refund_status'),
      col(dash7, 'points_earned'),
      col(dash7, 'points_taken_back'),
    ]).toEqual(['cancelled', '400.00', 'wallet', 'succeeded', '40', '25']);
    const dash4 = rows.find((r) => r[0] === 'DASH4')!;
    // 23:30 the evening before in Manila (15:30 UTC), and ₱50.00 written as 50.00 beside PHP
    expect([col(dash4, 'placed_at'), col(dash4, 'paid_at'), col(dash4, 'currency'), col(dash4, 'total'), col(dash4, 'customer')]).toEqual([
      '2026-11-19 23:30:00',
      '2026-11-19 23:30:00',
      'PHP',
      '50.00',
      'Carla',
    ]);
    const dash2 = rows.find((r) => r[0] === 'DASH2')!;
    expect([col(dash2, 'subtotal'), col(dash2, 'discount'), col(dash2, 'delivery_fee'), col(dash2, 'total')]).toEqual(['200.00', '0.00', '0.00', '200.00']);
    expect([col(dash2, 'tip'), col(dash2, 'tax'), col(dash2, 'tax_mode')]).toEqual(['10.00', '34.00', 'added']);
    expect([col(dash4, 'tip'), col(dash4, 'tax'), col(dash4, 'tax_mode')]).toEqual(['0.00', '', '']);
    await p.db.updateTable('orders').set({ tip: 0, taxes: null }).where('name', '=', 'DASH2').execute();
    // amounts are number cells, unquoted; texts are quoted
    expect(res.text).toContain(',"PHP",200.00,0.00,0.00,200.00,');
    const waiting = rows.find((r) => r[0] === 'DASH6')!;
    expect([col(waiting, 'paid_at'), col(waiting, 'status')]).toEqual(['', 'pending_payment']);
    // a name a spreadsheet would run as a formula is text, quoted as RFC 4180 asks; the phone is marked as text too
    const dash3 = rows.find((r) => r[0] === 'DASH3')!;
    expect([col(dash3, 'customer'), col(dash3, 'customer_phone')]).toEqual(['\'=HYPERLINK("http://evil.example","Ben")', "'+639171234567"]);
    await p.db.updateTable('customers').set({ name: 'Ben', phone: null }).where('id', '=', ids.b).execute();
  });

  it('exports the ledger entries of a period as CSV, the points ledger first; wallet amounts in pesos, every entry with its unit and customer', async () => {
    await p.db
      .insertInto('wallet_ledger')
      .values({ customer_id: ids.a, type: 'topup', amount: 21_050, balance_after: 21_050, reason: 'Wallet top-up', created_at: at('2026-11-20T10:00:00') })
      .execute();
    const res = await callApi(p, dashboardApi.exportLedger, { token: owner.token, query: { from: '2026-11-20', to: '2026-11-20' } });
    const [header, ...rows] = parseCsv(res.text, ',');
    expect(header).toEqual([
      'ledger',
      'id',
      'created_at (Asia/Manila)',
      'customer_id',
      'customer',
      'customer_phone',
      'type',
      'change',
      'balance_after',
      'unit',
      'reason',
      'ref',
    ]);
    expect(rows.map((r) => [r[0], r[6], r[7], r[9]])).toEqual([
      ['points', 'earn', '20', 'points'],
      ['points', 'earn', '15', 'points'],
      ['points', 'owner', '50', 'points'],
      ['points', 'adjust', '7', 'points'],
      ['points', 'burn', '-30', 'points'],
      ['points', 'expire', '-5', 'points'],
      ['points', 'owner', '-10', 'points'],
      ['wallet', 'topup', '210.50', 'PHP'],
    ]);
    expect(rows.at(-1)!.slice(2, 5)).toEqual(['2026-11-20 10:00:00', String(ids.a), 'Ana']);
    expect(rows[0]!.slice(2, 5)).toEqual(['2026-11-20 09:00:00', String(ids.a), 'Ana']);
  });

  it('refuses an export period the wrong way round, too long, or not a date', async () => {
    for (const [query, field] of [
      [{ from: '2026-11-20', to: '2026-11-19' }, 'to'],
      [{ from: '2025-01-01', to: '2026-11-20' }, 'to'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '20 Nov', to: '2026-11-20' }, 'from'],
    ] as const) {
      const res = await callApi(p, dashboardApi.exportOrders, { token: owner.token, query });
      expect([res.status, Object.keys(res.body.error.fields)]).toEqual([400, [field]]);
    }
  });

  it('is the owner’s: staff get 403', async () => {
    const staff = await newStaff(p.db, p.clock, { role: 'staff' });
    expect((await callApi(p, dashboardApi.dashboard, { token: staff.token, query: { period: 'today' } })).status).toBe(403);
  });
});
