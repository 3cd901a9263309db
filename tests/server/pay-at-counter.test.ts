/**
 * Pay at the counter (issue 54), the provider's side: the owner's switch (off by default), for dine-in
 * orders only; such an order is made at once (the board's open orders, the stations' tickets) but is not
 * paid: no points, no revenue, no refund when cancelled, until staff mark it paid at the till (cash or
 * card, audited), which earns its points once; the customer may not mark it, staff of another location
 * may not either; and on PostgreSQL, ten taps at once give one payment and one credit.
 */
import { expect, it } from 'vitest';
import { boardApi } from '#contract/board.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { ordersApi } from '#contract/orders.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { stationsApi } from '#contract/stations.calls';
import { tablesConsoleApi } from '#contract/tables.calls';
import { newStaff, ownerAndStaff } from './merchant.helpers';
import { key, ledgers, products } from './orders.helpers';
import { describeEachDb, describePostgres, TEST_MERCHANT_KEY, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

/** Wednesday 25 November 2026, 10:00 in Manila (the shop's time zone). */
const WED_10AM = new Date('2026-11-25T02:00:00Z');
const ALL_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '00:00' }]]));

type Card = { name: string; status: string; payment_method: string; counter_due?: number; paid_at: string | null };

function helpers(p: TestProvider, team: ReturnType<typeof ownerAndStaff>) {
  const firstLocation = async () => p.db.selectFrom('locations').select(['id']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  const addTable = async (locationId: number, label: string) => {
    const res = await team.post(tablesConsoleApi.create, { location_id: locationId, label });
    expect(res.status, res.text).toBe(201);
    return (res.body.data as { tables: { label: string; code: string }[] }).tables.find((t) => t.label === label)!;
  };
  const rules = (body: Record<string, boolean>) => team.post(shopSettingsApi.update, body).expect(200);
  const basket = async () => [{ product_id: (await products(p)).latte.id, qty: 2 }];
  const order = async (token: string, extra: Record<string, unknown>) =>
    callApi(p, ordersApi.create, {
      token,
      body: { items: await basket(), fulfilment: 'dine_in', payment_method: 'counter', idempotency_key: key(), ...extra },
    });
  const markPaid = (name: string, how: 'cash' | 'card', token = team.staff.token) => callApi(p, boardApi.markPaid, { token, body: { name, how } });
  const row = (name: string) => p.db.selectFrom('orders').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const pending = async (name: string) =>
    (await p.db.selectFrom('points_pending').select(['points', 'status']).where('ref', '=', `order:${name}`).execute()).map((r) => [r.points, r.status]);
  const credits = async (customerId: number, name: string) =>
    (await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', customerId).where('ref', '=', `order:${name}`).execute()).map(
      (r) => r.points,
    );
  const card = async (name: string, token = team.staff.token) => {
    const board = (await callApi(p, boardApi.board, { token, query: {} }).expect(200)).body.data as { orders: Card[]; awaiting_payment: Card[]; done: Card[] };
    return {
      open: board.orders.find((c) => c.name === name),
      awaiting: board.awaiting_payment.find((c) => c.name === name),
      done: board.done.find((c) => c.name === name),
    };
  };
  /** A counter order (made at once: preparing) taken to ready and completed through the machine integration. */
  const finish = async (name: string) => {
    for (const status of ['ready', 'completed']) {
      const res = await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name, status } });
      expect(res.status, res.text).toBe(200);
    }
  };
  const revenue = async () => (await callApi(p, dashboardApi.dashboard, { token: team.owner.token, query: { period: 'today' } }).expect(200)).body.data.figures;
  return { firstLocation, addTable, rules, basket, order, markPaid, row, pending, credits, card, finish, revenue };
}

