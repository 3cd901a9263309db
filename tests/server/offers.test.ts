import { sql } from 'kysely';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { ConsoleOffer, CustomerOffer, OfferCodeBatch, PromoCodeReason } from '#contract/offers';
import { DAY, HOUR, MINUTE, SECOND } from '../../server/lib/clock';
import { releaseUnpaidOrders } from '../../server/provider/orders/orders.jobs';
import { newStaffSession, ownerAndStaff } from './merchant.helpers';
import { key, makeVoucher, products } from './orders.helpers';
import { describeEachDb, describePostgres, TEST_MERCHANT_KEY, useTestProvider, type TestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { locationsConsoleApi } from '#contract/locations.calls';
import { offersApi, offersConsoleApi } from '#contract/offers.calls';
import { ordersApi, ordersConsoleApi } from '#contract/orders.calls';
import { paymentsApi } from '#contract/payments.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from '../support/calls';

/**
 * Offers and promo codes, the provider's side (issue 50): the owner's offers (added, changed, paused,
 * archived; checked and audited; who may call what), a code at checkout (each kind, each restriction with
 * its plain reason, with a reward voucher or not, points on the discounted total), its use counted and
 * given back (a cancelled order, an unpaid one let go, and taken again when its payment comes after all),
 * "Offers for you", the limit on guessing codes, and on PostgreSQL the limits under concurrency: the last
 * uses of a code and a budget in money never passed by orders placed at once.
 */

/** An instant as the shop's clock in Manila shows it in a CSV: `2026-12-03 10:00:00`. */
const localTime = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Manila', dateStyle: 'short', timeStyle: 'medium' }).format(at);

/** Wednesday 2 December 2026, 10:00 in Manila. */
const START = new Date('2026-12-02T02:00:00Z');

let seq = 0;
/** a code of its own for each offer (each suite has a database of its own) */
const newCode = () => `KOPI${++seq}`;

/** The console and checkout calls the tests make, as the owner, a member of staff and customers. */
function calls(p: TestProvider, team: ReturnType<typeof ownerAndStaff>, P: () => Awaited<ReturnType<typeof products>>) {
  const basket = (qty = 2) => ({ items: [{ product_id: P().latte.id, qty }], fulfilment: 'pickup' as const });
  const api = {
    create: (body: Record<string, unknown>, token = team.owner.token) => callApi(p, offersConsoleApi.create, { token, body }),
    update: (body: Record<string, unknown>, token = team.owner.token) => callApi(p, offersConsoleApi.update, { token, body }),
    status: (id: number, status: string, token = team.owner.token) => callApi(p, offersConsoleApi.status, { token, body: { id, status } }),
    list: async () => (await callApi(p, offersConsoleApi.offers, { token: team.staff.token }).expect(200)).body.data.offers as ConsoleOffer[],
    /** an offer made by the owner: 10% off by default, under a code of its own */
    add: async (fields: Record<string, unknown> = {}) => {
      const res = await api.create({ title: '10% off', kind: 'percent_off', value: 10, code: newCode(), ...fields });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.offer as ConsoleOffer;
    },
    one: async (id: number) => (await api.list()).find((o) => o.id === id)!,
    quote: (token: string, extra: Record<string, unknown> = {}) => callApi(p, ordersApi.quote, { token, body: { ...basket(), ...extra } }),
    order: (token: string, extra: Record<string, unknown> = {}) =>
      callApi(p, ordersApi.create, { token, body: { ...basket(), payment_method: 'wallet', idempotency_key: key(), ...extra } }),
    customer: () => p.newCustomer({ wallet: 1_000_000 }),
  };
  return api;
}

/** A 400 PROMO_CODE_INVALID with this reason, its words and its field. */
function refused(
  res: { status: number; body: { error?: { code: string; fields?: Record<string, string> }; data: { reason?: string }; message: string } },
  reason: PromoCodeReason,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error?.code).toBe('PROMO_CODE_INVALID');
  expect(res.body.data.reason).toBe(reason);
  expect(res.body.error?.fields?.promo_code).toEqual(expect.any(String));
  expect(res.body.message).not.toMatch(/undefined|null|NaN/);
}

/** The page of an order let go unpaid was still open: its payment completes now; the order's status after it. */
async function payLate(p: TestProvider, name: string, token: string) {
  const payment = await p.db
    .selectFrom('payments as y')
    .innerJoin('orders as x', 'x.id', 'y.order_id')
    .select('y.id')
    .where('x.name', '=', name)
    .executeTakeFirstOrThrow();
  await callApi(p, paymentsApi.sandboxComplete, { params: { id: payment.id }, token, body: { outcome: 'pay' } }).expect(200);
  return (await p.db.selectFrom('orders').select('status').where('name', '=', name).executeTakeFirstOrThrow()).status;
}

/** A suite's provider, its owner and staff, the menu's products and the calls; each test on a day of its own. */
function offersSuite(kind: Parameters<typeof useTestProvider>[0]) {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const P = {} as Awaited<ReturnType<typeof products>>;
  const o = calls(p, team, () => P);
  let day = 0;
  beforeAll(async () => {
    Object.assign(P, await products(p));
  });
  beforeEach(async () => {
    // a day of its own for each test (and no count of an earlier test's guesses), signed in afresh
    p.clock.set(START.getTime() + ++day * DAY);
    for (const m of [team.owner, team.staff]) m.token = (await newStaffSession(p.db, p.clock, m.id)).token;
  });
  return { p, team, o, P };
}

