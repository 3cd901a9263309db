import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BASE_LABEL } from '#contract/loyalty-earn';
import { describeDb, useTestProvider, TEST_MERCHANT_KEY } from './support/provider';
import { creditedAtPayment, key, ledgers, makeAddress, makeVoucher, products } from './orders.helpers';
import { advanceDemoOrders } from '../../server/provider/orders/orders.jobs';
import { DAY, SECOND } from '../../server/lib/clock';
import { ordersApi } from '#contract/orders.calls';
import { callApi } from '../support/calls';

describeDb('orders', (kind) => {
  const p = useTestProvider(kind);
  let P: Awaited<ReturnType<typeof products>>;
  beforeAll(async () => {
    P = await products(p);
  });
  beforeEach(() => {
    p.ctx.demoOrderProgress = false;
  });

  const merchant = (body: object) => callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body });

  describe(ordersApi.quote.path, () => {
    it('prices a pickup basket at current prices with the points it earns', async () => {
      const c = await p.newCustomer();
      const res = await callApi(p, ordersApi.quote, {
        token: c.token,
        body: {
          items: [
            { product_id: P.latte.id, qty: 2 },
            { product_id: P.croissant.id, qty: 1 },
          ],
          fulfilment: 'pickup',
        },
      }).expect(200);
      expect(res.body.data).toEqual({
        subtotal: 42500,
        discount: 0,
        delivery_fee: 0,
        total: 42500,
        points_to_earn: 42,
        points_breakdown: [{ rule_id: null, label: BASE_LABEL, points: 42 }],
        min_order: 15000,
        below_minimum_by: 0,
        location_id: expect.any(Number),
        pickup_at: expect.any(String),
      });
    });

    it('adds the delivery fee and takes a voucher off, capped at the subtotal', async () => {
      const c = await p.newCustomer();
      const address = await makeAddress(p, c.id);
      const small = await makeVoucher(p, c.id, { discount: 5000 });
      const huge = await makeVoucher(p, c.id, { discount: 100000 });
      const a = await callApi(p, ordersApi.quote, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'delivery', address_id: address, voucher_id: small },
      }).expect(200);
      expect(a.body.data).toMatchObject({ subtotal: 16500, discount: 5000, delivery_fee: 4900, total: 16400, points_to_earn: 11 });
      const b = await callApi(p, ordersApi.quote, {
        token: c.token,
        body: { items: [{ product_id: P.croissant.id, qty: 1 }], fulfilment: 'pickup', voucher_id: huge },
      }).expect(200);
      expect(b.body.data).toMatchObject({ subtotal: 9500, discount: 9500, total: 0, points_to_earn: 0, below_minimum_by: 5500 });
    });

    it('keeps its arithmetic for any basket and voucher (property)', async () => {
      const c = await p.newCustomer();
      const address = await makeAddress(p, c.id);
      const menuRows = await p.db.selectFrom('products').select(['id', 'price']).where('available', '=', true).execute();
      const vouchers = new Map<number, number>();
      for (const d of [1, 999, 5000, 20000, 1_000_000]) vouchers.set(d, await makeVoucher(p, c.id, { discount: d }));
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ i: fc.nat({ max: menuRows.length - 1 }), qty: fc.integer({ min: 1, max: 99 }) }), { minLength: 1, maxLength: 6 }),
          fc.boolean(),
          fc.option(fc.constantFrom(...vouchers.keys()), { nil: undefined }),
          async (lines, delivery, discount) => {
            const items = lines.map((l) => ({ product_id: menuRows[l.i]!.id, qty: l.qty }));
            const body = {
              items,
              fulfilment: delivery ? 'delivery' : 'pickup',
              ...(delivery ? { address_id: address } : {}),
              ...(discount ? { voucher_id: vouchers.get(discount) } : {}),
            };
            const q = (await callApi(p, ordersApi.quote, { token: c.token, body }).expect(200)).body.data;
            const subtotal = lines.reduce((s, l) => s + menuRows[l.i]!.price * l.qty, 0);
            const off = Math.min(discount ?? 0, subtotal);
            const fee = delivery ? 4900 : 0;
            const points = Math.floor((subtotal - off) / 1000);
            // no earning rule is active in the demo: the base alone
            const parts = points > 0 ? [{ rule_id: null, label: BASE_LABEL, points }] : [];
            expect(q).toEqual({
              subtotal,
              discount: off,
              delivery_fee: fee,
              total: subtotal - off + fee,
              points_to_earn: points,
              points_breakdown: parts,
              min_order: 15000,
              below_minimum_by: Math.max(0, 15000 - subtotal),
              location_id: expect.any(Number),
              pickup_at: delivery ? null : expect.any(String),
            });
          },
        ),
        { numRuns: 25 },
      );
    });

    it('names unknown products by line, and refuses an unavailable one by name', async () => {
      const c = await p.newCustomer();
      const a = await callApi(p, ordersApi.quote, {
        token: c.token,
        body: {
          items: [
            { product_id: P.latte.id, qty: 1 },
            { product_id: 999999, qty: 1 },
          ],
          fulfilment: 'pickup',
        },
      }).expect(400);
      expect(a.body.error).toEqual({ code: 'VALIDATION', fields: { 'items.1.product_id': 'is not on the menu' } });
      const b = await callApi(p, ordersApi.quote, { token: c.token, body: { items: [{ product_id: P.coldBrew.id, qty: 1 }], fulfilment: 'pickup' } }).expect(
        409,
      );
      expect(b.body.error.code).toBe('PRODUCT_UNAVAILABLE');
      expect(b.body.message).toContain('Cold brew');
      expect(b.body.data).toMatchObject({ product_id: P.coldBrew.id, name: 'Cold brew' });
    });

    it("needs an address of the customer's own for delivery", async () => {
      const c = await p.newCustomer();
      const other = await p.newCustomer();
      const theirs = await makeAddress(p, other.id);
      const a = await callApi(p, ordersApi.quote, { token: c.token, body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'delivery' } }).expect(
        400,
      );
      expect(a.body.error).toMatchObject({ code: 'ADDRESS_REQUIRED', fields: { address_id: expect.any(String) } });
      const b = await callApi(p, ordersApi.quote, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'delivery', address_id: theirs },
      }).expect(404);
      expect(b.body.error.code).toBe('NOT_FOUND');
      expect(JSON.stringify(b.body)).not.toContain('Calle Mabini');
    });

    it("refuses a voucher that is someone else's, used, expired or not a discount (VOUCHER_INVALID)", async () => {
      const c = await p.newCustomer();
      const other = await p.newCustomer();
      const theirs = await makeVoucher(p, other.id);
      const used = await makeVoucher(p, c.id);
      await p.db.updateTable('vouchers').set({ status: 'used' }).where('id', '=', used).execute();
      const expired = await makeVoucher(p, c.id, { validDays: 1 });
      await p.db
        .updateTable('vouchers')
        .set({ expires_at: new Date(p.clock.now().getTime() - 1000) })
        .where('id', '=', expired)
        .execute();
      const goods = await makeVoucher(p, c.id, { discount: 0 });
      for (const voucher_id of [theirs, used, expired, goods, 999999]) {
        const res = await callApi(p, ordersApi.quote, {
          token: c.token,
          body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', voucher_id },
        }).expect(400);
        expect(res.body.error.code).toBe('VOUCHER_INVALID');
        expect(res.body.error.fields).toHaveProperty('voucher_id');
      }
    });

    it('answers 400 naming each bad field, and 401 without a session', async () => {
      const c = await p.newCustomer();
      const bad = [
        [{}, ['items', 'fulfilment']],
        [{ items: [], fulfilment: 'pickup' }, ['items']],
        [{ items: [{ product_id: 'a', qty: 0 }], fulfilment: 'drone' }, ['items.0.product_id', 'items.0.qty', 'fulfilment']],
        [{ items: [{ product_id: 1, qty: 100 }], fulfilment: 'pickup', address_id: -1, voucher_id: 'x' }, ['items.0.qty', 'address_id', 'voucher_id']],
        [{ items: 'latte', fulfilment: 'pickup' }, ['items']],
      ] as const;
      for (const [body, fields] of bad) {
        const res = await callApi(p, ordersApi.quote, { token: c.token, body }).expect(400);
        expect(res.body.error.code).toBe('VALIDATION');
        for (const f of fields) expect(res.body.error.fields, JSON.stringify(body)).toHaveProperty([f]);
      }
      const anon = await callApi(p, ordersApi.quote, { body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup' } }).expect(401);
      expect(anon.body.error.code).toBe('SESSION_EXPIRED');
    });
  });

  describe('order/create with the wallet', () => {
    it('debits the wallet, uses the voucher, records the timeline and the points on their way, notifies, in one go; the points credited once completed', async () => {
      const c = await p.newCustomer({ wallet: 100000 });
      const address = await makeAddress(p, c.id);
      const voucher = await makeVoucher(p, c.id, { discount: 5000 });
      const res = await callApi(p, ordersApi.create, {
        token: c.token,
        body: {
          items: [{ product_id: P.latte.id, qty: 2 }],
          fulfilment: 'delivery',
          address_id: address,
          voucher_id: voucher,
          payment_method: 'wallet',
          idempotency_key: key(),
        },
      }).expect(201);
      const order = res.body.data.order;
      expect(res.body.data.payment_url).toBeUndefined();
      expect(order).toMatchObject({
        status: 'paid',
        fulfilment: 'delivery',
        payment_method: 'wallet',
        items: [{ product_id: P.latte.id, name: 'Spanish latte', price: 16500, qty: 2, image: '/demo/products/spanish-latte.svg' }],
        subtotal: 33000,
        discount: 5000,
        delivery_fee: 4900,
        total: 32900,
        points_earned: 28,
        address: { label: 'Home', recipient: 'Ana Cruz', line1: '12 Calle Mabini', city: 'Makati', postal_code: '1200' },
        voucher_code: expect.stringMatching(/^[0-9A-Z]{4}-/),
      });
      expect(order.name).toMatch(/^KS-[0-9A-Z]{8}$/);
      expect(order.timeline.map((t: { status: string }) => t.status)).toEqual(['pending_payment', 'paid']);
      expect(order.address).not.toHaveProperty('id');

      const l = await ledgers(p, c.id);
      // the points are on their way until the order is completed: not in the balance
      expect(l).toMatchObject({ wallet: 100000 - 32900, walletSum: 100000 - 32900, points: 0, pointsSum: 0 });
      const pending = await p.db.selectFrom('points_pending').selectAll().where('customer_id', '=', c.id).executeTakeFirstOrThrow();
      expect(pending).toMatchObject({ points: 28, reason: `Order ${order.name}`, ref: `order:${order.name}`, status: 'pending', available_at: null });
      const entry = await p.db.selectFrom('wallet_ledger').selectAll().where('customer_id', '=', c.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ type: 'order', amount: -32900, reason: `Order ${order.name}` });
      const v = await p.db.selectFrom('vouchers').selectAll().where('id', '=', voucher).executeTakeFirstOrThrow();
      expect(v).toMatchObject({ status: 'used', order_id: expect.any(Number) });
      expect(v.used_at).not.toBeNull();
      const notes = await p.db.selectFrom('notifications').selectAll().where('customer_id', '=', c.id).execute();
      expect(notes.map((n) => [n.type, n.title]).sort()).toEqual([
        ['order', `Order ${order.name} confirmed`],
        ['points_earned', '28 points on their way'],
      ]);
      expect(notes.find((n) => n.type === 'order')!.link).toBe(`/order/${order.name}`);

      for (const status of ['preparing', 'ready', 'on_delivery', 'completed']) await merchant({ name: order.name, status }).expect(200);
      expect(await ledgers(p, c.id)).toMatchObject({ points: 28, pointsSum: 28 });
      const earn = await p.db.selectFrom('points_ledger').selectAll().where('customer_id', '=', c.id).where('type', '=', 'earn').executeTakeFirstOrThrow();
      expect(earn).toMatchObject({ points: 28, reason: `Order ${order.name}`, ref: `order:${order.name}` });
      expect(earn.expires_at!.getTime() - earn.created_at.getTime()).toBe(365 * DAY);
      const earned = await p.db
        .selectFrom('notifications')
        .select('title')
        .where('customer_id', '=', c.id)
        .where('type', '=', 'points_earned')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(earned.title).toBe('You earned 28 points');
    });

    it('earns 1 point per 1,000 minor units of the total after discount', async () => {
      const c = await p.newCustomer({ wallet: 100000 });
      const voucher = await makeVoucher(p, c.id, { discount: 9999 });
      const res = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', voucher_id: voucher, payment_method: 'wallet', idempotency_key: key() },
      }).expect(201);
      expect(res.body.data.order).toMatchObject({ total: 6501, points_earned: 6 });
      const pending = await p.db.selectFrom('points_pending').select(['points', 'status']).where('customer_id', '=', c.id).execute();
      expect([pending, (await ledgers(p, c.id)).points]).toEqual([[{ points: 6, status: 'pending' }], 0]);
    });

    it('needs no payment when a voucher covers a pickup order in full: paid at once, no wallet entry, no points', async () => {
      const c = await p.newCustomer();
      const voucher = await makeVoucher(p, c.id, { discount: 50000 });
      const res = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', voucher_id: voucher, payment_method: 'gateway', idempotency_key: key() },
      }).expect(201);
      expect(res.body.data.payment_url).toBeUndefined();
      expect(res.body.data.order).toMatchObject({ status: 'paid', total: 0, discount: 16500, points_earned: 0 });
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 0, walletEntries: 0, points: 0 });
      expect(await p.db.selectFrom('payments').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(0);
    });

    it('refuses below the minimum order and when the wallet is short, changing nothing', async () => {
      const c = await p.newCustomer({ wallet: 10000 });
      const voucher = await makeVoucher(p, c.id);
      const low = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.croissant.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
      }).expect(400);
      expect(low.body.error.code).toBe('BELOW_MINIMUM');
      expect(low.body.data).toEqual({ min_order: 15000, below_minimum_by: 5500 });
      const short = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', voucher_id: voucher, payment_method: 'wallet', idempotency_key: key() },
      }).expect(409);
      expect(short.body.error.code).toBe('INSUFFICIENT_BALANCE');
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 10000, walletEntries: 1, points: 0 });
      expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(0);
      expect((await p.db.selectFrom('vouchers').select('status').where('id', '=', voucher).executeTakeFirstOrThrow()).status).toBe('active');
    });

    it('replays the first answer for the same key and body; another body gets 422', async () => {
      const c = await p.newCustomer({ wallet: 100000 });
      const body = { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() };
      const first = await callApi(p, ordersApi.create, { token: c.token, body }).expect(201);
      const again = await callApi(p, ordersApi.create, { token: c.token, body }).expect(201);
      expect(again.body).toEqual(first.body);
      const other = await callApi(p, ordersApi.create, { token: c.token, body: { ...body, items: [{ product_id: P.latte.id, qty: 2 }] } }).expect(422);
      expect(other.body.error.code).toBe('IDEMPOTENCY_MISMATCH');
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 100000 - 16500, walletEntries: 2 });
    });

    it("keeps each customer's keys their own: another customer's same key places its own order, and each replays its own answer", async () => {
      // a paid pickup order's answer is stored by the slot's statement (orders.service answerWithSlot), under the caller's key only
      const a = await p.newCustomer({ wallet: 100000 });
      const b = await p.newCustomer({ wallet: 100000 });
      const body = { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() };
      const first = await callApi(p, ordersApi.create, { token: a.token, body }).expect(201);
      const other = await callApi(p, ordersApi.create, { token: b.token, body }).expect(201);
      expect(other.body.data.order.name).not.toBe(first.body.data.order.name);
      expect((await callApi(p, ordersApi.create, { token: a.token, body }).expect(201)).body).toEqual(first.body);
      expect((await callApi(p, ordersApi.create, { token: b.token, body }).expect(201)).body).toEqual(other.body);
      expect((await ledgers(p, a.id)).wallet).toBe(100000 - 16500);
      expect((await ledgers(p, b.id)).wallet).toBe(100000 - 16500);
    });

    it('uses a voucher once: a second order with it gets VOUCHER_INVALID', async () => {
      const c = await p.newCustomer({ wallet: 100000 });
      const voucher = await makeVoucher(p, c.id);
      const body = () => ({
        items: [{ product_id: P.latte.id, qty: 1 }],
        fulfilment: 'pickup',
        voucher_id: voucher,
        payment_method: 'wallet',
        idempotency_key: key(),
      });
      await callApi(p, ordersApi.create, { token: c.token, body: body() }).expect(201);
      const second = await callApi(p, ordersApi.create, { token: c.token, body: body() }).expect(400);
      expect(second.body.error.code).toBe('VOUCHER_INVALID');
      expect((await ledgers(p, c.id)).walletEntries).toBe(2);
    });

    it('answers 400 naming bad fields of create', async () => {
      const c = await p.newCustomer({ wallet: 100000 });
      const res = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'cash', idempotency_key: '' },
      }).expect(400);
      expect(Object.keys(res.body.error.fields).sort()).toEqual(['idempotency_key', 'payment_method']);
      const long = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: 'k'.repeat(65) },
      }).expect(400);
      expect(long.body.error.fields).toHaveProperty('idempotency_key');
    });
  });

  describe('order/list and order/detail', () => {
    it("lists the customer's own orders newest first, 10 a page", async () => {
      const c = await p.newCustomer({ wallet: 1_000_000 });
      const other = await p.newCustomer({ wallet: 100000 });
      await callApi(p, ordersApi.create, {
        token: other.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
      }).expect(201);
      const names: string[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await callApi(p, ordersApi.create, {
          token: c.token,
          body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
        }).expect(201);
        names.push(r.body.data.order.name);
      }
      const one = await callApi(p, ordersApi.list, { token: c.token }).expect(200);
      expect(one.body.data.orders).toHaveLength(10);
      expect(one.body.data.next_page).toBe(2);
      expect(one.body.data.orders[0].name).toBe(names[11]);
      expect(one.body.data.orders[0].timeline).toHaveLength(2);
      const two = await callApi(p, ordersApi.list, { token: c.token, query: { page: 2 } }).expect(200);
      expect(two.body.data.orders.map((o: { name: string }) => o.name)).toEqual([names[1], names[0]]);
      expect(two.body.data.next_page).toBeNull();
      expect(new Set(names).size).toBe(12);
      const bad = await callApi(p, ordersApi.list, { token: c.token, query: { page: 'x' } }).expect(400);
      expect(bad.body.error.fields).toHaveProperty('page');
    });

    it('shows an order to its customer only: another customer gets 404', async () => {
      const c = await p.newCustomer({ wallet: 100000 });
      const other = await p.newCustomer();
      const r = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
      }).expect(201);
      const name = r.body.data.order.name;
      const mine = await callApi(p, ordersApi.detail, { token: c.token, query: { name } }).expect(200);
      expect(mine.body.data.order).toEqual(r.body.data.order);
      const theirs = await callApi(p, ordersApi.detail, { token: other.token, query: { name } }).expect(404);
      expect(theirs.body.error.code).toBe('NOT_FOUND');
      expect(theirs.body.data).toBeNull();
      const bad = await callApi(p, ordersApi.detail, { token: c.token, query: { name: 'no such order!' } }).expect(400);
      expect(bad.body.error.fields).toHaveProperty('name');
      const missing = await callApi(p, ordersApi.detail, { token: c.token }).expect(400);
      expect(missing.body.error.fields).toEqual({ name: 'is required' });
    });
  });

  describe(ordersApi.status.path, () => {
    async function paidOrder(fulfilment: 'pickup' | 'delivery', wallet = 100000) {
      const c = await p.newCustomer({ wallet });
      const address = fulfilment === 'delivery' ? await makeAddress(p, c.id) : undefined;
      const r = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment, address_id: address, payment_method: 'wallet', idempotency_key: key() },
      }).expect(201);
      return { c, name: r.body.data.order.name as string };
    }

    it('moves a delivery order through preparing, ready, on_delivery, completed with a timeline entry and a notification each', async () => {
      const { c, name } = await paidOrder('delivery');
      for (const status of ['preparing', 'ready', 'on_delivery', 'completed']) {
        const r = await merchant({ name, status, note: status === 'ready' ? 'Packed with care' : undefined }).expect(200);
        expect(r.body.data.order.status).toBe(status);
      }
      const d = await callApi(p, ordersApi.detail, { token: c.token, query: { name } }).expect(200);
      expect(d.body.data.order.timeline.map((t: { status: string }) => t.status)).toEqual([
        'pending_payment',
        'paid',
        'preparing',
        'ready',
        'on_delivery',
        'completed',
      ]);
      expect(d.body.data.order.timeline[3].note).toBe('Packed with care');
      const notes = await p.db.selectFrom('notifications').select(['type', 'link']).where('customer_id', '=', c.id).where('type', '=', 'order').execute();
      expect(notes).toHaveLength(5);
      expect(notes.every((n) => n.link === `/order/${name}`)).toBe(true);
    });

    it('refuses transitions out of order (409 INVALID_TRANSITION) and setting paid by hand', async () => {
      const { name } = await paidOrder('pickup');
      for (const status of ['completed', 'ready', 'on_delivery', 'paid', 'pending_payment']) {
        const r = await merchant({ name, status }).expect(409);
        expect(r.body.error.code).toBe('INVALID_TRANSITION');
      }
      await merchant({ name, status: 'preparing' }).expect(200);
      await merchant({ name, status: 'ready' }).expect(200);
      expect((await merchant({ name, status: 'on_delivery' }).expect(409)).body.data.allowed).toEqual(['completed']);
      expect((await merchant({ name, status: 'cancelled' }).expect(409)).body.error.code).toBe('INVALID_TRANSITION');
      await merchant({ name, status: 'completed' }).expect(200);
      expect((await merchant({ name, status: 'cancelled' }).expect(409)).body.data.allowed).toEqual([]);
    });

    it('cancelling a paid order refunds the total to the wallet, cancels its points on their way and frees its voucher', async () => {
      const c = await p.newCustomer({ wallet: 100000, points: 5 });
      const voucher = await makeVoucher(p, c.id, { discount: 2000 });
      const r = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 2 }], fulfilment: 'pickup', voucher_id: voucher, payment_method: 'wallet', idempotency_key: key() },
      }).expect(201);
      const { name, total, points_earned } = r.body.data.order;
      expect([total, points_earned]).toEqual([31000, 31]);
      await merchant({ name, status: 'preparing' }).expect(200);
      const x = await merchant({ name, status: 'cancelled', note: 'Out of milk' }).expect(200);
      expect(x.body.data.order.status).toBe('cancelled');
      const l = await ledgers(p, c.id);
      expect(l).toMatchObject({ wallet: 100000, walletSum: 100000, points: 5, pointsSum: 5 });
      const refund = await p.db.selectFrom('wallet_ledger').selectAll().where('customer_id', '=', c.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(refund).toMatchObject({ type: 'refund', amount: 31000 });
      // the points were still on their way: cancelled, nothing taken from the balance
      expect(await p.db.selectFrom('points_pending').select(['points', 'status']).where('ref', '=', `order:${name}`).execute()).toEqual([
        { points: 31, status: 'voided' },
      ]);
      const entries = await p.db.selectFrom('points_ledger').select(['type', 'points', 'remaining']).where('customer_id', '=', c.id).orderBy('id').execute();
      expect(entries).toEqual([{ type: 'earn', points: 5, remaining: 5 }]);
      expect(await p.db.selectFrom('vouchers').select(['status', 'order_id']).where('id', '=', voucher).executeTakeFirstOrThrow()).toEqual({
        status: 'active',
        order_id: null,
      });
      const note = await p.db.selectFrom('notifications').selectAll().where('customer_id', '=', c.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(note.title).toContain('cancelled');
      expect(note.body).toContain('₱310.00');
      expect(note.body).toContain('The 31 points it would have earned were cancelled.');
      // the freed voucher works again
      await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', voucher_id: voucher, payment_method: 'wallet', idempotency_key: key() },
      }).expect(201);
    });

    it('takes back only what the points balance allows after the customer spent the points (an order credited at payment)', async () => {
      const { c, name } = await paidOrder('pickup');
      expect(await creditedAtPayment(p, name)).toBe(16);
      expect((await ledgers(p, c.id)).points).toBe(16);
      await p.db.transaction().execute(async (trx) => {
        const { burnPoints } = await import('../../server/provider/points/points.ledger');
        await burnPoints(trx, p.clock, c.id, 10, { reason: 'Spent' });
      });
      await merchant({ name, status: 'cancelled' }).expect(200);
      expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0, wallet: 100000, walletSum: 100000 });
    });

    it('records each move in the activity log as the machine, in its transaction; a refused one records nothing', async () => {
      const { name } = await paidOrder('pickup');
      await merchant({ name, status: 'preparing', note: 'On it' }).expect(200);
      await merchant({ name, status: 'paid' }).expect(409);
      await callApi(p, ordersApi.status, { body: { name, status: 'ready' } }).expect(401);
      const log = await p.db
        .selectFrom('audit_log')
        .select(['staff_id', 'actor', 'action', 'after'])
        .where('target', '=', `order:${name}`)
        .orderBy('id')
        .execute();
      expect(log).toEqual([{ staff_id: null, actor: 'machine', action: 'order.status', after: { name, status: 'preparing', note: 'On it' } }]);
    });

    it('needs the merchant key, names bad fields, and answers 404 for an unknown order', async () => {
      const { name } = await paidOrder('pickup');
      const nokey = await callApi(p, ordersApi.status, { body: { name, status: 'preparing' } }).expect(401);
      expect(nokey.body.error.code).toBe('FORBIDDEN');
      const c = await p.newCustomer();
      const customer = await callApi(p, ordersApi.status, { token: c.token, body: { name, status: 'preparing' } }).expect(401);
      expect(customer.body.error.code).toBe('FORBIDDEN');
      const bad = await merchant({ name: 'x', status: 'eaten', note: 'n'.repeat(201) }).expect(400);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['name', 'note', 'status']);
      expect((await merchant({ name: 'KS-NOSUCH00', status: 'preparing' }).expect(404)).body.error.code).toBe('NOT_FOUND');
    });
  });

  describe('demo progression', () => {
    it('steps a paid delivery order to completed, one step per demo_step_seconds', async () => {
      p.ctx.demoOrderProgress = true;
      const c = await p.newCustomer({ wallet: 100000 });
      const address = await makeAddress(p, c.id);
      const r = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'delivery', address_id: address, payment_method: 'wallet', idempotency_key: key() },
      }).expect(201);
      const name = r.body.data.order.name;
      const status = async () => await p.db.selectFrom('orders').select(['status', 'next_auto_at']).where('name', '=', name).executeTakeFirstOrThrow();
      expect((await status()).next_auto_at!.getTime()).toBe(p.clock.now().getTime() + 45 * SECOND);
      await advanceDemoOrders(p.ctx);
      expect((await status()).status).toBe('paid');
      const seen: string[] = [];
      for (let i = 0; i < 6; i++) {
        p.clock.advance(45 * SECOND);
        await advanceDemoOrders(p.ctx);
        seen.push((await status()).status);
      }
      expect(seen).toEqual(['preparing', 'ready', 'on_delivery', 'completed', 'completed', 'completed']);
      expect((await status()).next_auto_at).toBeNull();
      const d = await callApi(p, ordersApi.detail, { token: c.token, query: { name } }).expect(200);
      expect(d.body.data.order.timeline.map((t: { status: string }) => t.status)).toEqual([
        'pending_payment',
        'paid',
        'preparing',
        'ready',
        'on_delivery',
        'completed',
      ]);
    });

    it('leaves orders alone when the demo progression is off', async () => {
      const c = await p.newCustomer({ wallet: 100000 });
      const r = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
      }).expect(201);
      p.clock.advance(DAY);
      await advanceDemoOrders(p.ctx);
      expect((await p.db.selectFrom('orders').select('status').where('name', '=', r.body.data.order.name).executeTakeFirstOrThrow()).status).toBe('paid');
    });
  });
});
