import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { MINUTE } from '../../server/lib/clock';
import { newStaff, type TestStaff } from './merchant.helpers';
import { key, ledgers, makeAddress, products } from './orders.helpers';
import { describeDb, useTestProvider, type TestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { counterApi } from '#contract/counter.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { callApi } from '../support/calls';

/**
 * Orders per location (issue 28): the location that makes an order (pickup: the one asked for or the
 * first; delivery: the first whose area holds the address, at that area's fee), its pickup slots and
 * their caps under concurrency, refusals when it is closed or paused, products it does not sell, and
 * the board, tickets and counter of staff limited to locations.
 */

/** Wednesday 25 November 2026, 10:00 in Manila (the shop's time zone). */
const WED_10AM = new Date('2026-11-25T02:00:00Z');
const ALL_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '00:00' }]]));
const SEVEN_TO_NINE = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '07:00', close: '09:00' }]]));
/** Around Cebu City: a square of [lng, lat] positions, far outside Makati's 25 km. */
const CEBU_SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [123.8, 10.2],
      [124.0, 10.2],
      [124.0, 10.4],
      [123.8, 10.4],
      [123.8, 10.2],
    ],
  ],
};

interface Placed {
  status: number;
  body: {
    data: { order: { name: string; pickup_at: string | null; location: { id: number; name: string; address: string } | null } };
    error?: { code: string; fields?: Record<string, string> };
    message: string;
  };
}