describeEachDb('pay at the counter', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const t = helpers(p, team);

  it('is off by default (400, plainly), for table orders only, and the quote says whether it is offered', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'C1');
    await t.rules({ dine_in: true });
    const settings = await callApi(p, shopSettingsApi.read, { token: team.owner.token }).expect(200);
    expect(settings.body.data.pay_at_counter).toBe(false);
    const ana = await p.newCustomer({ wallet: 100_000 });
    const { latte } = await products(p);
    const q = (
      await callApi(p, ordersApi.quote, {
        token: ana.token,
        body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'dine_in', table_code: table.code },
      }).expect(200)
    ).body.data;
    expect(q.pay_at_counter).toBe(false);
    const off = await t.order(ana.token, { table_code: table.code });
    expect([off.status, off.body.error.fields, off.body.message]).toEqual([
      400,
      { payment_method: 'this shop does not take payment at the counter' },
      'This shop does not take payment at the counter. Pay now with your wallet or card.',
    ]);
    await t.rules({ pay_at_counter: true });
    const on = (
      await callApi(p, ordersApi.quote, {
        token: ana.token,
        body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'dine_in', table_code: table.code },
      }).expect(200)
    ).body.data;
    expect(on.pay_at_counter).toBe(true);
    // pickup stays pay-now: not offered, and refused
    const pickupQuote = await callApi(p, ordersApi.quote, {
      token: ana.token,
      body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup' },
    }).expect(200);
    expect(pickupQuote.body.data).not.toHaveProperty('pay_at_counter');
    const pickup = await callApi(p, ordersApi.create, {
      token: ana.token,
      body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'counter', idempotency_key: key() },
    });
    expect([pickup.status, pickup.body.error.fields]).toEqual([400, { payment_method: 'counter is for table orders only' }]);
    // nothing written by the refusals
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', ana.id).execute()).toEqual([]);
    await t.rules({ pay_at_counter: false, dine_in: false });
  });

  it('made at once but unpaid: on the board with its badge and at the station; no points, no revenue; marked paid once, then earns', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'C2');
    await t.rules({ dine_in: true, pay_at_counter: true });
    await p.db.deleteFrom('station_tickets').execute();
    await p.db.deleteFrom('stations').execute();
    const kitchen = (await callApi(p, stationsApi.create, { token: team.owner.token, body: { name: 'Kitchen' } }).expect(201)).body.data.stations[0]
      .id as number;
    const ana = await p.newCustomer({ wallet: 100_000 });
    const before = await t.revenue();
    const placed = await t.order(ana.token, { table_code: table.code });
    expect(placed.status, placed.text).toBe(201);
    const o = placed.body.data.order;
    expect(o).toMatchObject({ status: 'preparing', payment_method: 'counter', counter_due: o.total, points_earned: 0, table_label: 'C2' });
    expect(placed.body.message).toMatch(/^Order .+ is on its way to the kitchen\. Pay ₱.+ at the counter\.$/);
    expect(placed.body.data).not.toHaveProperty('payment_url');
    // nothing taken, nothing earned, no revenue
    const l = await ledgers(p, ana.id);
    expect([l.wallet, l.points]).toEqual([100_000, 0]);
    expect(await t.pending(o.name)).toEqual([]);
    expect((await t.row(o.name)).paid_at).toBeNull();
    p.clock.advance(1000);
    const unpaid = await t.revenue();
    expect([unpaid.revenue - before.revenue, unpaid.orders - before.orders]).toEqual([0, 0]);
    // the kitchen makes it: an open order on the board (not awaiting payment) with its badge, and a station ticket
    const seen = await t.card(o.name);
    expect(seen.awaiting).toBeUndefined();
    expect(seen.open).toMatchObject({ status: 'preparing', payment_method: 'counter', counter_due: o.total, paid_at: null });
    const tickets = (await callApi(p, stationsApi.tickets, { token: team.staff.token, query: { station_id: kitchen } }).expect(200)).body.data.tickets as {
      order: string;
      counter_due?: number;
    }[];
    expect(tickets.find((x) => x.order === o.name)).toMatchObject({ status: 'preparing', counter_due: o.total });
    // the customer may not mark their own order paid
    const self = await callApi(p, boardApi.markPaid, { token: ana.token, body: { name: o.name, how: 'cash' } });
    expect(self.status).toBe(401);
    expect((await t.row(o.name)).paid_at).toBeNull();
    // staff mark it paid in cash: paid, points pending as an online payment's, audited
    const paid = await t.markPaid(o.name, 'cash');
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.message).toBe(`Order ${o.name} is paid.`);
    expect(paid.body.data.order).not.toHaveProperty('counter_due');
    expect(paid.body.data.order).toMatchObject({ status: 'preparing', points_earned: o.points_earned === 0 ? expect.any(Number) : o.points_earned });
    const r = await t.row(o.name);
    expect([r.paid_at, r.counter_paid_with, r.points_earned]).toEqual([p.clock.now(), 'cash', r.points_to_earn]);
    expect(r.points_earned).toBeGreaterThan(0);
    expect(await t.pending(o.name)).toEqual([[r.points_earned, 'pending']]);
    const audit = await p.db.selectFrom('audit_log').selectAll().where('action', '=', 'order.mark_paid').where('target', '=', `order:${o.name}`).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staff_id).toBe(team.staff.id);
    // a second tap: 409, nothing more
    const again = await t.markPaid(o.name, 'card', team.owner.token);
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(await t.pending(o.name)).toHaveLength(1);
    // the order page: the usual paid view
    const detail = (await callApi(p, ordersApi.detail, { token: ana.token, query: { name: o.name } }).expect(200)).body.data.order;
    expect(detail).not.toHaveProperty('counter_due');
    // counted in revenue now
    p.clock.advance(1000);
    const after = await t.revenue();
    expect([after.revenue - before.revenue, after.orders - before.orders]).toEqual([o.total, 1]);
    // completed: the points credited once
    await t.finish(o.name);
    expect(await t.credits(ana.id, o.name)).toEqual([r.points_earned]);
    expect((await ledgers(p, ana.id)).points).toBe(r.points_earned);
    await t.rules({ pay_at_counter: false, dine_in: false });
  });

  it('completed before it was paid: earns nothing then, and everything when the owner marks it paid by card', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'C3');
    await t.rules({ dine_in: true, pay_at_counter: true });
    const ben = await p.newCustomer({ wallet: 0 });
    const placed = await t.order(ben.token, { table_code: table.code });
    expect(placed.status, placed.text).toBe(201);
    const { name } = placed.body.data.order;
    await t.finish(name);
    expect((await ledgers(p, ben.id)).points).toBe(0);
    expect(await t.credits(ben.id, name)).toEqual([]);
    expect((await t.card(name, team.owner.token)).done).toMatchObject({ status: 'completed', counter_due: placed.body.data.order.total });
    const paid = await t.markPaid(name, 'card', team.owner.token);
    expect(paid.status, paid.text).toBe(200);
    const r = await t.row(name);
    expect(r.counter_paid_with).toBe('card');
    expect(r.points_earned).toBeGreaterThan(0);
    // completed already: credited at once (no hold), once
    expect(await t.credits(ben.id, name)).toEqual([r.points_earned]);
    expect((await ledgers(p, ben.id)).points).toBe(r.points_earned);
    await t.rules({ pay_at_counter: false, dine_in: false });
  });

  it('cancelling an unpaid counter order refunds nothing; a paid or cancelled one cannot be marked paid', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'C4');
    await t.rules({ dine_in: true, pay_at_counter: true });
    const cy = await p.newCustomer({ wallet: 50_000 });
    const placed = await t.order(cy.token, { table_code: table.code });
    expect(placed.status, placed.text).toBe(201);
    const { name } = placed.body.data.order;
    const cancelled = await callApi(p, boardApi.cancel, { token: team.staff.token, body: { name, reason: 'Left before it was served' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.order).toMatchObject({ status: 'cancelled', refund: null });
    expect(cancelled.body.data.order).not.toHaveProperty('counter_due');
    const l = await ledgers(p, cy.id);
    expect([l.wallet, l.walletEntries, l.points]).toEqual([50_000, 1, 0]);
    expect(
      await p.db
        .selectFrom('order_refunds')
        .select('order_id')
        .where('order_id', '=', (await t.row(name)).id)
        .execute(),
    ).toEqual([]);
    const late = await t.markPaid(name, 'cash');
    expect([late.status, late.body.error.code]).toEqual([409, 'CONFLICT']);
    // an order paid from the wallet: nothing to take at the counter
    const wallet = await t.order(cy.token, { table_code: table.code, payment_method: 'wallet' });
    expect(wallet.status, wallet.text).toBe(201);
    const notCounter = await t.markPaid(wallet.body.data.order.name, 'cash');
    expect([notCounter.status, notCounter.body.error.code]).toEqual([409, 'CONFLICT']);
    const unknown = await t.markPaid('KS-00000000', 'cash');
    expect(unknown.status).toBe(404);
    await t.rules({ pay_at_counter: false, dine_in: false });
  });

  it("staff of another location are refused (403), as on the board; the location's own staff may", async () => {
    p.clock.set(WED_10AM);
    const home = await t.firstLocation();
    const away = await p.db
      .insertInto('locations')
      .values({
        name: 'Cebu Counter',
        address: '1 Main Street, Cebu',
        lat: 10.3,
        lng: 123.9,
        hours: JSON.stringify(ALL_DAY),
        delivery_areas: '[]',
        position: 5,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const table = await t.addTable(away.id, 'A1');
    await t.rules({ dine_in: true, pay_at_counter: true });
    const local = await newStaff(p.db, p.clock, { name: 'Lito' });
    await p.db.insertInto('staff_locations').values({ staff_id: local.id, location_id: home.id }).execute();
    const there = await newStaff(p.db, p.clock, { name: 'Cora' });
    await p.db.insertInto('staff_locations').values({ staff_id: there.id, location_id: away.id }).execute();
    const dee = await p.newCustomer({ wallet: 0 });
    const placed = await t.order(dee.token, { table_code: table.code });
    expect(placed.status, placed.text).toBe(201);
    const { name } = placed.body.data.order;
    const refused = await t.markPaid(name, 'cash', local.token);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'LOCATION_FORBIDDEN']);
    expect((await t.row(name)).paid_at).toBeNull();
    expect((await t.markPaid(name, 'cash', there.token)).status).toBe(200);
    await p.db.deleteFrom('staff_locations').where('staff_id', 'in', [local.id, there.id]).execute();
    await t.rules({ pay_at_counter: false, dine_in: false });
  });
});

