/**
 * Kitchen display stations (issue 54), the provider's side on PGlite and PostgreSQL: the owner's
 * stations and routes (a product's own route over its category's, the default station for the rest),
 * a station's tickets (its lines only), bump and un-bump, the order ready through the lifecycle when
 * every line at every station is bumped (the customer told once), an un-bump after ready refused, a
 * cancelled order's lines refused, another order's line refused; staff may bump but not edit. On
 * PostgreSQL: two screens bumping one line at once give one bump, and 20 bumps of the last two tickets
 * at once make the order ready once, with one notice.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { boardApi } from '#contract/board.calls';
import { ordersApi } from '#contract/orders.calls';
import { stationsApi } from '#contract/stations.calls';
import { waitTone, type StationTicket } from '#contract/stations';
import { ALL_DAY } from '../../server/db/seed/locations';
import { newStaff, ownerAndStaff } from './merchant.helpers';
import { key, menu } from './orders.helpers';
import { describeEachDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

function stationsSuite(p: TestProvider) {
  const team = ownerAndStaff(p);
  let M: Awaited<ReturnType<typeof menu>>;
  const cats = new Map<string, number>();
  beforeAll(async () => {
    M = await menu(p);
    for (const c of await p.db.selectFrom('categories').select(['id', 'name']).execute()) cats.set(c.name, c.id);
  });
  beforeEach(async () => {
    p.ctx.demoOrderProgress = false;
    await p.db.deleteFrom('station_tickets').execute();
    await p.db.deleteFrom('stations').execute();
  });
  const product = (name: string) => M.get(name)!.id;
  const category = (name: string) => cats.get(name)!;
  const owner = () => team.owner.token;

  async function station(name: string, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await callApi(p, stationsApi.create, { token: owner(), body: { name } });
    expect(res.status, res.text).toBe(201);
    const id = (res.body.data.stations as { id: number; name: string }[]).find((s) => s.name === name)!.id;
    if (Object.keys(extra).length)
      await callApi(p, stationsApi.update, { token: owner(), body: { id, name, late_minutes: 10, is_default: false, ...extra } }).expect(200);
    return id;
  }
  const route = (target: 'category' | 'product', id: number, station_id: number | null, token = owner()) =>
    callApi(p, stationsApi.route, { token, body: { target, id, station_id } });

  /** A paid wallet pickup order of these products (one of each), by a customer named Maria Santos. */
  async function order(names: string[]) {
    const c = await p.newCustomer({ wallet: 1_000_000, name: 'Maria Santos' });
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: names.map((n) => ({ product_id: product(n), qty: 1 })), fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(res.status, res.text).toBe(201);
    return { c, name: res.body.data.order.name as string };
  }
  const tickets = async (stationId: number, token = team.staff.token) => {
    const res = await callApi(p, stationsApi.tickets, { token, query: { station_id: stationId } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.tickets as StationTicket[];
  };
  const ticketOf = async (stationId: number, orderName: string) => (await tickets(stationId)).find((t) => t.order === orderName);
  const bump = (station_id: number, orderName: string, line_ids?: number[], token = team.staff.token) =>
    callApi(p, stationsApi.bump, { token, body: { station_id, order: orderName, ...(line_ids ? { line_ids } : {}) } });
  const unbump = (station_id: number, orderName: string, line_ids?: number[], token = team.staff.token) =>
    callApi(p, stationsApi.unbump, { token, body: { station_id, order: orderName, ...(line_ids ? { line_ids } : {}) } });
  const status = async (name: string) => (await p.db.selectFrom('orders').select('status').where('name', '=', name).executeTakeFirstOrThrow()).status;
  const events = async (name: string) =>
    (
      await p.db
        .selectFrom('order_events as e')
        .innerJoin('orders as o', 'o.id', 'e.order_id')
        .select('e.status')
        .where('o.name', '=', name)
        .orderBy('e.id')
        .execute()
    ).map((e) => e.status);
  const readyNotices = async (customerId: number, name: string) =>
    (
      await p.db
        .selectFrom('notifications')
        .select('title')
        .where('customer_id', '=', customerId)
        .where('title', '=', `Order ${name} is ready for pickup`)
        .execute()
    ).length;
  return { team, station, route, order, tickets, ticketOf, bump, unbump, status, events, readyNotices, product, category, owner };
}

describeEachDb('kitchen display stations', (kind) => {
  const p = useTestProvider(kind);
  const s = stationsSuite(p);

  it('the owner adds, renames and removes stations; staff may read them but not change them', async () => {
    const bar = await s.station('Bar');
    const list = await callApi(p, stationsApi.list, { token: s.team.staff.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({
      stations: [{ id: bar, name: 'Bar', is_default: false, late_minutes: 10, categories: [], products: [] }],
      default_station_id: bar,
    });
    const staff = s.team.staff.token;
    for (const res of [
      await callApi(p, stationsApi.create, { token: staff, body: { name: 'Mine' } }),
      await callApi(p, stationsApi.update, { token: staff, body: { id: bar, name: 'X', late_minutes: 5, is_default: true } }),
      await callApi(p, stationsApi.remove, { token: staff, body: { id: bar } }),
      await s.route('category', s.category('Coffee'), bar, staff),
    ])
      expect([res.status, res.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    const kitchen = await s.station('Kitchen', { is_default: true, late_minutes: 15 });
    // one default at a time: making Bar the default lets go of Kitchen
    const saved = await callApi(p, stationsApi.update, { token: s.owner(), body: { id: bar, name: 'Drinks bar', late_minutes: 8, is_default: true } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.stations.map((x: { name: string; is_default: boolean }) => [x.name, x.is_default])).toEqual([
      ['Drinks bar', true],
      ['Kitchen', false],
    ]);
    expect(saved.body.data.default_station_id).toBe(bar);
    const missing = await callApi(p, stationsApi.update, { token: s.owner(), body: { id: 999_999, name: 'X', late_minutes: 5, is_default: false } });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const removed = await callApi(p, stationsApi.remove, { token: s.owner(), body: { id: bar } });
    expect(removed.body.data).toMatchObject({ stations: [{ id: kitchen }], default_station_id: kitchen });
    // who did what is in the activity log
    const audit = await p.db.selectFrom('audit_log').select('action').where('action', 'like', 'station.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['station.create', 'station.create', 'station.delete', 'station.update', 'station.update']);
  });

  it("routes each line: a product's own route over its category's, the rest to the default station; each screen shows its lines only", async () => {
    const bar = await s.station('Bar');
    const kitchen = await s.station('Kitchen', { is_default: true });
    await s.route('category', s.category('Coffee'), bar).expect(200);
    await s.route('category', s.category('Meals'), kitchen).expect(200);
    // an iced latte is a coffee, but its own route sends it to the kitchen
    const routed = await s.route('product', s.product('Iced latte'), kitchen);
    expect(routed.body.data.stations.find((x: { id: number }) => x.id === kitchen)).toMatchObject({
      categories: [s.category('Meals')],
      products: [s.product('Iced latte')],
    });
    const { name } = await s.order(['Spanish latte', 'Iced latte', 'Longganisa pandesal sandwich', 'Butter croissant']);
    const atBar = await s.ticketOf(bar, name);
    expect(atBar).toMatchObject({ order: name, status: 'paid', fulfilment: 'pickup', pickup_name: 'Maria', table_label: null });
    expect(atBar!.lines.map((l) => [l.name, l.qty, l.bumped_at])).toEqual([['Spanish latte', 1, null]]);
    const atKitchen = await s.ticketOf(kitchen, name);
    expect(atKitchen!.lines.map((l) => l.name)).toEqual(['Iced latte', 'Longganisa pandesal sandwich', 'Butter croissant']);
    // routing a line is once: a route changed now leaves it where it is
    await s.route('product', s.product('Iced latte'), null).expect(200);
    expect((await s.ticketOf(kitchen, name))!.lines).toHaveLength(3);
    // a category or product that is not there, a station that is not there
    expect((await s.route('category', 999_999, bar)).status).toBe(404);
    expect((await s.route('product', s.product('Iced latte'), 999_999)).status).toBe(404);
  });

  it('bump and un-bump: the first bump starts the order, the last makes it ready once and tells the customer; an un-bump after ready is refused', async () => {
    const bar = await s.station('Bar');
    const kitchen = await s.station('Kitchen', { is_default: true });
    await s.route('category', s.category('Coffee'), bar).expect(200);
    const { c, name } = await s.order(['Spanish latte', 'Longganisa pandesal sandwich', 'Butter croissant']);
    const lines = (await s.ticketOf(kitchen, name))!.lines;
    const first = await s.bump(kitchen, name, [lines[0]!.id]);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ changed: [lines[0]!.id], order_status: 'preparing' });
    expect(first.body.data.ticket.lines.map((l: { bumped_at: string | null }) => l.bumped_at !== null)).toEqual([true, false]);
    // bumping it again changes nothing (idempotent); un-bump puts it back, bump again
    expect((await s.bump(kitchen, name, [lines[0]!.id])).body.data.changed).toEqual([]);
    expect((await s.unbump(kitchen, name, [lines[0]!.id])).body.data).toMatchObject({ changed: [lines[0]!.id], order_status: 'preparing' });
    expect((await s.ticketOf(kitchen, name))!.lines.every((l) => l.bumped_at === null)).toBe(true);
    // the whole kitchen ticket: off the kitchen's screen, the bar still to make
    expect((await s.bump(kitchen, name)).body.data).toMatchObject({ changed: lines.map((l) => l.id), order_status: 'preparing' });
    expect(await s.ticketOf(kitchen, name)).toBeUndefined();
    expect(await s.status(name)).toBe('preparing');
    const done = await s.bump(bar, name);
    expect(done.body.data.order_status).toBe('ready');
    expect(await s.events(name)).toEqual(['pending_payment', 'paid', 'preparing', 'ready']);
    expect(await s.readyNotices(c.id, name)).toBe(1);
    const detail = await callApi(p, ordersApi.detail, { token: c.token, query: { name } });
    expect(detail.body.data.order.status).toBe('ready');
    // the last bump once more: done already, nothing changes; an un-bump does not move the order back
    expect((await s.bump(bar, name)).body.data).toMatchObject({ changed: [], order_status: 'ready' });
    const back = await s.unbump(bar, name);
    expect([back.status, back.body.error.code]).toEqual([409, 'INVALID_TRANSITION']);
    expect(back.body.message).toContain('ready already');
    expect(await s.status(name)).toBe('ready');
    expect(await s.ticketOf(bar, name)).toBeUndefined();
  });

  it("refuses a cancelled order's lines, another order's line, another station's ticket and an unknown order", async () => {
    const bar = await s.station('Bar');
    const kitchen = await s.station('Kitchen');
    await s.route('category', s.category('Meals'), kitchen).expect(200);
    const a = await s.order(['Spanish latte']);
    const b = await s.order(['Cappuccino', 'Tapsilog']);
    const aLine = (await s.ticketOf(bar, a.name))!.lines[0]!.id;
    const other = await s.bump(bar, b.name, [aLine]);
    expect([other.status, other.body.error.code, other.body.error.fields]).toEqual([404, 'NOT_FOUND', { line_ids: 'must be lines of this ticket' }]);
    // the kitchen has no line of order a
    expect((await s.bump(kitchen, a.name)).status).toBe(404);
    expect((await s.bump(bar, 'NOPE-1')).status).toBe(404);
    expect((await s.bump(999_999, a.name)).status).toBe(404);
    expect((await callApi(p, stationsApi.tickets, { token: s.team.staff.token, query: { station_id: 999_999 } })).status).toBe(404);
    // cancelled on the board: its lines leave the screens, a bump is refused plainly
    await callApi(p, boardApi.cancel, { token: s.team.staff.token, body: { name: b.name, reason: 'Out of rice' } }).expect(200);
    expect(await s.ticketOf(bar, b.name)).toBeUndefined();
    const refused = await s.bump(bar, b.name);
    expect([refused.status, refused.body.error.code, refused.body.message]).toEqual([
      409,
      'INVALID_TRANSITION',
      `Order ${b.name} was cancelled: there is nothing to make.`,
    ]);
    expect(await s.status(a.name)).toBe('paid');
  });

  it("a staff member limited to another location neither sees nor bumps this location's tickets", async () => {
    const bar = await s.station('Bar');
    const { name } = await s.order(['Spanish latte']);
    const elsewhere = await p.db
      .insertInto('locations')
      .values({ name: 'Cebu', address: '1 Main Street, Cebu', lat: 10.3157, lng: 123.8854, hours: JSON.stringify(ALL_DAY), delivery_areas: '[]', position: 9 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const away = await newStaff(p.db, p.clock, { role: 'staff' });
    await p.db.insertInto('staff_locations').values({ staff_id: away.id, location_id: elsewhere.id }).execute();
    expect((await s.tickets(bar, away.token)).map((t) => t.order)).not.toContain(name);
    expect((await s.tickets(bar)).map((t) => t.order)).toContain(name);
    const refused = await s.bump(bar, name, undefined, away.token);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'LOCATION_FORBIDDEN']);
    expect(await s.status(name)).toBe('paid');
  });

  it("a removed station's tickets move to the default station", async () => {
    const bar = await s.station('Bar');
    const kitchen = await s.station('Kitchen', { is_default: true });
    await s.route('category', s.category('Coffee'), bar).expect(200);
    const { name } = await s.order(['Spanish latte']);
    expect((await s.ticketOf(bar, name))!.lines).toHaveLength(1);
    await callApi(p, stationsApi.remove, { token: s.owner(), body: { id: bar } }).expect(200);
    expect((await s.ticketOf(kitchen, name))!.lines.map((l) => l.name)).toEqual(['Spanish latte']);
  });

  it('the waiting time turns amber from half the late minutes and red at them', () => {
    expect([0, 4, 5, 9, 10, 30].map((m) => waitTone(m, 10))).toEqual(['fresh', 'fresh', 'soon', 'soon', 'late', 'late']);
  });
});

describePostgres('kitchen display stations: screens at once', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  const s = stationsSuite(p);

  it('two screens bumping one line at once give one bump; un-bump after it works', async () => {
    const bar = await s.station('Bar');
    await s.station('Kitchen');
    const { name } = await s.order(['Spanish latte', 'Cappuccino']);
    const line = (await s.ticketOf(bar, name))!.lines[0]!.id;
    const all = await Promise.all(Array.from({ length: 10 }, () => s.bump(bar, name, [line])));
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(all.filter((r) => r.body.data.changed.length === 1)).toHaveLength(1);
    expect(await s.events(name)).toEqual(['pending_payment', 'paid', 'preparing']);
    expect((await s.unbump(bar, name, [line])).body.data.changed).toEqual([line]);
  });

  it('20 bumps of the last two stations at once: the order becomes ready once, with one notice', async () => {
    const bar = await s.station('Bar');
    const kitchen = await s.station('Kitchen');
    await s.route('category', s.category('Meals'), kitchen).expect(200);
    const { c, name } = await s.order(['Spanish latte', 'Tapsilog']);
    await s.tickets(bar);
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => s.bump(i % 2 ? bar : kitchen, name)));
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(all.filter((r) => r.body.data.changed.length > 0)).toHaveLength(2);
    expect(await s.events(name)).toEqual(['pending_payment', 'paid', 'preparing', 'ready']);
    expect(await s.readyNotices(c.id, name)).toBe(1);
    expect(await s.status(name)).toBe('ready');
  });
});
