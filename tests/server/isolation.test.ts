/**
 * A customer sees and changes only their own data. Customer A builds a real history through the API
 * (a top-up, a paid wallet order to a saved address, a redeemed voucher, notifications, points); then
 * customer B, with a valid session of their own, asks for and acts on each of A's things by its id.
 * Every answer is 404 (or 400 VOUCHER_INVALID where the contract names it), never a 5xx, never a byte
 * of A's data, and A's things are exactly as they were afterwards.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from './orders.helpers';
import { describeDb, useTestProvider } from './support/provider';
import { addressesApi } from '#contract/addresses.calls';
import { customersApi } from '#contract/customers.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { ordersApi } from '#contract/orders.calls';
import { pointsApi } from '#contract/points.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { walletApi } from '#contract/wallet.calls';
import { callApi } from '../support/calls';

describeDb('isolation between customers', (kind) => {
  const p = useTestProvider(kind);
  let A: { id: number; token: string };
  let B: { id: number; token: string };
  let P: Awaited<ReturnType<typeof products>>;
  // A's things
  let order: { name: string; total: number };
  let voucher: { id: number; code: string };
  let address: { id: number; line1: string; recipient: string };
  let topupId: string;
  let notificationIds: number[];
  /** strings of A's that must never appear in an answer to B */
  let secrets: string[];

  beforeAll(async () => {
    P = await products(p);
    A = await p.newCustomer({ name: 'Alice Reyes', points: 400, wallet: 100_000 });
    B = await p.newCustomer({ name: 'Bea Santos', points: 400, wallet: 100_000 });

    const addr = await callApi(p, addressesApi.create, {
      token: A.token,
      body: {
        label: 'Home',
        recipient: 'Alice Reyes',
        phone: '0917 555 0101',
        line1: '77 Calle Secreta',
        city: 'Makati',
        postal_code: '1200',
        lat: 14.55,
        lng: 121.02,
        note: 'Blue gate',
      },
    }).expect(201);
    address = addr.body.data.address;

    const redeemed = await callApi(p, rewardsApi.redeem, { token: A.token, body: { name: 'php-50-off', idempotency_key: randomUUID() } }).expect(201);
    voucher = redeemed.body.data.voucher;

    const created = await callApi(p, ordersApi.create, {
      token: A.token,
      body: {
        items: [{ product_id: P.latte.id, qty: 2 }],
        fulfilment: 'delivery',
        address_id: address.id,
        payment_method: 'wallet',
        idempotency_key: randomUUID(),
      },
    }).expect(201);
    order = created.body.data.order;

    const topup = await callApi(p, walletApi.topup, { token: A.token, body: { amount: 25_000, idempotency_key: randomUUID() } }).expect(201);
    topupId = topup.body.data.topup_id;

    const list = await callApi(p, notificationsApi.list, { token: A.token }).expect(200);
    notificationIds = list.body.data.items.map((n: { id: number }) => n.id);
    expect(notificationIds.length).toBeGreaterThanOrEqual(3);
    expect(list.body.data.unread).toBe(notificationIds.length);

    secrets = [order.name, voucher.code, address.line1, 'Blue gate', 'Alice Reyes', topupId];
  });

  /** B's answer: the given status and code, an error envelope, and nothing of A's in it. */
  function refused(res: { status: number; text: string; body: { error?: { code?: string } } }, status: number, code: string) {
    expect(res.status, res.text).toBe(status);
    expect(res.body.error?.code).toBe(code);
    for (const s of secrets) expect(res.text).not.toContain(s);
  }

  /** A's state, to compare before and after B's attempts. */
  async function stateOfA() {
    const [o, v, a, t, n, c] = await Promise.all([
      callApi(p, ordersApi.detail, { token: A.token, query: { name: order.name } }),
      callApi(p, rewardsApi.voucher, { token: A.token, query: { id: voucher.id } }),
      callApi(p, addressesApi.list, { token: A.token }),
      callApi(p, walletApi.topupStatus, { token: A.token, query: { topup_id: topupId } }),
      callApi(p, notificationsApi.list, { token: A.token }),
      callApi(p, customersApi.profile, { token: A.token }),
    ]);
    for (const r of [o, v, a, t, n, c]) expect(r.status).toBe(200);
    return { order: o.body.data, voucher: v.body.data, addresses: a.body.data, topup: t.body.data.topup, notifications: n.body.data, profile: c.body.data };
  }

  describe("B asks for and acts on A's things", () => {
    let before: Awaited<ReturnType<typeof stateOfA>>;
    beforeAll(async () => {
      before = await stateOfA();
    });

    it("cannot read A's order", async () => {
      refused(await callApi(p, ordersApi.detail, { token: B.token, query: { name: order.name } }), 404, 'NOT_FOUND');
      const list = await callApi(p, ordersApi.list, { token: B.token }).expect(200);
      expect(list.body.data.orders).toEqual([]);
      for (const s of secrets) expect(list.text).not.toContain(s);
    });

    it("cannot read A's voucher, nor see it in storage", async () => {
      refused(await callApi(p, rewardsApi.voucher, { token: B.token, query: { id: voucher.id } }), 404, 'NOT_FOUND');
      for (const status of ['active', 'used', 'expired']) {
        const s = await callApi(p, rewardsApi.storage, { token: B.token, query: { status } }).expect(200);
        expect(s.body.data.vouchers).toEqual([]);
      }
    });

    it("cannot use A's voucher on a quote or an order (400 VOUCHER_INVALID), and nothing is charged", async () => {
      const basket = { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', voucher_id: voucher.id };
      refused(await callApi(p, ordersApi.quote, { token: B.token, body: basket }), 400, 'VOUCHER_INVALID');
      const res = await callApi(p, ordersApi.create, { token: B.token, body: { ...basket, payment_method: 'wallet', idempotency_key: randomUUID() } });
      refused(res, 400, 'VOUCHER_INVALID');
      expect(res.body.error.fields).toEqual({ voucher_id: 'is not one of your vouchers' });
      const gw = await callApi(p, ordersApi.create, { token: B.token, body: { ...basket, payment_method: 'gateway', idempotency_key: randomUUID() } });
      refused(gw, 400, 'VOUCHER_INVALID');
      const profile = await callApi(p, customersApi.profile, { token: B.token }).expect(200);
      expect(profile.body.data.wallet_balance).toBe(100_000);
    });

    it("cannot update, delete or deliver to A's address", async () => {
      refused(await callApi(p, addressesApi.update, { token: B.token, body: { id: address.id, line1: '1 Hijacked Street' } }), 404, 'NOT_FOUND');
      refused(await callApi(p, addressesApi.update, { token: B.token, body: { id: address.id, is_default: true } }), 404, 'NOT_FOUND');
      refused(await callApi(p, addressesApi.remove, { token: B.token, body: { id: address.id } }), 404, 'NOT_FOUND');
      const basket = { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'delivery', address_id: address.id };
      refused(await callApi(p, ordersApi.quote, { token: B.token, body: basket }), 404, 'NOT_FOUND');
      refused(
        await callApi(p, ordersApi.create, { token: B.token, body: { ...basket, payment_method: 'wallet', idempotency_key: randomUUID() } }),
        404,
        'NOT_FOUND',
      );
      const list = await callApi(p, addressesApi.list, { token: B.token }).expect(200);
      expect(list.body.data.addresses).toEqual([]);
    });

    it("cannot read A's top-up", async () => {
      refused(await callApi(p, walletApi.topupStatus, { token: B.token, query: { topup_id: topupId } }), 404, 'NOT_FOUND');
      const history = await callApi(p, walletApi.history, { token: B.token }).expect(200);
      expect(history.body.data.items.every((e: { reason: string }) => e.reason === 'Test grant')).toBe(true);
    });

    it("cannot read A's point history by A's customer_id", async () => {
      refused(await callApi(p, pointsApi.history, { token: B.token, body: { customer_id: A.id } }), 404, 'NOT_FOUND');
      refused(await callApi(p, pointsApi.history, { token: B.token, body: { customer_id: A.id, page: 2 } }), 404, 'NOT_FOUND');
      // B's own: B's balance, not A's
      const own = await callApi(p, pointsApi.history, { token: B.token, body: { customer_id: B.id } }).expect(200);
      expect(own.body.data.balance).toBe(400);
    });

    it("cannot mark A's notifications read: they stay unread", async () => {
      const res = await callApi(p, notificationsApi.read, { token: B.token, body: { ids: notificationIds } }).expect(200);
      for (const s of secrets) expect(res.text).not.toContain(s);
      const bList = await callApi(p, notificationsApi.list, { token: B.token }).expect(200);
      expect(bList.body.data.items.map((n: { id: number }) => n.id).some((id: number) => notificationIds.includes(id))).toBe(false);
      const unread = await p.db.selectFrom('notifications').select('id').where('id', 'in', notificationIds).where('read_at', 'is', null).execute();
      expect(unread).toHaveLength(notificationIds.length);
    });

    it("leaves every one of A's things exactly as it was", async () => {
      const after = await stateOfA();
      expect(after).toEqual(before);
      expect(after.voucher.voucher.status).toBe('active');
      expect(after.addresses.addresses).toEqual([expect.objectContaining({ id: address.id, line1: '77 Calle Secreta', is_default: true })]);
      expect(after.notifications.unread).toBe(notificationIds.length);
      // and A can still use them: the voucher on A's own order
      const own = await callApi(p, ordersApi.quote, {
        token: A.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'delivery', address_id: address.id, voucher_id: voucher.id },
      }).expect(200);
      expect(own.body.data.discount).toBe(5_000);
    });
  });
});