describePostgres('pay at the counter, two tills at once', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  const team = ownerAndStaff(p);
  const t = helpers(p, team);

  it('ten taps of mark-paid at once on each of five orders: one payment and one points credit each', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'R1');
    await t.rules({ dine_in: true, pay_at_counter: true });
    const customers = await Promise.all(Array.from({ length: 5 }, () => p.newCustomer({ wallet: 0 })));
    const names: string[] = [];
    for (const c of customers) {
      const placed = await t.order(c.token, { table_code: table.code });
      expect(placed.status, placed.text).toBe(201);
      names.push(placed.body.data.order.name);
      await t.finish(placed.body.data.order.name);
    }
    const answers = await Promise.all(
      names.flatMap((name) => Array.from({ length: 10 }, (_, i) => t.markPaid(name, i % 2 ? 'cash' : 'card', i % 3 ? team.staff.token : team.owner.token))),
    );
    expect(
      answers.every((a) => [200, 409].includes(a.status)),
      answers.map((a) => `${a.status} ${a.text.slice(0, 120)}`).join('\n'),
    ).toBe(true);
    for (const [i, name] of names.entries()) {
      const mine = answers.slice(i * 10, i * 10 + 10);
      expect(mine.filter((a) => a.status === 200)).toHaveLength(1);
      const r = await t.row(name);
      expect(r.paid_at).not.toBeNull();
      const c = customers[i]!;
      expect(await t.credits(c.id, name)).toEqual([r.points_earned]);
      const l = await ledgers(p, c.id);
      expect([l.points, l.pointsSum]).toEqual([r.points_earned, r.points_earned]);
      const events = await p.db.selectFrom('order_events').select('status').where('order_id', '=', r.id).where('status', '=', 'paid').execute();
      expect(events).toHaveLength(1);
      expect(
        await p.db.selectFrom('audit_log').select('id').where('action', '=', 'order.mark_paid').where('target', '=', `order:${name}`).execute(),
      ).toHaveLength(1);
    }
  });
});
