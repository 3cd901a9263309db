import { expect, it } from 'vitest';
import { MINUTE, SECOND } from '../../server/lib/clock';
import { releaseUnpaidOrders } from '../../server/provider/orders/orders.jobs';
import { newStaff } from './merchant.helpers';
import { key, ledgers, makeVoucher, products } from './orders.helpers';
import { describeDb, useTestProvider, type TestProvider } from './support/provider';
import { locationsApi } from '#contract/locations.calls';
import { menuApi } from '#contract/menu.calls';
import { ordersApi } from '#contract/orders.calls';
import { paymentsApi } from '#contract/payments.calls';
import { callApi } from '../support/calls';

/**
 * Preparation times per product (issue 54): a cart's pickup slots start after the longest of the
 * location's preparation time and its products' own, the same in shop/pickup-slots (asked with the
 * cart's products), order/quote and order/create; a time too early for the cart is refused with the
 * same words by the quote and the order; without product times nothing changes.
 */

/** Wednesday 25 November 2026, 10:00 in Manila (the shop's time zone, UTC+8). */
const WED_10AM = new Date('2026-11-25T02:00:00Z');
const ALL_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '00:00' }]]));
/** 10:15 and 10:30 in Manila: the first slot after the location's 10 minutes, and after a 20-minute product */
const AT_1015 = '2026-11-25T02:15:00.000Z';
const AT_1030 = '2026-11-25T02:30:00.000Z';

interface Answer {
  status: number;
  body: { data: Record<string, any>; error?: { code: string; fields?: Record<string, string> }; message: string };
}