function suite(p: TestProvider) {
  const firstLocation = async () =>
    await p.db.selectFrom('locations').select(['id', 'name', 'address']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  const updateLocation = (id: number, values: Record<string, unknown>) =>
    p.db
      .updateTable('locations')
      .set(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'object' && v !== null && !(v instanceof Date) ? JSON.stringify(v) : v])))
      .where('id', '=', id)
      .execute();
  const addLocation = async (name: string, o: { lat?: number; lng?: number; areas?: unknown[] } = {}) =>
    (
      await p.db
        .insertInto('locations')
        .values({
          name,
          address: `1 Main Street, ${name}`,
          lat: o.lat ?? 10.3157,
          lng: o.lng ?? 123.8854,
          hours: JSON.stringify(ALL_DAY),
          delivery_areas: JSON.stringify(o.areas ?? []),
          position: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const quote = (token: string, body: object) => callApi(p, ordersApi.quote, { token, body });
  const order = async (token: string, body: object, qty = 1): Promise<Placed> => {
    const { latte } = await products(p);
    return (await callApi(p, ordersApi.create, {
      token,
      body: { items: [{ product_id: latte.id, qty }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key(), ...body },
    })) as unknown as Placed;
  };
  const asapSlot = async (token: string, locationId?: number) => {
    const { latte } = await products(p);
    const q = await quote(token, {
      items: [{ product_id: latte.id, qty: 1 }],
      fulfilment: 'pickup',
      ...(locationId ? { location_id: locationId } : {}),
    }).expect(200);
    return q.body.data.pickup_at as string;
  };
  const slotTaken = async (locationId: number, at: string) =>
    (await p.db.selectFrom('pickup_slots').select('taken').where('location_id', '=', locationId).where('slot_at', '=', new Date(at)).executeTakeFirst())
      ?.taken ?? 0;
  const limitTo = (staff: TestStaff, locationId: number) =>
    p.db.insertInto('staff_locations').values({ staff_id: staff.id, location_id: locationId }).execute();
  return { firstLocation, updateLocation, addLocation, quote, order, asapSlot, slotTaken, limitTo };
}

describeDb('orders per location', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  const t = suite(p);

  it('50 concurrent wallet orders for a slot with room for 5: 5 are placed, 45 answer SLOT_FULL and keep their money', async () => {
    const makati = await t.firstLocation();
    await t.updateLocation(makati.id, { slot_capacity: 5 });
    const customers = await Promise.all(Array.from({ length: 50 }, () => p.newCustomer({ wallet: 100_000 })));
    const slot = await t.asapSlot(customers[0]!.token);
    const answers = await Promise.all(customers.map((c) => t.order(c.token, { pickup_at: slot })));
    const placed = answers.filter((a) => a.status === 201);
    const full = answers.filter((a) => a.status === 409);
    // anything else (a lock waited on past lock_timeout on a host far too busy: 503) is named, not just counted
    const other = answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => `${a.status} ${a.body.error?.code}: ${a.body.message}`);
    expect(other).toEqual([]);
    expect(placed).toHaveLength(5);
    expect(full).toHaveLength(45);
    expect(full.every((a) => a.body.error!.code === 'SLOT_FULL')).toBe(true);
    // the next slot with room, offered to those who did not get this one
    const next = (full[0]!.body as unknown as { data: { next_slot: string } }).data.next_slot;
    expect(new Date(next).getTime()).toBeGreaterThan(new Date(slot).getTime());
    expect(placed.every((a) => a.body.data.order.pickup_at === slot && a.body.data.order.location?.id === makati.id)).toBe(true);
    expect(await t.slotTaken(makati.id, slot)).toBe(5);
    expect(await p.db.selectFrom('orders').select('id').where('pickup_at', '=', new Date(slot)).execute()).toHaveLength(5);
    const refusedIds = customers.filter((_, i) => answers[i]!.status === 409).map((c) => c.id);
    for (const id of refusedIds) expect(await ledgers(p, id)).toMatchObject({ wallet: 100_000, walletSum: 100_000, walletEntries: 1 });
  });

  it('12 concurrent orders as soon as possible, 5 to a slot: the first two slots fill, the third takes the rest', async () => {
    p.clock.set(WED_10AM);
    const makati = await t.firstLocation();
    await t.updateLocation(makati.id, { slot_capacity: 5 });
    const customers = await Promise.all(Array.from({ length: 12 }, () => p.newCustomer({ wallet: 100_000 })));
    const answers = await Promise.all(customers.map((c) => t.order(c.token, {})));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const bySlot = new Map<string, number>();
    for (const a of answers) bySlot.set(a.body.data.order.pickup_at!, (bySlot.get(a.body.data.order.pickup_at!) ?? 0) + 1);
    expect(Object.fromEntries(bySlot)).toEqual({ '2026-11-25T02:15:00.000Z': 5, '2026-11-25T02:30:00.000Z': 5, '2026-11-25T02:45:00.000Z': 2 });
    for (const [slot, n] of bySlot) expect(await t.slotTaken(makati.id, slot)).toBe(n);
  });

  it('as soon as possible looks past the next 16 slots when they are all full', async () => {
    // an order's first try looks at the next 16 slots only (ordering.ts FIRST_SLOTS); the rest one by one
    p.clock.set(WED_10AM);
    const makati = await t.firstLocation();
    await t.updateLocation(makati.id, { slot_capacity: 1 });
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const times: string[] = [];
    for (let i = 0; i < 18; i++) {
      const placed = await t.order(c.token, {});
      expect(placed.status).toBe(201);
      times.push(placed.body.data.order.pickup_at!);
    }
    // 10:15, 10:30, … one slot each, the 17th and 18th past the first try's 16
    expect(times).toEqual(Array.from({ length: 18 }, (_, i) => new Date(WED_10AM.getTime() + (i + 1) * 15 * 60_000).toISOString()));
  });

  it("stores each paid pickup order's answer with the slot it took: a replay answers the same pickup time", async () => {
    // the answer is stored by the slot's own statement, its pickup time filled in there (orders.service
    // answerWithSlot): on the first try, one by one past 16 full slots, and for a slot asked for
    p.clock.set(WED_10AM);
    const makati = await t.firstLocation();
    await t.updateLocation(makati.id, { slot_capacity: 1 });
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const placed: Array<{ idempotency_key: string; body: Placed['body'] }> = [];
    for (let i = 0; i < 17; i++) {
      const idempotency_key = `slot-${i}-${key()}`;
      const first = await t.order(c.token, { idempotency_key });
      expect(first.status).toBe(201);
      placed.push({ idempotency_key, body: first.body });
    }
    const asked = `slot-asked-${key()}`;
    const askedFirst = await t.order(c.token, { idempotency_key: asked, pickup_at: '2026-11-25T08:00:00.000Z' });
    expect(askedFirst.body.data.order.pickup_at).toBe('2026-11-25T08:00:00.000Z');
    placed.push({ idempotency_key: asked, body: askedFirst.body });
    expect(placed[16]!.body.data.order.pickup_at).toBe(new Date(WED_10AM.getTime() + 17 * 15 * 60_000).toISOString());
    for (const { idempotency_key, body } of placed) {
      const again = await t.order(c.token, { idempotency_key, ...(idempotency_key === asked ? { pickup_at: '2026-11-25T08:00:00.000Z' } : {}) });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(body);
    }
    // the orders themselves hold the same times
    const rows = await p.db.selectFrom('orders').select('pickup_at').where('customer_id', '=', c.id).orderBy('id').execute();
    expect(rows.map((r) => r.pickup_at?.toISOString())).toEqual(placed.map((x) => x.body.data.order.pickup_at));
  });

  it('as soon as possible takes the next slot when the first is full, and a cancellation gives the place back', async () => {
    p.clock.set(WED_10AM);
    const makati = await t.firstLocation();
    await t.updateLocation(makati.id, { slot_capacity: 1 });
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const a = await p.newCustomer({ wallet: 100_000 });
    const b = await p.newCustomer({ wallet: 100_000 });
    // 10:00 plus 10 minutes' preparation: the 10:15 slot first
    expect(await t.asapSlot(a.token)).toBe('2026-11-25T02:15:00.000Z');
    const first = await t.order(a.token, {});
    expect(first.status).toBe(201);
    expect(first.body.data.order.pickup_at).toBe('2026-11-25T02:15:00.000Z');
    expect(await t.asapSlot(b.token)).toBe('2026-11-25T02:30:00.000Z');
    const second = await t.order(b.token, {});
    expect(second.body.data.order.pickup_at).toBe('2026-11-25T02:30:00.000Z');
    // asking for the full slot by name: refused with the next one with room
    const c = await p.newCustomer({ wallet: 100_000 });
    const refused = await t.order(c.token, { pickup_at: '2026-11-25T02:15:00.000Z' });
    expect(refused.status).toBe(409);
    expect(refused.body.error!.code).toBe('SLOT_FULL');
    expect((refused.body as unknown as { data: { next_slot: string } }).data.next_slot).toBe('2026-11-25T02:45:00.000Z');
    await callApi(p, boardApi.cancel, { token: owner.token, body: { name: first.body.data.order.name, reason: 'Machine broke' } }).expect(200);
    expect(await t.slotTaken(makati.id, '2026-11-25T02:15:00.000Z')).toBe(0);
    expect(await t.asapSlot(c.token)).toBe('2026-11-25T02:15:00.000Z');
    // a time that is not one of the slots
    const odd = await t.order(c.token, { pickup_at: '2026-11-25T02:17:00.000Z' });
    expect(odd.status).toBe(400);
    expect(odd.body.error).toMatchObject({ code: 'VALIDATION', fields: { pickup_at: 'is not one of the pickup times: choose one from the list' } });
  });

  it('refuses a delivery address outside every area, writing nothing; a polygon area holding it chooses its location and fee', async () => {
    const { latte } = await products(p);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const cebuAddress = (
      await p.db
        .insertInto('addresses')
        .values({
          customer_id: c.id,
          label: 'Cebu',
          recipient: 'Ana Cruz',
          phone: '+639171234567',
          line1: '5 Osmeña Blvd',
          city: 'Cebu City',
          postal_code: '6000',
          lat: 10.3,
          lng: 123.9,
          note: null,
          created_at: p.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const body = { items: [{ product_id: latte.id, qty: 2 }], fulfilment: 'delivery', address_id: cebuAddress, payment_method: 'wallet' };
    const outside = await callApi(p, ordersApi.create, { token: c.token, body: { ...body, idempotency_key: key() } });
    expect(outside.status).toBe(409);
    expect(outside.body.error).toEqual({ code: 'OUTSIDE_DELIVERY_AREA', fields: { address_id: 'is outside our delivery areas' } });
    expect(outside.body.message).toBe("We don't deliver to this address yet. Choose another address, or pick up your order.");
    expect((await t.quote(c.token, body)).status).toBe(409);
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(0);
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 1_000_000, walletEntries: 1 });

    const cebu = await t.addLocation('Cebu', { areas: [{ kind: 'polygon', name: 'Cebu City', fee: 7000, min_order: 50_000, polygon: CEBU_SQUARE }] });
    const q = await t.quote(c.token, body).expect(200);
    expect(q.body.data).toMatchObject({
      location_id: cebu,
      delivery_fee: 7000,
      min_order: 50_000,
      below_minimum_by: 50_000 - 2 * latte.price,
      pickup_at: null,
    });
    const below = await callApi(p, ordersApi.create, { token: c.token, body: { ...body, idempotency_key: key() } });
    expect(below.status).toBe(400);
    expect(below.body.error.code).toBe('BELOW_MINIMUM');
    const placed = await callApi(p, ordersApi.create, { token: c.token, body: { ...body, items: [{ product_id: latte.id, qty: 4 }], idempotency_key: key() } });
    expect(placed.status).toBe(201);
    expect(placed.body.data.order).toMatchObject({ delivery_fee: 7000, location: { id: cebu, name: 'Cebu', address: '1 Main Street, Cebu' }, pickup_at: null });
    // the Makati address still goes to Makati, at the shop's fee
    const makatiAddress = await makeAddress(p, c.id);
    expect((await t.quote(c.token, { ...body, address_id: makatiAddress }).expect(200)).body.data).toMatchObject({
      location_id: (await t.firstLocation()).id,
      delivery_fee: 4900,
    });
  });

  it('refuses orders while closed or paused with when it opens again; orders placed before go on, and after the pause they are taken', async () => {
    p.clock.set(WED_10AM);
    const makati = await t.firstLocation();
    const staff = await newStaff(p.db, p.clock);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const before = await t.order(c.token, {});
    expect(before.status).toBe(201);

    await t.updateLocation(makati.id, { hours: SEVEN_TO_NINE });
    const closed = await t.order(c.token, {});
    expect(closed.status).toBe(409);
    expect(closed.body.error!.code).toBe('LOCATION_CLOSED');
    expect(closed.body.message).toBe("We're closed right now. We open again tomorrow at 7:00 AM.");
    expect((closed.body as unknown as { data: unknown }).data).toEqual({ next_open_at: '2026-11-25T23:00:00.000Z' });
    // the quote still prices it (the app shows the menu), for tomorrow's first slot
    expect(await t.asapSlot(c.token)).toBe('2026-11-25T23:00:00.000Z');

    await t.updateLocation(makati.id, { hours: ALL_DAY, paused: true, paused_until: new Date(WED_10AM.getTime() + 30 * MINUTE) });
    const paused = await t.order(c.token, {});
    expect(paused.status).toBe(409);
    expect(paused.body.error!.code).toBe('ORDERING_PAUSED');
    expect(paused.body.message).toBe('Kopi Senja is not taking orders right now — back at 10:30 AM.');
    expect((paused.body as unknown as { data: unknown }).data).toEqual({ paused_until: '2026-11-25T02:30:00.000Z', next_open_at: '2026-11-25T02:30:00.000Z' });
    // the order in flight moves along on the board
    const moved = await callApi(p, boardApi.advance, { token: staff.token, body: { name: before.body.data.order.name, from: 'paid' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.order.status).toBe('preparing');

    await t.updateLocation(makati.id, { paused_until: null });
    const untilResumed = await t.order(c.token, {});
    expect(untilResumed.body.message).toBe('Kopi Senja is not taking orders right now. Try again soon.');

    await t.updateLocation(makati.id, { paused_until: new Date(WED_10AM.getTime() + 30 * MINUTE) });
    p.clock.advance(31 * MINUTE);
    expect((await t.order(c.token, {})).status).toBe(201);
  });

  it('takes a pickup ordered ahead while closed for a time it is open; refuses "as soon as possible", delivery, and all while paused', async () => {
    p.clock.set(WED_10AM);
    const makati = await t.firstLocation();
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await t.updateLocation(makati.id, { hours: SEVEN_TO_NINE });
    const opening = '2026-11-25T23:00:00.000Z';

    const asap = await t.order(c.token, {});
    expect(asap.status).toBe(409);
    expect(asap.body.error!.code).toBe('LOCATION_CLOSED');
    expect(asap.body.message).toBe("We're closed right now. We open again tomorrow at 7:00 AM.");

    const ahead = await t.order(c.token, { pickup_at: opening });
    expect(ahead.status).toBe(201);
    expect(ahead.body.data.order.pickup_at).toBe(opening);
    expect(await t.slotTaken(makati.id, opening)).toBe(1);
    // a time that is not one of the slots (before opening) is still refused as such
    const early = await t.order(c.token, { pickup_at: '2026-11-25T22:45:00.000Z' });
    expect(early.status).toBe(400);
    expect(early.body.error!.fields).toEqual({ pickup_at: 'is not one of the pickup times: choose one from the list' });

    const address = await makeAddress(p, c.id);
    const { latte } = await products(p);
    const delivery = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'delivery', address_id: address, payment_method: 'wallet', idempotency_key: key() },
    });
    expect(delivery.status).toBe(409);
    expect(delivery.body.error!.code).toBe('LOCATION_CLOSED');

    await t.updateLocation(makati.id, { paused: true, paused_until: null });
    const paused = await t.order(c.token, { pickup_at: '2026-11-25T23:15:00.000Z' });
    expect(paused.status).toBe(409);
    expect(paused.body.error!.code).toBe('ORDERING_PAUSED');
  });

  it('refuses a product the location does not sell, naming the location only when there are several', async () => {
    const { latte, croissant } = await products(p);
    const makati = await t.firstLocation();
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await p.db.insertInto('location_unavailable_products').values({ location_id: makati.id, product_id: latte.id }).execute();
    const body = {
      items: [
        { product_id: croissant.id, qty: 1 },
        { product_id: latte.id, qty: 1 },
      ],
      fulfilment: 'pickup',
    };
    const one = await t.quote(c.token, body);
    expect(one.status).toBe(409);
    expect(one.body.error).toEqual({ code: 'PRODUCT_UNAVAILABLE', fields: { 'items.1.product_id': 'is not available' } });
    expect(one.body.message).toBe('Spanish latte is not available right now. Remove it to continue.');
    const cebu = await t.addLocation('Cebu');
    const two = await t.order(c.token, {});
    expect(two.status).toBe(409);
    expect(two.body.error!.code).toBe('PRODUCT_UNAVAILABLE');
    expect(two.body.message).toBe('Spanish latte is not sold at Makati. Remove it to continue.');
    // Cebu sells it
    const there = await t.order(c.token, { location_id: cebu });
    expect(there.status).toBe(201);
    expect(there.body.data.order.location).toEqual({ id: cebu, name: 'Cebu', address: '1 Main Street, Cebu' });
    // an unknown location, and one that takes no pickups
    expect((await t.quote(c.token, { ...body, location_id: 999_999 })).status).toBe(404);
    await t.updateLocation(cebu, { pickup: false });
    const noPickup = await t.quote(c.token, { ...body, location_id: cebu });
    expect(noPickup.status).toBe(400);
    expect(noPickup.body.error.fields).toEqual({ location_id: 'does not take pickup orders' });
  });

  it('limits a staff member to their location: another location’s tickets, moves and board are 403; the owner sees all', async () => {
    const makati = await t.firstLocation();
    const cebu = await t.addLocation('Cebu');
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const staff = await newStaff(p.db, p.clock);
    await t.limitTo(staff, makati.id);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const a = (await t.order(c.token, {})).body.data.order;
    const b = (await t.order(c.token, { location_id: cebu })).body.data.order;
    expect([a.location!.id, b.location!.id]).toEqual([makati.id, cebu]);

    const names = async (token: string, query: Record<string, number> = {}) => {
      const res = await callApi(p, boardApi.board, { token, query });
      expect(res.status).toBe(200);
      return (res.body.data.orders as { name: string }[]).map((o) => o.name);
    };
    expect(await names(staff.token)).toEqual([a.name]);
    expect(await names(staff.token, { location_id: makati.id })).toEqual([a.name]);
    const forbidden = [
      callApi(p, boardApi.board, { token: staff.token, query: { location_id: cebu } }),
      callApi(p, boardApi.detail, { token: staff.token, query: { name: b.name } }),
      callApi(p, boardApi.advance, { token: staff.token, body: { name: b.name, from: 'paid' } }),
      callApi(p, boardApi.cancel, { token: staff.token, body: { name: b.name, reason: 'Not ours' } }),
    ];
    for (const res of await Promise.all(forbidden)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('LOCATION_FORBIDDEN');
    }
    expect((await p.db.selectFrom('orders').select('status').where('name', '=', b.name).executeTakeFirstOrThrow()).status).toBe('paid');
    expect((await callApi(p, boardApi.detail, { token: staff.token, query: { name: a.name } })).status).toBe(200);
    expect(new Set(await names(owner.token))).toEqual(new Set([a.name, b.name]));
    expect(await names(owner.token, { location_id: cebu })).toEqual([b.name]);
    expect((await callApi(p, boardApi.advance, { token: owner.token, body: { name: b.name, from: 'paid' } })).status).toBe(200);
  });

  it('orders the board by when orders are due and flags a pickup not collected 15 minutes after its time', async () => {
    p.clock.set(WED_10AM);
    const staff = await newStaff(p.db, p.clock);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const later = (await t.order(c.token, { pickup_at: '2026-11-25T03:00:00.000Z' })).body.data.order;
    const soon = (await t.order(c.token, { pickup_at: '2026-11-25T02:15:00.000Z' })).body.data.order;
    const { latte } = await products(p);
    const address = await makeAddress(p, c.id);
    const delivery = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'delivery', address_id: address, payment_method: 'wallet', idempotency_key: key() },
    });
    expect(delivery.status).toBe(201);
    type Card = { name: string; pickup_at: string | null; pickup_late: boolean; location: { name: string } | null };
    const board = async () => (await callApi(p, boardApi.board, { token: staff.token })).body.data.orders as Card[];
    const first = await board();
    expect(first.map((o) => o.name)).toEqual([delivery.body.data.order.name, soon.name, later.name]);
    expect(first.map((o) => o.pickup_at)).toEqual([null, '2026-11-25T02:15:00.000Z', '2026-11-25T03:00:00.000Z']);
    expect(first.every((o) => !o.pickup_late && o.location?.name === 'Makati')).toBe(true);

    p.clock.set(new Date('2026-11-25T02:30:00Z'));
    expect((await board()).find((o) => o.name === soon.name)!.pickup_late).toBe(false);
    p.clock.set(new Date('2026-11-25T02:31:00Z'));
    await callApi(p, boardApi.advance, { token: staff.token, body: { name: soon.name, from: 'paid' } }).expect(200);
    const late = await board();
    expect(late.find((o) => o.name === soon.name)!.pickup_late).toBe(true);
    expect(late.find((o) => o.name === later.name)!.pickup_late).toBe(false);
    expect(late.find((o) => o.name === delivery.body.data.order.name)!.pickup_late).toBe(false);
  });

  it('tells the customer to collect a ready pickup at its location’s address', async () => {
    const staff = await newStaff(p.db, p.clock);
    const cebu = await t.addLocation('Cebu');
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const o = (await t.order(c.token, { location_id: cebu })).body.data.order;
    await callApi(p, boardApi.advance, { token: staff.token, body: { name: o.name, from: 'paid' } }).expect(200);
    await callApi(p, boardApi.advance, { token: staff.token, body: { name: o.name, from: 'preparing' } }).expect(200);
    const notice = await p.db
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('customer_id', '=', c.id)
      .where('title', 'like', '%ready for pickup')
      .executeTakeFirstOrThrow();
    expect(notice.body).toBe('Collect it at 1 Main Street, Cebu.');
  });

  it('records the counter’s location with a redemption: the one given, or the member’s only one', async () => {
    const makati = await t.firstLocation();
    const cebu = await t.addLocation('Cebu');
    const atCebu = await newStaff(p.db, p.clock, { name: 'Cebu Staff' });
    await t.limitTo(atCebu, cebu);
    const anywhere = await newStaff(p.db, p.clock, { name: 'Roaming Staff' });
    const rewards = (await callApi(p, rewardsApi.list)).body.data.rewards as { name: string; points_cost: number; stock: number | null }[];
    const reward = rewards.filter((r) => r.stock === null || r.stock > 5).sort((x, y) => x.points_cost - y.points_cost)[0]!.name;
    // each voucher a new customer's (a reward may be limited per customer)
    const voucher = async () => {
      const c = await p.newCustomer({ points: 100_000 });
      const res = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward, idempotency_key: randomUUID() } }).expect(201);
      const id = (res.body.data.voucher as { id: number }).id;
      return (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id } })).body.data.current.qr as string;
    };
    const redeem = async (token: string, code: string, locationId?: number) =>
      callApi(p, counterApi.redeem, { token, body: { code, ...(locationId ? { location_id: locationId } : {}) } });

    const own = await redeem(atCebu.token, await voucher());
    expect(own.status).toBe(201);
    expect(own.body.data.redemption.location_name).toBe('Cebu');
    const row = await p.db.selectFrom('counter_redemptions').select('location_id').where('id', '=', own.body.data.redemption.id).executeTakeFirstOrThrow();
    expect(row.location_id).toBe(cebu);
    const audit = await p.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'voucher.redeem')
      .where('staff_id', '=', atCebu.id)
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ location: 'Cebu' });

    const elsewhere = await redeem(atCebu.token, await voucher(), makati.id);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.code).toBe('LOCATION_FORBIDDEN');
    expect((await callApi(p, counterApi.lookup, { token: atCebu.token, body: { code: await voucher(), location_id: makati.id } })).status).toBe(403);

    expect((await redeem(anywhere.token, await voucher(), makati.id)).body.data.redemption.location_name).toBe('Makati');
    expect((await redeem(anywhere.token, await voucher())).body.data.redemption.location_name).toBeNull();
  });
});