describeEachDb('offers and promo codes', (kind) => {
  const { p, team, o, P } = offersSuite(kind);

  it('the owner adds an offer with its defaults; its code is kept in upper case and is its own; audited', async () => {
    const made = await o.add({ title: 'KOPI10 weekend', code: ' kopiweekend ', description: 'Any drink' });
    expect(made).toMatchObject({
      title: 'KOPI10 weekend',
      description: 'Any drink',
      kind: 'percent_off',
      value: 10,
      max_discount: null,
      code: 'KOPIWEEKEND',
      min_spend: 0,
      starts_at: p.clock.now().toISOString(),
      ends_at: null,
      fulfilments: ['pickup', 'delivery'],
      location_ids: [],
      audience: 'everyone',
      max_uses: null,
      max_discount_total: null,
      per_customer_limit: 1,
      combines_with_voucher: false,
      status: 'active',
      state: 'running',
      uses: 0,
      discount_given: 0,
      orders: 0,
      new_customers: 0,
    });
    expect((await o.list()).map((x) => x.id)).toContain(made.id);
    // the same code again (whatever its case) is another offer's
    const twice = await o.create({ title: 'Again', kind: 'amount_off', value: 5000, code: 'KopiWeekend' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'CONFLICT', fields: { code: expect.any(String) } });
    // archived, its code is free for a new offer
    expect((await o.status(made.id, 'archived').expect(200)).body.data.offer).toMatchObject({ status: 'archived', state: 'archived' });
    expect((await o.create({ title: 'Again', kind: 'amount_off', value: 5000, code: 'kopiweekend' })).status).toBe(201);

    const audit = await p.db.selectFrom('audit_log').select(['action', 'staff_id', 'after']).where('target', '=', `offer:${made.id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['offer.create', 'offer.status']);
    expect(audit.every((a) => a.staff_id === team.owner.id)).toBe(true);
    // the Activity page's "Offers and promo codes" filter finds them
    const filtered = (await callApi(p, staffApi.audit, { token: team.owner.token, query: { kind: 'offers' } }).expect(200)).body.data.items as {
      action: string;
    }[];
    expect(filtered.length).toBeGreaterThanOrEqual(3);
    expect(filtered.every((e) => e.action.startsWith('offer.'))).toBe(true);
  });

  it('staff read the offers, only owners change them, and a customer can call none of the console calls', async () => {
    const made = await o.add();
    const customer = await o.customer();
    expect((await callApi(p, offersConsoleApi.offers, { token: team.staff.token }).expect(200)).body.data.offers.length).toBeGreaterThan(0);
    const asStaff = [
      await o.create({ title: 'Mine', kind: 'percent_off', value: 50, code: newCode() }, team.staff.token),
      await o.update({ id: made.id, value: 90 }, team.staff.token),
      await o.status(made.id, 'paused', team.staff.token),
    ];
    for (const res of asStaff) expect([res.status, res.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    const asCustomer = [
      await callApi(p, offersConsoleApi.offers, { token: customer.token }),
      await o.create({ title: 'Mine', kind: 'percent_off', value: 50, code: newCode() }, customer.token),
      await o.update({ id: made.id, value: 90 }, customer.token),
      await o.status(made.id, 'archived', customer.token),
    ];
    for (const res of asCustomer) expect([res.status, res.body.error.code]).toEqual([401, 'SESSION_EXPIRED']);
    // nothing changed
    expect(await o.one(made.id)).toMatchObject({ value: 10, status: 'active' });
    expect((await o.update({ id: made.id, value: 15 }).expect(200)).body.data.offer.value).toBe(15);
    // "Offers for you" is a customer's: a console session is not one
    expect((await callApi(p, offersApi.list, { token: team.owner.token })).status).toBe(401);
  });

  it('checks a change with the saved fields, keeps limits above what was used, and never changes an archived offer', async () => {
    const made = await o.add({ kind: 'amount_off', value: 5000, max_uses: 5 });
    for (const c of [await o.customer(), await o.customer()]) expect((await o.order(c.token, { promo_code: made.code })).status).toBe(201);
    // a percentage of more than 100, or a cap on an amount off, checked with the saved kind
    const tooMuch = await o.update({ id: made.id, kind: 'percent_off' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields).toEqual({ value: 'must be a percentage from 1 to 100' });
    expect((await o.update({ id: made.id, max_discount: 1000 })).body.error.fields).toHaveProperty('max_discount');
    expect((await o.update({ id: made.id, ends_at: new Date(p.clock.now().getTime() - DAY).toISOString() })).body.error.fields).toHaveProperty('ends_at');
    expect((await o.update({ id: made.id, location_ids: [999_999] })).body.error.fields).toHaveProperty('location_ids');
    // fewer uses, or a smaller budget, than it has had
    const fewer = await o.update({ id: made.id, max_uses: 1 });
    expect([fewer.status, fewer.body.error.code, Object.keys(fewer.body.error.fields)]).toEqual([409, 'CONFLICT', ['max_uses']]);
    const smaller = await o.update({ id: made.id, max_discount_total: 9999 });
    expect([smaller.status, smaller.body.error.code, Object.keys(smaller.body.error.fields)]).toEqual([409, 'CONFLICT', ['max_discount_total']]);
    expect((await o.update({ id: made.id, max_uses: 2, max_discount_total: 10_000 })).status).toBe(200);
    // changed together: a percentage with its cap
    const changed = (await o.update({ id: made.id, kind: 'percent_off', value: 20, max_discount: 3000 }).expect(200)).body.data.offer as ConsoleOffer;
    expect(changed).toMatchObject({ kind: 'percent_off', value: 20, max_discount: 3000, max_uses: 2, uses: 2, discount_given: 10_000, state: 'used_up' });
    // the orders placed keep what they got
    const orders = await p.db.selectFrom('orders').select(['offer_discount', 'offer_title']).where('offer_id', '=', made.id).execute();
    expect(orders).toEqual([
      { offer_discount: 5000, offer_title: '10% off' },
      { offer_discount: 5000, offer_title: '10% off' },
    ]);
    const audit = await p.db.selectFrom('audit_log').select('action').where('target', '=', `offer:${made.id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['offer.create', 'offer.update', 'offer.update']);
    await o.status(made.id, 'archived').expect(200);
    expect((await o.update({ id: made.id, title: 'Back' }).expect(409)).body.error.code).toBe('INVALID_TRANSITION');
    expect((await o.status(made.id, 'active').expect(409)).body.error.code).toBe('INVALID_TRANSITION');
    expect((await o.status(999_999, 'paused').expect(404)).body.error.code).toBe('NOT_FOUND');
    expect((await o.update({ id: 999_999, title: 'x' }).expect(404)).body.error.code).toBe('NOT_FOUND');
  });

  it('takes a percentage off, at most its cap, and points are earned on the total after it', async () => {
    const made = await o.add({ value: 10, max_discount: 2000 });
    const c = await o.customer();
    // 2 lattes: ₱330; without the code 33 points
    const plain = (await o.quote(c.token).expect(200)).body.data;
    expect(plain).toMatchObject({ subtotal: 33_000, discount: 0, total: 33_000, points_to_earn: 33 });
    expect(plain).not.toHaveProperty('offer');
    const quoted = (await o.quote(c.token, { promo_code: made.code?.toLowerCase() }).expect(200)).body.data;
    // 10% of ₱330 is ₱33, capped at ₱20
    expect(quoted).toMatchObject({
      subtotal: 33_000,
      discount: 2000,
      total: 31_000,
      points_to_earn: 31,
      offer: { code: made.code, title: '10% off', discount: 2000 },
    });
    // under the cap: 10% of one latte (₱16.50)
    const one = (await o.quote(c.token, { promo_code: made.code, items: [{ product_id: P.latte.id, qty: 1 }] }).expect(200)).body.data;
    expect(one).toMatchObject({ discount: 1650, total: 14_850, points_to_earn: 14 });

    const placed = await o.order(c.token, { promo_code: made.code, expected_total: 31_000 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data.order;
    expect(order).toMatchObject({
      subtotal: 33_000,
      discount: 2000,
      total: 31_000,
      points_earned: 31,
      offer: { code: made.code, title: '10% off', discount: 2000 },
    });
    // its detail keeps the snapshot, whatever the offer becomes
    await o.update({ id: made.id, title: 'Renamed' }).expect(200);
    const detail = (await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.name } }).expect(200)).body.data.order;
    expect(detail.offer).toEqual({ code: made.code, title: '10% off', discount: 2000 });
    const pending = await p.db.selectFrom('points_pending').select('points').where('ref', '=', `order:${order.name}`).executeTakeFirstOrThrow();
    expect(pending.points).toBe(31);
    expect(await o.one(made.id)).toMatchObject({ uses: 1, discount_given: 2000, orders: 1, new_customers: 1 });
    // an order without a code answers no offer
    const without = (await o.order(c.token).expect(201)).body.data.order;
    expect(without.offer).toBeNull();
  });

  it('points on the total after the discount by default; an offer may give them on the total before it (a voucher still counts)', async () => {
    const before = await o.add({ kind: 'amount_off', value: 10_000, points_on_discounted: false, combines_with_voucher: true, per_customer_limit: null });
    const after = await o.add({ kind: 'amount_off', value: 10_000, per_customer_limit: null });
    expect([before.points_on_discounted, after.points_on_discounted]).toEqual([false, true]);
    const c = await o.customer();
    // 2 lattes: ₱330, ₱100 off: ₱230 to pay; points on ₱230 (23) or on ₱330 (33)
    expect((await o.quote(c.token, { promo_code: after.code }).expect(200)).body.data).toMatchObject({ total: 23_000, points_to_earn: 23 });
    expect((await o.quote(c.token, { promo_code: before.code }).expect(200)).body.data).toMatchObject({ total: 23_000, points_to_earn: 33 });
    const order = (await o.order(c.token, { promo_code: before.code, expected_total: 23_000 }).expect(201)).body.data.order;
    expect(order).toMatchObject({ total: 23_000, points_earned: 33 });
    const pending = await p.db.selectFrom('points_pending').select('points').where('ref', '=', `order:${order.name}`).executeTakeFirstOrThrow();
    expect(pending.points).toBe(33);
    // a reward voucher's ₱50 still comes off what points are earned on: ₱280
    const voucher = await makeVoucher(p, c.id, { discount: 5000 });
    expect((await o.quote(c.token, { promo_code: before.code, voucher_id: voucher }).expect(200)).body.data).toMatchObject({
      total: 18_000,
      points_to_earn: 28,
    });
    // changed back: on the discounted total again
    expect((await o.update({ id: before.id, points_on_discounted: true }).expect(200)).body.data.offer.points_on_discounted).toBe(true);
    expect((await o.quote(c.token, { promo_code: before.code }).expect(200)).body.data.points_to_earn).toBe(23);
  });

  it('takes an amount off, never below zero: a basket it covers is paid at once at 0', async () => {
    const made = await o.add({ title: '₱500 off', kind: 'amount_off', value: 50_000 });
    const c = await o.customer();
    const quoted = (await o.quote(c.token, { promo_code: made.code }).expect(200)).body.data;
    expect(quoted).toMatchObject({ subtotal: 33_000, discount: 33_000, total: 0, points_to_earn: 0, offer: { discount: 33_000 } });
    const placed = (await o.order(c.token, { promo_code: made.code }).expect(201)).body.data.order;
    expect(placed).toMatchObject({ status: 'paid', total: 0, discount: 33_000 });
    const wallet = await p.db.selectFrom('customers').select('wallet_balance').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(wallet.wallet_balance).toBe(1_000_000);
  });

  it('refuses a code before its start and after its end, saying when', async () => {
    const now = p.clock.now().getTime();
    const later = await o.add({ starts_at: new Date(now + DAY).toISOString() });
    const over = await o.add({ starts_at: new Date(now - 2 * DAY).toISOString(), ends_at: new Date(now - DAY).toISOString() });
    const c = await o.customer();
    const notYet = await o.quote(c.token, { promo_code: later.code });
    refused(notYet, 'not_yet');
    expect(notYet.body.data).toMatchObject({ code: later.code, starts_at: new Date(now + DAY).toISOString() });
    refused(await o.order(c.token, { promo_code: later.code }), 'not_yet');
    const ended = await o.quote(c.token, { promo_code: over.code });
    refused(ended, 'expired');
    expect(ended.body.data.ends_at).toBe(new Date(now - DAY).toISOString());
    expect((await o.one(later.id)).state).toBe('scheduled');
    expect((await o.one(over.id)).state).toBe('ended');
    // once it starts it applies
    p.clock.advance(DAY + SECOND);
    expect((await o.quote(c.token, { promo_code: later.code }).expect(200)).body.data.offer.code).toBe(later.code);
  });

  it('refuses a basket below its minimum spend, saying how much more to add', async () => {
    const made = await o.add({ min_spend: 40_000 });
    const c = await o.customer();
    const below = await o.quote(c.token, { promo_code: made.code });
    refused(below, 'below_minimum');
    expect(below.body.data).toMatchObject({ min_spend: 40_000, missing: 7000 });
    expect(below.body.message).toContain('70');
    expect((await o.quote(c.token, { promo_code: made.code, items: [{ product_id: P.latte.id, qty: 3 }] }).expect(200)).body.data.offer.discount).toBe(4950);
  });

  it('keeps a new customers offer for customers without an order, and counts a customer’s own uses', async () => {
    const welcome = await o.add({ audience: 'new_customers', per_customer_limit: null });
    const twice = await o.add({ per_customer_limit: 2 });
    const regular = await o.customer();
    await o.order(regular.token).expect(201);
    refused(await o.quote(regular.token, { promo_code: welcome.code }), 'not_for_you');
    const fresh = await o.customer();
    expect((await o.order(fresh.token, { promo_code: welcome.code })).status).toBe(201);
    // their first order used it; now they are no longer new
    refused(await o.quote(fresh.token, { promo_code: welcome.code }), 'not_for_you');
    expect(await o.one(welcome.id)).toMatchObject({ uses: 1, new_customers: 1 });

    await o.order(regular.token, { promo_code: twice.code }).expect(201);
    await o.order(regular.token, { promo_code: twice.code }).expect(201);
    const third = await o.order(regular.token, { promo_code: twice.code });
    refused(third, 'not_for_you');
    expect(third.body.message).toMatch(/as many times as it allows/);
    // the app says it was used as often as allowed, not that the code is not theirs
    expect(third.body.data.per_customer_limit).toBe(2);
    const welcomeAgain = await o.quote(fresh.token, { promo_code: welcome.code });
    expect(welcomeAgain.body.data.per_customer_limit).toBeUndefined();
    // the regular's orders were not their first
    expect(await o.one(twice.id)).toMatchObject({ uses: 2, new_customers: 0 });
  });

  it('refuses a code at a location or for a way of ordering it is not for', async () => {
    const bgc = (await callApi(p, locationsConsoleApi.create, { token: team.owner.token, body: { name: 'BGC', address: '30th Street, Taguig' } }).expect(201))
      .body.data.location.id as number;
    const there = await o.add({ location_ids: [bgc] });
    const delivery = await o.add({ fulfilments: ['delivery'] });
    const c = await o.customer();
    const elsewhere = await o.quote(c.token, { promo_code: there.code });
    refused(elsewhere, 'not_here');
    expect(elsewhere.body.message).toMatch(/this location/);
    const pickup = await o.quote(c.token, { promo_code: delivery.code });
    refused(pickup, 'not_here');
    expect(pickup.body.message).toMatch(/pickup/);
    // the first location is not BGC: an offer for both applies there
    const both = await o.add({ location_ids: [bgc, (await p.db.selectFrom('locations').select('id').orderBy('position').executeTakeFirstOrThrow()).id] });
    expect((await o.quote(c.token, { promo_code: both.code }).expect(200)).body.data.offer.code).toBe(both.code);
  });

  it('refuses a paused code until it is resumed, and an archived one as ended', async () => {
    const made = await o.add();
    const c = await o.customer();
    await o.status(made.id, 'paused').expect(200);
    expect((await o.one(made.id)).state).toBe('paused');
    refused(await o.quote(c.token, { promo_code: made.code }), 'paused');
    refused(await o.order(c.token, { promo_code: made.code }), 'paused');
    await o.status(made.id, 'active').expect(200);
    expect((await o.quote(c.token, { promo_code: made.code }).expect(200)).body.data.offer.code).toBe(made.code);
    await o.status(made.id, 'archived').expect(200);
    const gone = await o.quote(c.token, { promo_code: made.code });
    refused(gone, 'expired');
    expect(gone.body.data.ends_at).toBeNull();
  });

  it('refuses a code beside a reward voucher unless the offer combines with one; then the code comes off after the voucher', async () => {
    const alone = await o.add();
    const along = await o.add({ combines_with_voucher: true });
    const c = await o.customer();
    const voucher = await makeVoucher(p, c.id, { discount: 5000 });
    refused(await o.quote(c.token, { promo_code: alone.code, voucher_id: voucher }), 'not_with_voucher');
    // ₱330 − ₱50 voucher = ₱280; 10% of it is ₱28
    const both = (await o.quote(c.token, { promo_code: along.code, voucher_id: voucher }).expect(200)).body.data;
    expect(both).toMatchObject({ subtotal: 33_000, discount: 5000 + 2800, total: 25_200, points_to_earn: 25, offer: { discount: 2800 } });
    const placed = (await o.order(c.token, { promo_code: along.code, voucher_id: voucher }).expect(201)).body.data.order;
    expect(placed).toMatchObject({ discount: 7800, total: 25_200, voucher_code: expect.any(String), offer: { discount: 2800 } });
    // the counter's ticket tells the two apart: the board's order keeps the offer's part of the discount
    const ticket = (await callApi(p, boardApi.detail, { token: team.staff.token, query: { name: placed.name } }).expect(200)).body.data.order;
    expect(ticket).toMatchObject({ discount: 7800, offer: { code: along.code, title: along.title, discount: 2800 } });
  });

  it('a cancelled order gives its use back, and the code can be used again', async () => {
    const made = await o.add({ kind: 'amount_off', value: 3000, max_uses: 1 });
    const first = await o.customer();
    const second = await o.customer();
    const order = (await o.order(first.token, { promo_code: made.code }).expect(201)).body.data.order;
    refused(await o.quote(second.token, { promo_code: made.code }), 'used_up');
    expect((await o.one(made.id)).state).toBe('used_up');
    await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name: order.name, status: 'cancelled' } }).expect(200);
    expect(await o.one(made.id)).toMatchObject({ uses: 0, discount_given: 0, orders: 0, state: 'running' });
    const use = await p.db.selectFrom('offer_uses').select(['state', 'given_back_at']).where('offer_id', '=', made.id).executeTakeFirstOrThrow();
    expect(use.state).toBe('given_back');
    const notice = await p.db
      .selectFrom('notifications')
      .select('body')
      .where('customer_id', '=', first.id)
      .where('title', '=', `Order ${order.name} cancelled`)
      .executeTakeFirstOrThrow();
    expect(notice.body).toContain(`Your use of code ${made.code} was given back.`);
    // the cancelled order still shows what it had
    const detail = (await callApi(p, ordersApi.detail, { token: first.token, query: { name: order.name } }).expect(200)).body.data.order;
    expect(detail.offer).toEqual({ code: made.code, title: '10% off', discount: 3000 });
    expect((await o.order(second.token, { promo_code: made.code })).status).toBe(201);
  });

  it('an unpaid order let go gives its use back; paid after all, it takes it again while the offer has room', async () => {
    const made = await o.add({ kind: 'amount_off', value: 3000, max_uses: 1 });
    const c = await o.customer();
    const placed = await o.order(c.token, { promo_code: made.code, payment_method: 'gateway' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { name } = placed.body.data.order;
    expect(await o.one(made.id)).toMatchObject({ uses: 1, orders: 0 });
    p.clock.advance(10 * MINUTE + SECOND);
    expect(await releaseUnpaidOrders(p.ctx)).toBeGreaterThanOrEqual(1);
    expect(await o.one(made.id)).toMatchObject({ uses: 0, discount_given: 0 });
    // the page was still open: paid now, the order stands again with its use
    expect(await payLate(p, name, c.token)).toBe('paid');
    expect(await o.one(made.id)).toMatchObject({ uses: 1, discount_given: 3000, orders: 1 });

    // let go again, and the last use taken meanwhile: paid after all, the money goes to the wallet
    const again = (
      await o
        .order(c.token, {
          promo_code: (await o.add({ kind: 'amount_off', value: 3000, max_uses: 1, per_customer_limit: null })).code,
          payment_method: 'gateway',
        })
        .expect(201)
    ).body.data.order;
    const offerId = (await p.db.selectFrom('orders').select('offer_id').where('name', '=', again.name).executeTakeFirstOrThrow()).offer_id!;
    p.clock.advance(10 * MINUTE + SECOND);
    await releaseUnpaidOrders(p.ctx);
    const other = await o.customer();
    await o.order(other.token, { promo_code: again.offer.code }).expect(201);
    expect(await payLate(p, again.name, c.token)).toBe('cancelled');
    expect(await o.one(offerId)).toMatchObject({ uses: 1, max_uses: 1 });
  });

  it('"Offers for you" lists the offers this customer could use now, never their limits or budget', async () => {
    const now = p.clock.now().getTime();
    const open = await o.add({
      title: 'For everyone',
      min_spend: 20_000,
      ends_at: new Date(now + 3 * DAY).toISOString(),
      max_uses: 100,
      max_discount_total: 1_000_000,
    });
    const first = await o.add({ title: 'First order', audience: 'new_customers' });
    const paused = await o.add({ title: 'Paused' });
    await o.status(paused.id, 'paused').expect(200);
    const later = await o.add({ title: 'Later', starts_at: new Date(now + DAY).toISOString() });
    const once = await o.add({ title: 'Once', kind: 'amount_off', value: 1000 });
    const c = await o.customer();
    const shown = async (token: string) => (await callApi(p, offersApi.list, { token }).expect(200)).body.data.offers as CustomerOffer[];
    const mine = await shown(c.token);
    const titles = mine.map((x) => x.title);
    expect(titles).toEqual(expect.arrayContaining(['For everyone', 'First order', 'Once']));
    expect(titles).not.toContain('Paused');
    expect(titles).not.toContain('Later');
    // the one ending soonest first
    expect(titles[0]).toBe('For everyone');
    expect(mine[0]).toEqual({
      id: open.id,
      title: 'For everyone',
      description: '',
      code: open.code,
      min_spend: 20_000,
      ends_at: new Date(now + 3 * DAY).toISOString(),
      days: [],
      hours: null,
      rrule: null,
      fulfilments: ['pickup', 'delivery'],
      location_ids: [],
      combines_with_voucher: false,
    });
    // used once (its limit), and no longer a new customer: neither is theirs any more
    await o.order(c.token, { promo_code: once.code }).expect(201);
    const after = (await shown(c.token)).map((x) => x.title);
    expect(after).not.toContain('Once');
    expect(after).not.toContain('First order');
    expect((await shown((await o.customer()).token)).map((x) => x.id)).toEqual(expect.arrayContaining([first.id, once.id]));
    expect(later.state).toBe('scheduled');
  });

  it('a free product: one of it off when the basket has it (at its percentage), else refused saying what it needs', async () => {
    const croissant = await o.add({ title: 'A free croissant', kind: 'free_product', value: 100, product_id: P.croissant.id });
    expect(croissant).toMatchObject({ kind: 'free_product', product_id: P.croissant.id, buy: null, get: null, max_applications: null });
    const c = await o.customer();
    const without = await o.quote(c.token, { promo_code: croissant.code });
    refused(without, 'missing_items');
    expect(without.body.data.needs).toBe('a Butter croissant');
    expect(without.body.message).toBe(`${croissant.code} needs a Butter croissant in your order.`);
    // 2 lattes and 2 croissants: one croissant (₱95) off; points on the total after it
    const items = [
      { product_id: P.latte.id, qty: 2 },
      { product_id: P.croissant.id, qty: 2 },
    ];
    const quoted = (await o.quote(c.token, { promo_code: croissant.code, items }).expect(200)).body.data;
    expect(quoted).toMatchObject({ subtotal: 52_000, discount: 9500, total: 42_500, points_to_earn: 42, offer: { discount: 9500 } });
    const placed = (await o.order(c.token, { promo_code: croissant.code, items }).expect(201)).body.data.order;
    expect(placed).toMatchObject({ discount: 9500, total: 42_500, offer: { code: croissant.code, title: 'A free croissant', discount: 9500 } });
    expect(await o.one(croissant.id)).toMatchObject({ uses: 1, discount_given: 9500 });
    // half off the croissant instead
    const half = await o.add({ kind: 'free_product', value: 50, product_id: P.croissant.id, per_customer_limit: null });
    expect((await o.quote(c.token, { promo_code: half.code, items }).expect(200)).body.data.discount).toBe(4750);
  });

  it('buy X get Y: the cheapest items got, as many times as the basket and the offer allow; bought and got never the same item', async () => {
    const cat = async (id: number) => (await p.db.selectFrom('products').select('category_id').where('id', '=', id).executeTakeFirstOrThrow()).category_id;
    const ensaymada = (await p.db.selectFrom('products').select(['id', 'price']).where('name', '=', 'Ensaymada').executeTakeFirstOrThrow()).id;
    const coffee = await cat(P.latte.id);
    const pastries = await cat(P.croissant.id);
    // buy 2 coffees, get a pastry free, at most twice an order
    const pair = await o.add({
      title: 'Coffee and a pastry',
      kind: 'buy_x_get_y',
      value: 100,
      buy: { qty: 2, category_ids: [coffee] },
      get: { qty: 1, category_ids: [pastries] },
      max_applications: 2,
      per_customer_limit: null,
    });
    expect(pair).toMatchObject({
      buy: { qty: 2, product_ids: [], category_ids: [coffee] },
      get: { qty: 1, product_ids: [], category_ids: [pastries] },
      max_applications: 2,
    });
    const c = await o.customer();
    const q = (code: string | null, items: { product_id: number; qty: number }[]) => o.quote(c.token, { promo_code: code, items });
    // one coffee: not enough
    const short = await q(pair.code, [
      { product_id: P.latte.id, qty: 1 },
      { product_id: P.croissant.id, qty: 1 },
    ]);
    refused(short, 'missing_items');
    expect(short.body.data.needs).toBe('2 of Coffee and 1 more of Pastries');
    // 2 coffees, a croissant (₱95) and an ensaymada (₱85): once, the cheaper pastry free
    const once = await q(pair.code, [
      { product_id: P.latte.id, qty: 2 },
      { product_id: P.croissant.id, qty: 1 },
      { product_id: ensaymada, qty: 1 },
    ]);
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    expect(once.body.data).toMatchObject({ subtotal: 51_000, discount: 8500, total: 42_500, points_to_earn: 42 });
    // 5 coffees and 3 pastries: twice (its most), the two cheapest pastries
    const twice = (
      await q(pair.code, [
        { product_id: P.latte.id, qty: 5 },
        { product_id: P.croissant.id, qty: 2 },
        { product_id: ensaymada, qty: 1 },
      ]).expect(200)
    ).body.data;
    expect(twice.discount).toBe(8500 + 9500);

    // buy 2 lattes, get the third at half price: the same items counted once, bought or got
    const third = await o.add({
      kind: 'buy_x_get_y',
      value: 50,
      buy: { qty: 2, product_ids: [P.latte.id] },
      get: { qty: 1, product_ids: [P.latte.id] },
      per_customer_limit: null,
    });
    expect(third.max_applications).toBe(1);
    const two = await q(third.code, [{ product_id: P.latte.id, qty: 2 }]);
    refused(two, 'missing_items');
    expect(two.body.data.needs).toBe('3 of Spanish latte');
    expect((await q(third.code, [{ product_id: P.latte.id, qty: 3 }]).expect(200)).body.data.discount).toBe(8250);
    // six lattes: still once (max_applications 1)
    expect((await q(third.code, [{ product_id: P.latte.id, qty: 6 }]).expect(200)).body.data.discount).toBe(8250);

    // buy a coffee, get any item: the coffee is bought, the croissant got, though the coffee counts for both
    const any = await o.add({
      kind: 'buy_x_get_y',
      value: 100,
      buy: { qty: 1, category_ids: [coffee] },
      get: { qty: 1, category_ids: [coffee, pastries] },
      per_customer_limit: null,
    });
    const mixed = (
      await q(any.code, [
        { product_id: P.latte.id, qty: 1 },
        { product_id: P.croissant.id, qty: 1 },
      ]).expect(200)
    ).body.data;
    expect(mixed.discount).toBe(9500);
    const placed = (
      await o
        .order(c.token, {
          promo_code: any.code,
          items: [
            { product_id: P.latte.id, qty: 1 },
            { product_id: P.croissant.id, qty: 1 },
          ],
        })
        .expect(201)
    ).body.data.order;
    expect(placed).toMatchObject({ subtotal: 26_000, discount: 9500, total: 16_500, offer: { code: any.code, discount: 9500 } });
  });

  it('checks what an item offer names: the menu’s products and categories, and only the fields of its kind', async () => {
    const fields = async (body: Record<string, unknown>) => {
      const res = await o.create({ title: 'Items', code: newCode(), value: 100, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return Object.keys(res.body.error.fields as Record<string, string>);
    };
    expect(await fields({ kind: 'free_product' })).toEqual(['product_id']);
    expect(await fields({ kind: 'free_product', product_id: 999_999 })).toEqual(['product_id']);
    expect(await fields({ kind: 'free_product', product_id: P.latte.id, value: 101 })).toEqual(['value']);
    expect(await fields({ kind: 'percent_off', value: 10, product_id: P.latte.id })).toEqual(['product_id']);
    expect(await fields({ kind: 'buy_x_get_y' })).toEqual(['buy', 'get']);
    expect(await fields({ kind: 'buy_x_get_y', buy: { qty: 1 }, get: { qty: 1, product_ids: [P.latte.id] } })).toEqual(['buy']);
    expect(await fields({ kind: 'buy_x_get_y', buy: { qty: 1, product_ids: [999_999] }, get: { qty: 1, category_ids: [999_999] } })).toEqual([
      'buy.product_ids',
      'get.category_ids',
    ]);
    expect(await fields({ kind: 'amount_off', value: 100, buy: { qty: 1, product_ids: [P.latte.id] }, max_applications: 2 })).toEqual([
      'buy',
      'max_applications',
    ]);
    // changed to another kind, the item fields go with it
    const made = await o.add({ kind: 'free_product', value: 100, product_id: P.latte.id });
    expect((await o.update({ id: made.id, kind: 'percent_off', value: 10 }).expect(400)).body.error.fields).toHaveProperty('product_id');
    expect((await o.update({ id: made.id, kind: 'percent_off', value: 10, product_id: null }).expect(200)).body.data.offer).toMatchObject({
      kind: 'percent_off',
      product_id: null,
    });
  });

  it('runs on its days and hours in the shop’s time zone, and on the days of its rule; outside them refused saying when it is on again', async () => {
    // START is a Wednesday 10:00 in Manila, plus one day per test: find this test's local day
    const local = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', weekday: 'short' }).format(at).toLowerCase().slice(0, 3);
    const today = local(p.clock.now());
    const tomorrow = local(new Date(p.clock.now().getTime() + DAY));
    const c = await o.customer();
    const onToday = await o.add({ days: [today], hours: { start: '09:00', end: '11:00' }, per_customer_limit: null });
    expect(onToday).toMatchObject({ days: [today], hours: { start: '09:00', end: '11:00' }, rrule: null });
    expect((await o.quote(c.token, { promo_code: onToday.code }).expect(200)).body.data.offer.code).toBe(onToday.code);
    // 11:00 in Manila: its hours are over; on again at 09:00 on its next day, a week on
    p.clock.advance(HOUR);
    const late = await o.quote(c.token, { promo_code: onToday.code });
    refused(late, 'not_now');
    const weekOn = new Date(p.clock.now().getTime() + 7 * DAY - 2 * HOUR).toISOString();
    expect(late.body.data.next_start).toBe(weekOn);
    expect(late.body.message).toMatch(/is not on right now\. It is on again /);
    // tomorrow only: refused today, the next start tomorrow at midnight (Manila)
    const onTomorrow = await o.add({ days: [tomorrow] });
    const notYet = await o.quote(c.token, { promo_code: onTomorrow.code });
    refused(notYet, 'not_now');
    expect(new Date(notYet.body.data.next_start).toISOString()).toBe(new Date(p.clock.now().getTime() + 13 * HOUR).toISOString());
    // a rule of days: every day from its start (today) applies; every other day from yesterday does not
    const daily = await o.add({ rrule: 'FREQ=DAILY', per_customer_limit: null });
    expect((await o.quote(c.token, { promo_code: daily.code }).expect(200)).body.data.offer.code).toBe(daily.code);
    const everyOther = await o.add({ rrule: 'RRULE:FREQ=DAILY;INTERVAL=2', starts_at: new Date(p.clock.now().getTime() - DAY).toISOString() });
    expect(everyOther.rrule).toBe('FREQ=DAILY;INTERVAL=2');
    refused(await o.quote(c.token, { promo_code: everyOther.code }), 'not_now');
    // "Offers for you" still lists it, with its days and hours
    const listed = (await callApi(p, offersApi.list, { token: c.token }).expect(200)).body.data.offers as CustomerOffer[];
    expect(listed.find((x) => x.id === onToday.id)).toMatchObject({ days: [today], hours: { start: '09:00', end: '11:00' } });
    // what the rule and hours must be
    const bad = async (body: Record<string, unknown>) =>
      Object.keys((await o.create({ title: 'Bad', kind: 'percent_off', value: 10, code: newCode(), ...body }).expect(400)).body.error.fields);
    expect(await bad({ hours: { start: '17:00', end: '09:00' } })).toEqual(['hours']);
    expect(await bad({ rrule: 'FREQ=SOMETIMES' })).toEqual(['rrule']);
    expect(await bad({ rrule: 'FREQ=DAILY;BYDAY=XX' })).toEqual(['rrule']);
    expect(await bad({ days: ['mon', 'mon'] })).toEqual(['days']);
  });

  it('audiences: a first order, a tier and above, and a list of customers by id or phone number', async () => {
    const first = await o.add({ audience: 'first_order', per_customer_limit: null });
    const gold = await o.add({ audience: 'tier', tier_position: 1, per_customer_limit: null });
    const c = await o.customer();
    const other = await p.newCustomer({ wallet: 1_000_000, phone: '+639171112233' });
    const list = await o.add({ audience: 'customer_list', customers: [c.id, '0917 111 2233'], per_customer_limit: null });
    expect(list).toMatchObject({ audience: 'customer_list', customer_count: 2, tier_position: null });
    expect(gold).toMatchObject({ audience: 'tier', tier_position: 1, customer_count: 0 });
    // a first order: the same rule as new customers
    expect((await o.quote(c.token, { promo_code: first.code }).expect(200)).body.data.offer.code).toBe(first.code);
    // the first tier is not the second; at the second or above it applies
    const low = await o.quote(c.token, { promo_code: gold.code });
    refused(low, 'not_for_you');
    expect(low.body.message).toBe(`${gold.code} is for members of a higher tier.`);
    const setTier = (id: number, position: number) =>
      p.db.insertInto('customer_tiers').values({ customer_id: id, position, reached_at: p.clock.now(), updated_at: p.clock.now() }).execute();
    await setTier(c.id, 2);
    expect((await o.quote(c.token, { promo_code: gold.code }).expect(200)).body.data.offer.code).toBe(gold.code);
    // listed: both, by id and by phone; another customer is not
    expect((await o.quote(c.token, { promo_code: list.code }).expect(200)).body.data.offer.code).toBe(list.code);
    expect((await o.quote(other.token, { promo_code: list.code }).expect(200)).body.data.offer.code).toBe(list.code);
    const stranger = await o.customer();
    const notListed = await o.quote(stranger.token, { promo_code: list.code });
    refused(notListed, 'not_for_you');
    expect(notListed.body.message).toBe(`${list.code} is for some customers only.`);
    const forStranger = ((await callApi(p, offersApi.list, { token: stranger.token }).expect(200)).body.data.offers as CustomerOffer[]).map((x) => x.id);
    expect(forStranger).toContain(first.id);
    expect(forStranger).not.toContain(gold.id);
    expect(forStranger).not.toContain(list.id);
    const forC = ((await callApi(p, offersApi.list, { token: c.token }).expect(200)).body.data.offers as CustomerOffer[]).map((x) => x.id);
    expect(forC).toEqual(expect.arrayContaining([first.id, gold.id, list.id]));
    // the list replaced when given; kept when not; gone with another audience
    expect((await o.update({ id: list.id, customers: [stranger.id] }).expect(200)).body.data.offer.customer_count).toBe(1);
    expect((await o.update({ id: list.id, title: 'Renamed' }).expect(200)).body.data.offer.customer_count).toBe(1);
    expect((await o.update({ id: list.id, audience: 'everyone' }).expect(200)).body.data.offer.customer_count).toBe(0);
    // what they must be
    const bad = async (body: Record<string, unknown>) =>
      Object.keys((await o.create({ title: 'Bad', kind: 'percent_off', value: 10, code: newCode(), ...body }).expect(400)).body.error.fields);
    expect(await bad({ audience: 'tier' })).toEqual(['tier_position']);
    expect(await bad({ audience: 'tier', tier_position: 4 })).toEqual(['tier_position']);
    expect(await bad({ tier_position: 1 })).toEqual(['tier_position']);
    expect(await bad({ audience: 'customer_list' })).toEqual(['customers']);
    expect(await bad({ audience: 'customer_list', customers: [] })).toEqual(['customers']);
    const unknown = await o.create({
      title: 'Bad',
      kind: 'percent_off',
      value: 10,
      code: newCode(),
      audience: 'customer_list',
      customers: [999_999, '0999 000 0000'],
    });
    expect(unknown.body.error.fields.customers).toBe('must be customers of the shop (999999, 0999 000 0000 are not)');
    expect(await bad({ customers: [c.id] })).toEqual(['customers']);
  });

  it('after 10 unknown codes in 15 minutes every code is refused (429) until the window passes; known codes do not count', async () => {
    const made = await o.add({ per_customer_limit: null });
    const c = await o.customer();
    // known codes, applied or refused, never count
    for (let i = 0; i < 12; i++) await o.quote(c.token, { promo_code: made.code }).expect(200);
    for (let i = 0; i < 10; i++) refused(await o.quote(c.token, { promo_code: `GUESS${i}` }), 'unknown');
    const limited = await o.quote(c.token, { promo_code: 'GUESS10' });
    expect([limited.status, limited.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(limited.body.data.retry_after).toBeGreaterThan(0);
    expect(limited.headers['retry-after']).toBe(String(limited.body.data.retry_after));
    // a right code too, and on an order: the refusal says nothing of what was guessed
    expect((await o.quote(c.token, { promo_code: made.code })).status).toBe(429);
    expect((await o.order(c.token, { promo_code: made.code })).status).toBe(429);
    // without a code the customer orders as ever; another customer guesses on their own count
    await o.quote(c.token).expect(200);
    refused(await o.quote((await o.customer()).token, { promo_code: 'GUESS0' }), 'unknown');
    p.clock.advance(15 * MINUTE + SECOND);
    expect((await o.quote(c.token, { promo_code: made.code }).expect(200)).body.data.offer.code).toBe(made.code);
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(0);
  });
});

/** Single-use codes: batches the owner makes for an offer, each code applying once, under the limit on guessing. */
describeEachDb('single-use codes', (kind) => {
  const { p, team, o, P } = offersSuite(kind);
  const batch = (body: Record<string, unknown>, token = team.owner.token) => callApi(p, offersConsoleApi.createCodes, { token, body });
  const batches = async (offerId: number) =>
    (await callApi(p, offersConsoleApi.codeBatches, { token: team.staff.token, query: { offer_id: offerId } }).expect(200)).body.data
      .batches as OfferCodeBatch[];
  const codesOf = async (batchId: number) =>
    (await p.db.selectFrom('offer_single_codes').select('code').where('batch_id', '=', batchId).orderBy('id').execute()).map((r) => r.code);
  const csv = (batchId: number, token = team.owner.token) => callApi(p, offersConsoleApi.codesCsv, { token, query: { batch_id: batchId } });
  const flyer = () => o.add({ title: 'Flyer: ₱20 off', kind: 'amount_off', value: 2000, code: null, single_use: true, per_customer_limit: null });

  it('the owner makes a batch of unguessable codes for a single-use offer; each applies once; the CSV says which are used and where', async () => {
    const made = await flyer();
    expect(made).toMatchObject({ code: null, single_use: true, single_codes: 0, single_codes_used: 0 });
    // not for an offer with a code of its own, nor a batch too large, nor a prefix that is not letters and digits
    const coded = await o.add();
    expect((await batch({ offer_id: coded.id, count: 5 })).status).toBe(409);
    const tooMany = await batch({ offer_id: made.id, count: 10_001 });
    expect([tooMany.status, Object.keys(tooMany.body.error.fields)]).toEqual([400, ['count']]);
    expect((await batch({ offer_id: made.id, count: 5, prefix: 'FLY-1' })).status).toBe(400);
    expect((await o.create({ title: 'Both', kind: 'amount_off', value: 100, code: 'BOTHWAYS', single_use: true })).status).toBe(400);

    const res = await batch({ offer_id: made.id, count: 25, prefix: ' fly ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.batch).toMatchObject({ offer_id: made.id, prefix: 'FLY', count: 25, used: 0 });
    const codes = await codesOf(res.body.data.batch.id);
    expect(new Set(codes).size).toBe(25);
    // the prefix, then 13 of 32 letters without 0, O, 1 or I: 65 bits
    for (const code of codes) expect(code).toMatch(/^FLY[2-9A-HJ-NP-Z]{13}$/);
    const audit = await p.db.selectFrom('audit_log').select('action').where('target', '=', `offer:${made.id}`).execute();
    expect(audit.map((a) => a.action)).toContain('offer.codes');

    // never by itself, and not in "Offers for you"
    const c = await o.customer();
    expect((await o.quote(c.token).expect(200)).body.data.discount).toBe(0);
    const shown = (await callApi(p, offersApi.list, { token: c.token }).expect(200)).body.data.offers as CustomerOffer[];
    expect(shown.map((x) => x.id)).not.toContain(made.id);

    // a code applies once, whoever gives it; the order keeps the code given
    const first = (await o.order(c.token, { promo_code: codes[0]!.toLowerCase() }).expect(201)).body.data.order;
    expect(first).toMatchObject({ discount: 2000, offer: { code: codes[0], title: made.title, discount: 2000 } });
    const other = await o.customer();
    refused(await o.quote(other.token, { promo_code: codes[0] }), 'used_up');
    refused(await o.quote(c.token, { promo_code: codes[0] }), 'used_up');
    expect((await o.quote(other.token, { promo_code: codes[1] }).expect(200)).body.data.offer).toMatchObject({ code: codes[1], discount: 2000 });
    expect(await o.one(made.id)).toMatchObject({ uses: 1, single_codes: 25, single_codes_used: 1 });
    expect((await batches(made.id)).map((b) => [b.count, b.used])).toEqual([[25, 1]]);

    // the CSV: one row per code, the used one with when and the order
    const file = await csv(res.body.data.batch.id).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="offer-\d+-codes-\d+\.csv"$/);
    const rows = file.text.trim().split('\r\n');
    expect(rows[0]).toBe('"code","status","used_at (Asia/Manila)","order"');
    expect(rows).toHaveLength(26);
    expect(rows).toContain(`"${codes[0]}","used","${localTime(p.clock.now())}","${first.name}"`);
    expect(rows).toContain(`"${codes[1]}","unused",,`);
    // staff read the batches but neither make codes nor download them; a customer does neither
    expect((await batch({ offer_id: made.id, count: 1 }, team.staff.token)).status).toBe(403);
    expect((await csv(res.body.data.batch.id, team.staff.token)).status).toBe(403);
    expect((await callApi(p, offersConsoleApi.codeBatches, { token: c.token, query: { offer_id: made.id } })).status).toBe(401);
    expect((await csv(999_999)).status).toBe(404);

    // cancelled: its code is free again, and works once more
    await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name: first.name, status: 'cancelled' } }).expect(200);
    expect((await batches(made.id))[0]!.used).toBe(0);
    expect((await csv(res.body.data.batch.id).expect(200)).text).toContain(`"${codes[0]}","unused",,`);
    expect((await o.order(other.token, { promo_code: codes[0] }).expect(201)).body.data.order.offer.code).toBe(codes[0]);
    // archived: its codes no longer work and no more are made
    await o.status(made.id, 'archived').expect(200);
    refused(await o.quote(c.token, { promo_code: codes[2] }), 'expired');
    expect((await batch({ offer_id: made.id, count: 1 })).status).toBe(409);
  });

  it('an unpaid order let go sets its code free; paid after all, it takes the code again only if no one else has', async () => {
    const made = await flyer();
    const [code, second] = await codesOf((await batch({ offer_id: made.id, count: 2 }).expect(201)).body.data.batch.id);
    const c = await o.customer();
    const pay = (name: string) => payLate(p, name, c.token);
    const holder = async (text: string) =>
      await p.db.selectFrom('offer_single_codes').select(['order_id', 'used_at']).where('code', '=', text).executeTakeFirstOrThrow();
    const letGo = async () => {
      p.clock.advance(10 * MINUTE + SECOND);
      await releaseUnpaidOrders(p.ctx);
    };
    // let go, then paid while the code is still free: it takes it again
    const kept = (await o.order(c.token, { promo_code: code, payment_method: 'gateway' }).expect(201)).body.data.order;
    await letGo();
    expect(await holder(code!)).toEqual({ order_id: null, used_at: null });
    expect(await pay(kept.name)).toBe('paid');
    expect((await holder(code!)).order_id).not.toBeNull();
    // let go, and someone else takes the code meanwhile: the late payment cannot
    const lost = (await o.order(c.token, { promo_code: second, payment_method: 'gateway' }).expect(201)).body.data.order;
    await letGo();
    const other = await o.customer();
    const took = (await o.order(other.token, { promo_code: second }).expect(201)).body.data.order;
    expect(await pay(lost.name)).toBe('cancelled');
    const takenBy = await p.db.selectFrom('orders').select('id').where('name', '=', took.name).executeTakeFirstOrThrow();
    expect((await holder(second!)).order_id).toBe(takenBy.id);
    expect(await o.one(made.id)).toMatchObject({ uses: 2, single_codes_used: 2 });
  });

  it('guessing codes: 10 unknown codes a customer, 30 an address (other accounts share them), then every code is refused (429)', async () => {
    const made = await flyer();
    const [real] = await codesOf((await batch({ offer_id: made.id, count: 1 }).expect(201)).body.data.batch.id);
    const quote = (token: string, code: string, ip: string) =>
      callApi(p, ordersApi.quote, { token, ip, body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', promo_code: code } });
    const guess = () => `FLY${Math.random().toString(36).slice(2, 15).toUpperCase()}`;
    // a guesser: 10 unknown codes, then refused, the real code too
    const guesser = await o.customer();
    for (let i = 0; i < 10; i++) refused(await quote(guesser.token, guess(), '203.0.113.7'), 'unknown');
    expect((await quote(guesser.token, real!, '203.0.113.7')).status).toBe(429);
    // other accounts at the same address share its 30
    for (let n = 0; n < 2; n++) {
      const sock = await o.customer();
      for (let i = 0; i < 10; i++) refused(await quote(sock.token, guess(), '203.0.113.7'), 'unknown');
    }
    const fresh = await o.customer();
    const limited = await quote(fresh.token, real!, '203.0.113.7');
    expect([limited.status, limited.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    // from another address the fresh customer's real code applies
    expect((await quote(fresh.token, real!, '198.51.100.2').expect(200)).body.data.offer.code).toBe(real);
    expect(made.single_use).toBe(true);
  });
});

/** Automatic offers (no code), in a database of their own: they apply to every order that fits them. */
describeEachDb('automatic offers', (kind) => {
  const { p, team, o, P } = offersSuite(kind);
  beforeEach(async () => {
    // each test starts with no automatic offer running
    await p.db.updateTable('offers').set({ status: 'archived' }).where('code', 'is', null).execute();
  });

  it('applies by itself, the best for the basket when several fit; a code given replaces it; the order keeps it', async () => {
    const small = await o.add({ title: '5% off everything', code: null, value: 5, per_customer_limit: null });
    const big = await o.add({ title: '₱40 off orders of ₱300', code: null, kind: 'amount_off', value: 4000, min_spend: 30_000, per_customer_limit: null });
    expect([small.code, big.code, big.state]).toEqual([null, null, 'running']);
    const coded = await o.add({ title: 'Code: ₱10 off', kind: 'amount_off', value: 1000, per_customer_limit: null });
    const c = await o.customer();
    // one latte (₱165): only 5% fits (₱8.25 → ₱8)
    const one = (await o.quote(c.token, { items: [{ product_id: P.latte.id, qty: 1 }] }).expect(200)).body.data;
    expect(one).toMatchObject({ discount: 825, offer: { code: null, title: '5% off everything', discount: 825 } });
    // two (₱330): ₱40 off beats 5% (₱16.50)
    const two = (await o.quote(c.token).expect(200)).body.data;
    expect(two).toMatchObject({ subtotal: 33_000, discount: 4000, total: 29_000, points_to_earn: 29, offer: { code: null, title: big.title } });
    // a code given: its offer alone, though it takes less
    expect((await o.quote(c.token, { promo_code: coded.code }).expect(200)).body.data).toMatchObject({ discount: 1000, offer: { code: coded.code } });
    const placed = (await o.order(c.token, { expected_total: 29_000 }).expect(201)).body.data.order;
    expect(placed).toMatchObject({ discount: 4000, total: 29_000, offer: { code: null, title: big.title, discount: 4000 } });
    const detail = (await callApi(p, ordersApi.detail, { token: c.token, query: { name: placed.name } }).expect(200)).body.data.order;
    expect(detail.offer).toEqual({ code: null, title: big.title, discount: 4000 });
    expect(await o.one(big.id)).toMatchObject({ uses: 1, discount_given: 4000, orders: 1 });
    // cancelled: its use given back, said in the notice
    await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name: placed.name, status: 'cancelled' } }).expect(200);
    expect(await o.one(big.id)).toMatchObject({ uses: 0, discount_given: 0 });
    const notice = await p.db
      .selectFrom('notifications')
      .select('body')
      .where('customer_id', '=', c.id)
      .where('title', '=', `Order ${placed.name} cancelled`)
      .executeTakeFirstOrThrow();
    expect(notice.body).toContain(`Your use of the offer ${big.title} was given back.`);
  });

  it('one that does not fit is left out without a word: its minimum, its audience, a voucher, its own limits', async () => {
    const welcome = await o.add({ title: 'Welcome', code: null, kind: 'amount_off', value: 2000, audience: 'new_customers' });
    const regular = await o.customer();
    await o.order(regular.token, { items: [{ product_id: P.latte.id, qty: 1 }], promo_code: undefined }).expect(201);
    // the regular's first order took it; now neither its audience nor its limit lets them have it
    const after = (await o.quote(regular.token).expect(200)).body.data;
    expect(after.discount).toBe(0);
    expect(after).not.toHaveProperty('offer');
    const fresh = await o.customer();
    expect((await o.quote(fresh.token).expect(200)).body.data.offer).toMatchObject({ title: 'Welcome', discount: 2000 });
    // not with a reward voucher, unless it says so
    const voucher = await makeVoucher(p, fresh.id, { discount: 5000 });
    expect((await o.quote(fresh.token, { voucher_id: voucher }).expect(200)).body.data).toMatchObject({ discount: 5000 });
    await o.update({ id: welcome.id, combines_with_voucher: true }).expect(200);
    expect((await o.quote(fresh.token, { voucher_id: voucher }).expect(200)).body.data).toMatchObject({ discount: 7000, offer: { code: null } });
    // a minimum it does not reach, and a paused one
    await o.update({ id: welcome.id, min_spend: 100_000 }).expect(200);
    expect((await o.quote(fresh.token).expect(200)).body.data.discount).toBe(0);
    await o.update({ id: welcome.id, min_spend: 0 }).expect(200);
    await o.status(welcome.id, 'paused').expect(200);
    expect((await o.quote(fresh.token).expect(200)).body.data.discount).toBe(0);
  });

  it("the loyalty page's sample order: priced as checkout prices it, with a code or the automatic offers, and the points then earned", async () => {
    const auto = await o.add({ title: '5% off everything', code: null, value: 5, per_customer_limit: null });
    const coded = await o.add({ title: '₱100 off', kind: 'amount_off', value: 10_000, points_on_discounted: false, audience: 'first_order' });
    const elsewhere = (
      await callApi(p, locationsConsoleApi.create, { token: team.owner.token, body: { name: 'Sample BGC', address: '30th Street, Taguig' } }).expect(201)
    ).body.data.location.id as number;
    const there = await o.add({ location_ids: [elsewhere] });
    const sample = (body: Record<string, unknown>, token = team.owner.token) =>
      callApi(p, ordersConsoleApi.tryPricing, { token, body: { items: [{ product_id: P.latte.id, qty: 2 }], ...body } });
    // no code: the automatic offer, 5% of ₱330 (₱16.50); points on ₱313.50
    expect((await sample({}).expect(200)).body.data).toMatchObject({
      subtotal: 33_000,
      discount: 1650,
      total: 31_350,
      points_to_earn: 31,
      offer: { code: null, title: auto.title, discount: 1650 },
    });
    // a code for first orders: the sample customer has none; its points on the total before it
    const withCode = (await sample({ promo_code: coded.code!.toLowerCase() }).expect(200)).body.data;
    expect(withCode).toMatchObject({ discount: 10_000, total: 23_000, points_to_earn: 33, offer: { code: coded.code, title: '₱100 off' } });
    expect(withCode.points_breakdown[0]).toMatchObject({ rule_id: null, points: 33 });
    // a code that does not apply says why; unknown ones are not counted as guesses
    for (let i = 0; i < 12; i++) refused(await sample({ promo_code: `NOPE${i}` }), 'unknown');
    refused(await sample({ promo_code: there.code }), 'not_here');
    // owners only; nothing written
    expect((await sample({}, team.staff.token)).status).toBe(403);
    expect(await o.one(coded.id)).toMatchObject({ uses: 0, discount_given: 0 });
    expect(await o.one(auto.id)).toMatchObject({ uses: 0 });
  });

  it('"Offers for you" lists it as applying by itself; the owner turns a code into an automatic offer and back', async () => {
    const auto = await o.add({ title: 'Applies by itself', code: null });
    const second = await o.add({ title: 'Another', code: null });
    const c = await o.customer();
    const shown = (await callApi(p, offersApi.list, { token: c.token }).expect(200)).body.data.offers as CustomerOffer[];
    expect(shown.find((x) => x.id === auto.id)).toMatchObject({ title: 'Applies by itself', code: null });
    expect(shown.map((x) => x.id)).toContain(second.id);
    const coded = (await o.update({ id: auto.id, code: 'NOWACODE' }).expect(200)).body.data.offer as ConsoleOffer;
    expect(coded.code).toBe('NOWACODE');
    expect((await o.update({ id: auto.id, code: null }).expect(200)).body.data.offer.code).toBeNull();
  });
});

/** The limits under concurrency, on a real pool of connections (PGlite has one connection, so races never show there). */
describePostgres('offers under concurrency', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  const team = ownerAndStaff(p);
  let P: Awaited<ReturnType<typeof products>>;
  const o = calls(p, team, () => P);
  beforeAll(async () => {
    P = await products(p);
    p.clock.set(START);
  });

  it('5 uses left and 50 customers ordering at once with the code: exactly 5 orders carry it, the rest are told it is used up', async () => {
    const made = await o.add({ kind: 'amount_off', value: 2000, max_uses: 7 });
    for (const c of [await o.customer(), await o.customer()]) await o.order(c.token, { promo_code: made.code }).expect(201);
    const customers = await Promise.all(Array.from({ length: 50 }, () => o.customer()));
    const answers = await Promise.all(customers.map((c) => o.order(c.token, { promo_code: made.code })));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(5);
    const others = answers.filter((a) => a.status !== 201);
    expect(others.every((a) => a.status === 400 && a.body.error.code === 'PROMO_CODE_INVALID' && a.body.data.reason === 'used_up')).toBe(true);
    expect(placed.every((a) => a.body.data.order.offer.code === made.code)).toBe(true);
    expect(await p.db.selectFrom('orders').select('id').where('offer_id', '=', made.id).execute()).toHaveLength(7);
    expect(await p.db.selectFrom('offer_uses').select('id').where('offer_id', '=', made.id).where('state', '=', 'used').execute()).toHaveLength(7);
    expect(await o.one(made.id)).toMatchObject({ uses: 7, discount_given: 14_000, state: 'used_up' });
    // refused customers were charged nothing
    const refusedIds = customers.filter((_, i) => answers[i]!.status !== 201).map((c) => c.id);
    const charged = await p.db.selectFrom('orders').select('id').where('customer_id', 'in', refusedIds).execute();
    expect(charged).toHaveLength(0);
    console.info(`race: 50 orders on a code with 5 uses left → ${placed.length} × 201, ${others.length} × 400 used_up`);
  });

  it('a budget in money is never passed by orders placed at once', async () => {
    // ₱100 in all, ₱30 an order: three fit (₱90), a fourth would pass it
    const made = await o.add({ kind: 'amount_off', value: 3000, max_discount_total: 10_000 });
    const customers = await Promise.all(Array.from({ length: 30 }, () => o.customer()));
    const answers = await Promise.all(customers.map((c) => o.order(c.token, { promo_code: made.code })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 400 && a.body.data.reason === 'used_up')).toBe(true);
    const given = await p.db.selectFrom('orders').select('offer_discount').where('offer_id', '=', made.id).execute();
    expect(given.reduce((s, r) => s + (r.offer_discount ?? 0), 0)).toBe(9000);
    expect(await o.one(made.id)).toMatchObject({ uses: 3, discount_given: 9000 });
  });

  it('an automatic offer with 5 uses and 30 customers ordering at once: all are placed, exactly 5 with it', async () => {
    const made = await o.add({ title: 'First five', code: null, kind: 'amount_off', value: 2000, max_uses: 5 });
    const customers = await Promise.all(Array.from({ length: 30 }, () => o.customer()));
    const answers = await Promise.all(customers.map((c) => o.order(c.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const withIt = answers.filter((a) => a.body.data.order.offer !== null);
    expect(withIt).toHaveLength(5);
    expect(withIt.every((a) => a.body.data.order.offer.title === 'First five' && a.body.data.order.discount === 2000)).toBe(true);
    expect(answers.filter((a) => a.body.data.order.offer === null).every((a) => a.body.data.order.discount === 0)).toBe(true);
    expect(await o.one(made.id)).toMatchObject({ uses: 5, discount_given: 10_000, state: 'used_up' });
    await o.status(made.id, 'archived').expect(200);
  });

  it('one single-use code and 30 customers ordering at once with it: exactly one order carries it, the others are told it is used up', async () => {
    const made = await o.add({ title: 'Flyer', kind: 'amount_off', value: 2000, code: null, single_use: true, per_customer_limit: null });
    const res = await callApi(p, offersConsoleApi.createCodes, { token: team.owner.token, body: { offer_id: made.id, count: 10_000 } }).expect(201);
    const codes = await p.db.selectFrom('offer_single_codes').select('code').where('batch_id', '=', res.body.data.batch.id).execute();
    expect(new Set(codes.map((c) => c.code)).size).toBe(10_000);
    const code = codes[0]!.code;
    const customers = await Promise.all(Array.from({ length: 30 }, () => o.customer()));
    const answers = await Promise.all(customers.map((c) => o.order(c.token, { promo_code: code })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const others = answers.filter((a) => a.status !== 201);
    expect(others.every((a) => a.status === 400 && a.body.data.reason === 'used_up' && a.body.message === `${code} has been used up.`)).toBe(true);
    expect(await p.db.selectFrom('offer_uses').select('id').where('offer_id', '=', made.id).execute()).toHaveLength(1);
    expect(await o.one(made.id)).toMatchObject({ uses: 1, discount_given: 2000, single_codes: 10_000, single_codes_used: 1 });
  });

  it('two automatic offers and 30 customers ordering at once: the best until its uses are gone, then the next; all placed', async () => {
    const best = await o.add({ title: 'Best: ₱30 off', code: null, kind: 'amount_off', value: 3000, max_uses: 5, per_customer_limit: null });
    const next = await o.add({ title: 'Next: ₱20 off', code: null, kind: 'amount_off', value: 2000, max_uses: 10, per_customer_limit: null });
    const customers = await Promise.all(Array.from({ length: 30 }, () => o.customer()));
    const answers = await Promise.all(customers.map((c) => o.order(c.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const took = (title: string | null) => answers.filter((a) => (a.body.data.order.offer?.title ?? null) === title);
    expect([took(best.title).length, took(next.title).length, took(null).length]).toEqual([5, 10, 15]);
    expect(took(best.title).every((a) => a.body.data.order.discount === 3000)).toBe(true);
    expect(took(next.title).every((a) => a.body.data.order.discount === 2000)).toBe(true);
    expect(await o.one(best.id)).toMatchObject({ uses: 5, discount_given: 15_000, state: 'used_up' });
    expect(await o.one(next.id)).toMatchObject({ uses: 10, discount_given: 20_000, state: 'used_up' });
    for (const x of [best, next]) await o.status(x.id, 'archived').expect(200);
  });

  it('the best automatic offer used up while orders wait for its row: once it is free they fall back to the next best', async () => {
    const best = await o.add({ title: 'Best: ₱30 off', code: null, kind: 'amount_off', value: 3000, max_uses: 3, per_customer_limit: null });
    const next = await o.add({ title: 'Next: ₱20 off', code: null, kind: 'amount_off', value: 2000, per_customer_limit: null });
    const customers = await Promise.all(Array.from({ length: 10 }, () => o.customer()));
    let pending!: Promise<Awaited<ReturnType<typeof o.order>>[]>;
    await p.db.transaction().execute(async (trx) => {
      // the best's row held while the orders read it as free and wait for it; its last uses go meanwhile
      await sql`select id from offers where id = ${best.id} for update`.execute(trx);
      pending = Promise.all(customers.map((c) => o.order(c.token).then((r) => r)));
      await new Promise((done) => setTimeout(done, 1500));
      await sql`update offers set uses = max_uses where id = ${best.id}`.execute(trx);
    });
    const answers = await pending;
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(answers.map((a) => a.body.data.order.offer?.title)).toEqual(Array(10).fill(next.title));
    expect(await o.one(next.id)).toMatchObject({ uses: 10 });
    for (const x of [best, next]) await o.status(x.id, 'archived').expect(200);
  });

  it('an order without a code locks only the automatic offer it takes: one locked elsewhere does not hold it up', async () => {
    const winner = await o.add({ title: 'Winner: ₱30 off', code: null, kind: 'amount_off', value: 3000, per_customer_limit: null });
    const runnerUp = await o.add({ title: 'Runner-up: ₱10 off', code: null, kind: 'amount_off', value: 1000, per_customer_limit: null });
    const c = await o.customer();
    // the runner-up's row held by another transaction (an owner's change under way) while the order is placed
    const outcome = await p.db.transaction().execute(async (trx) => {
      await sql`select id from offers where id = ${runnerUp.id} for update`.execute(trx);
      return Promise.race([o.order(c.token).then((r) => r), new Promise<'waited'>((done) => setTimeout(() => done('waited'), 5000))]);
    });
    expect(outcome).not.toBe('waited');
    expect(outcome !== 'waited' && outcome.body.data.order.offer).toMatchObject({ title: winner.title, discount: 3000 });
    for (const x of [winner, runnerUp]) await o.status(x.id, 'archived').expect(200);
  });

  it("one customer's orders at once keep to their own limit", async () => {
    const made = await o.add({ per_customer_limit: 2 });
    const c = await o.customer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => o.order(c.token, { promo_code: made.code })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 400 && a.body.data.reason === 'not_for_you')).toBe(true);
  });
});