function suite(p: TestProvider) {
  const location = () => p.db.selectFrom('locations').select(['id', 'prep_minutes']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  const setPrep = (productId: number, minutes: number | null) =>
    p.db.updateTable('products').set({ prep_minutes: minutes }).where('id', '=', productId).execute();
  const slots = async (query: Record<string, string | number>) => (await callApi(p, locationsApi.slots, { query: query as never }).expect(200)).body.data;
  const pickup = (productIds: number[], more: object = {}) => ({
    items: productIds.map((product_id) => ({ product_id, qty: 2 })),
    fulfilment: 'pickup',
    ...more,
  });
  const quote = async (token: string, body: object) => (await callApi(p, ordersApi.quote, { token, body })) as unknown as Answer;
  const order = async (token: string, body: object) =>
    (await callApi(p, ordersApi.create, { token, body: { ...body, payment_method: 'wallet', idempotency_key: key() } })) as unknown as Answer;
  const slotTaken = async (locationId: number, at: string) =>
    (await p.db.selectFrom('pickup_slots').select('taken').where('location_id', '=', locationId).where('slot_at', '=', new Date(at)).executeTakeFirst())
      ?.taken ?? 0;
  const open = async () => {
    p.clock.set(WED_10AM);
    const l = await location();
    await p.db
      .updateTable('locations')
      .set({ hours: JSON.stringify(ALL_DAY) })
      .where('id', '=', l.id)
      .execute();
    return l;
  };
  return { location, setPrep, slots, pickup, quote, order, slotTaken, open };
}

describeDb('preparation times per product', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  const t = suite(p);

  it('a cart with a 20-minute product gets slots from +20, not the location’s +10; without product times nothing changes', async () => {
    const l = await t.open();
    expect(l.prep_minutes).toBe(10);
    const { latte, croissant } = await products(p);
    const c = await p.newCustomer({ wallet: 100_000 });

    // no product has a time of its own: the location's 10 minutes, with or without the cart named
    const before = await t.slots({ location_id: l.id });
    expect(before.asap).toBe(AT_1015);
    expect(before).not.toHaveProperty('prep_minutes');
    expect(await t.slots({ location_id: l.id, products: `${latte.id},${croissant.id}` })).toMatchObject({
      asap: AT_1015,
      prep_minutes: 10,
      prep_product: null,
    });
    expect((await t.quote(c.token, t.pickup([latte.id]))).body.data.pickup_at).toBe(AT_1015);

    // the owner gives the latte 20 minutes in the menu editor
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const saved = await callApi(p, menuApi.updateProduct, { token: owner.token, body: { id: latte.id, prep_minutes: 20 } }).expect(200);
    expect(saved.body.data.product).toMatchObject({ id: latte.id, prep_minutes: 20 });

    const forCart = await t.slots({ location_id: l.id, products: `${croissant.id},${latte.id}` });
    expect(forCart).toMatchObject({ asap: AT_1030, prep_minutes: 20, prep_product: { id: latte.id, name: 'Spanish latte' } });
    expect(forCart.days[0].slots[0]).toEqual({ at: AT_1030, full: false });
    // the quote's "as soon as possible" says the same
    expect((await t.quote(c.token, t.pickup([croissant.id, latte.id]))).body.data.pickup_at).toBe(AT_1030);

    // the location's own list, and a cart without the latte, are as they were
    expect((await t.slots({ location_id: l.id })).asap).toBe(AT_1015);
    expect(await t.slots({ location_id: l.id, products: `${croissant.id}` })).toMatchObject({ asap: AT_1015, prep_minutes: 10, prep_product: null });
    expect((await t.quote(c.token, t.pickup([croissant.id]))).body.data.pickup_at).toBe(AT_1015);

    // a product quicker than the location never brings the first slot forward
    await t.setPrep(croissant.id, 5);
    expect((await t.quote(c.token, t.pickup([croissant.id]))).body.data.pickup_at).toBe(AT_1015);
    // a product not on the menu counts for nothing (the quote refuses it)
    expect(await t.slots({ location_id: l.id, products: '999999' })).toMatchObject({ asap: AT_1015, prep_minutes: 10, prep_product: null });

    // back to the location's time: null
    await callApi(p, menuApi.updateProduct, { token: owner.token, body: { id: latte.id, prep_minutes: null } }).expect(200);
    expect((await t.quote(c.token, t.pickup([latte.id]))).body.data.pickup_at).toBe(AT_1015);
  });

  it('an order asking for a time before its items can be made is refused in the quote’s words; nothing is written', async () => {
    const l = await t.open();
    const { latte, croissant } = await products(p);
    await t.setPrep(latte.id, 20);
    const c = await p.newCustomer({ wallet: 100_000 });

    const early = t.pickup([croissant.id, latte.id], { pickup_at: AT_1015 });
    const quoted = await t.quote(c.token, early);
    const placed = await t.order(c.token, early);
    for (const a of [quoted, placed]) {
      expect(a.status).toBe(400);
      expect(a.body.error).toEqual({ code: 'VALIDATION', fields: { pickup_at: 'is before the order can be made: choose a later pickup time' } });
    }
    expect(quoted.body.message).toMatch(
      /^Spanish latte takes about 20 minutes to make, so the earliest pickup time is today at 10:30\s?(AM|am)?\. Choose a later time\.$/,
    );
    expect(placed.body.message).toBe(quoted.body.message);
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(0);
    expect(await t.slotTaken(l.id, AT_1015)).toBe(0);
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 100_000, walletSum: 100_000 });

    // a time that is no slot at all is still refused as before
    const odd = await t.order(c.token, t.pickup([latte.id], { pickup_at: '2026-11-25T02:17:00.000Z' }));
    expect(odd.body.error).toMatchObject({ code: 'VALIDATION', fields: { pickup_at: 'is not one of the pickup times: choose one from the list' } });

    // the same time for the croissant alone (the location's 10 minutes), and 10:30 with the latte, are taken
    const quick = await t.order(c.token, t.pickup([croissant.id], { pickup_at: AT_1015 }));
    expect(quick.status).toBe(201);
    expect(quick.body.data.order.pickup_at).toBe(AT_1015);
    const slow = await t.order(c.token, t.pickup([croissant.id, latte.id], { pickup_at: AT_1030 }));
    expect(slow.status).toBe(201);
    expect(slow.body.data.order.pickup_at).toBe(AT_1030);
  });

  it('a reward’s free item counts toward the cart’s preparation time, in the quote and the order', async () => {
    const l = await t.open();
    const { latte, croissant } = await products(p);
    await t.setPrep(latte.id, 20);
    const c = await p.newCustomer({ wallet: 100_000 });
    // a croissant bought, and a latte free from a reward: the latte is made too
    const voucherId = await makeVoucher(p, c.id, { productId: latte.id });
    const withFree = t.pickup([croissant.id], { voucher_id: voucherId });
    const quoted = await t.quote(c.token, withFree);
    expect(quoted.body.data.free_item).toMatchObject({ product_id: latte.id, in_cart: false });
    expect(quoted.body.data.pickup_at).toBe(AT_1030);
    const early = await t.order(c.token, { ...withFree, pickup_at: AT_1015 });
    expect([early.status, early.body.error?.fields]).toEqual([400, { pickup_at: 'is before the order can be made: choose a later pickup time' }]);
    const placed = await t.order(c.token, withFree);
    expect([placed.status, placed.body.data.order?.pickup_at]).toEqual([201, AT_1030]);
    expect(await t.slotTaken(l.id, AT_1015)).toBe(0);
  });

  it('20 concurrent orders of a slow product as soon as possible, 5 to a slot: none before +20, each slot at its cap, each paid once', async () => {
    const l = await t.open();
    await p.db.updateTable('locations').set({ slot_capacity: 5 }).where('id', '=', l.id).execute();
    const { latte } = await products(p);
    await t.setPrep(latte.id, 20);
    const customers = await Promise.all(Array.from({ length: 20 }, () => p.newCustomer({ wallet: 100_000 })));
    const answers = await Promise.all(customers.map((c) => t.order(c.token, t.pickup([latte.id]))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const bySlot = new Map<string, number>();
    for (const a of answers) bySlot.set(a.body.data.order.pickup_at, (bySlot.get(a.body.data.order.pickup_at) ?? 0) + 1);
    expect(Object.fromEntries(bySlot)).toEqual({
      [AT_1030]: 5,
      '2026-11-25T02:45:00.000Z': 5,
      '2026-11-25T03:00:00.000Z': 5,
      '2026-11-25T03:15:00.000Z': 5,
    });
    expect(await t.slotTaken(l.id, AT_1015)).toBe(0);
    for (const [i, c] of customers.entries()) {
      const total = answers[i]!.body.data.order.total as number;
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 100_000 - total, walletSum: 100_000 - total, walletEntries: 2 });
    }
  });

  it('an unpaid order let go and paid after all takes its pickup time again after its slowest item, not the location’s time', async () => {
    await t.open();
    const { latte } = await products(p);
    await t.setPrep(latte.id, 20);
    const c = await p.newCustomer({ wallet: 0 });
    const placed = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { ...t.pickup([latte.id]), payment_method: 'gateway', idempotency_key: key() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { name, pickup_at } = placed.body.data.order as { name: string; pickup_at: string };
    expect(pickup_at).toBe(AT_1030);
    // let go unpaid at 10:10; paid at 10:10 and a second: 10:30 is still a slot for the location's 10
    // minutes, but the latte needs 20, so the order gets 10:45
    p.clock.advance(10 * MINUTE + SECOND);
    expect(await releaseUnpaidOrders(p.ctx)).toBeGreaterThanOrEqual(1);
    const payment = await p.db
      .selectFrom('payments as y')
      .innerJoin('orders as x', 'x.id', 'y.order_id')
      .select('y.id')
      .where('x.name', '=', name)
      .executeTakeFirstOrThrow();
    await callApi(p, paymentsApi.sandboxComplete, { params: { id: payment.id }, token: c.token, body: { outcome: 'pay' } }).expect(200);
    const after = await p.db.selectFrom('orders').select(['status', 'pickup_at']).where('name', '=', name).executeTakeFirstOrThrow();
    expect(after.status).toBe('paid');
    expect(after.pickup_at?.toISOString()).toBe('2026-11-25T02:45:00.000Z');
  });
});
