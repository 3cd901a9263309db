import { expect, it } from 'vitest';
import { describeDb, useTestProvider } from './support/provider';
import { notify } from '../../server/provider/notifications/notify';
import { SECOND } from '../../server/lib/clock';
import { notificationsApi } from '#contract/notifications.calls';
import { ordersApi } from '#contract/orders.calls';
import { callApi } from '../support/calls';
import { completeOrder, key, products } from './orders.helpers';

describeDb('notifications', (kind) => {
  const p = useTestProvider(kind);

  async function give(customerId: number, n: number) {
    for (let i = 1; i <= n; i++) {
      p.clock.advance(SECOND);
      await notify(p.db, p.clock, customerId, { type: 'order', title: `Order update ${i}`, body: `Step ${i}`, link: i % 2 ? '/order/home' : null });
    }
  }

  it('lists 20 a page, newest first, with the unread count and the next page', async () => {
    const c = await p.newCustomer();
    await give(c.id, 25);
    const first = await callApi(p, notificationsApi.list, { token: c.token }).expect(200);
    const d = first.body.data;
    expect(d.items).toHaveLength(20);
    expect(d.items[0]).toEqual({
      id: expect.any(Number),
      type: 'order',
      title: 'Order update 25',
      body: 'Step 25',
      link: '/order/home',
      read: false,
      created_at: expect.stringMatching(/Z$/),
    });
    expect(d.items[19].title).toBe('Order update 6');
    expect(d.unread).toBe(25);
    expect(d.next_page).toBe(2);
    const second = await callApi(p, notificationsApi.list, { token: c.token, query: { page: 2 } }).expect(200);
    expect(second.body.data.items.map((i: { title: string }) => i.title)).toEqual([
      'Order update 5',
      'Order update 4',
      'Order update 3',
      'Order update 2',
      'Order update 1',
    ]);
    expect(second.body.data.next_page).toBeNull();
    const empty = await callApi(p, notificationsApi.list, { token: c.token, query: { page: 3 } }).expect(200);
    expect(empty.body.data).toEqual({ items: [], unread: 25, next_page: null });
  });

  it("marks the customer's own by id, ignoring others' ids, and answers the unread count", async () => {
    const a = await p.newCustomer();
    const b = await p.newCustomer();
    await give(a.id, 3);
    await give(b.id, 2);
    const aItems = (await callApi(p, notificationsApi.list, { token: a.token }).expect(200)).body.data.items;
    const bItems = (await callApi(p, notificationsApi.list, { token: b.token }).expect(200)).body.data.items;
    const res = await callApi(p, notificationsApi.read, { token: a.token, body: { ids: [aItems[0].id, bItems[0].id, bItems[1].id, 999999] } }).expect(200);
    expect(res.body.data).toEqual({ unread: 2 });
    const after = (await callApi(p, notificationsApi.list, { token: a.token }).expect(200)).body.data;
    expect(after.items.map((i: { read: boolean }) => i.read)).toEqual([true, false, false]);
    // b's notifications are untouched
    expect((await callApi(p, notificationsApi.list, { token: b.token }).expect(200)).body.data.unread).toBe(2);
    // reading again changes nothing
    expect((await callApi(p, notificationsApi.read, { token: a.token, body: { ids: [aItems[0].id] } }).expect(200)).body.data.unread).toBe(2);
  });

  it("counts an order's updates once: each new status leaves the earlier ones of that order read, all still listed", async () => {
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const { latte } = await products(p);
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      names.push(res.body.data.order.name);
    }
    await completeOrder(p, names[0]!);
    const list = (await callApi(p, notificationsApi.list, { token: c.token }).expect(200)).body.data as {
      items: { type: string; title: string; link: string | null; read: boolean }[];
      unread: number;
    };
    const ofOrder = (name: string) => list.items.filter((n) => n.type === 'order' && n.link === `/order/${name}`);
    // the first order: paid, preparing, ready, completed, all listed; only the newest unread
    expect(ofOrder(names[0]!).map((n) => n.read)).toEqual([false, true, true, true]);
    expect(ofOrder(names[1]!).map((n) => n.read)).toEqual([false]);
    // the points notices are their own news: one order's on their way and earned, the other's on their way
    expect(list.unread).toBe(2 + list.items.filter((n) => n.type !== 'order' && !n.read).length);
    expect(list.items.filter((n) => n.type !== 'order').length).toBeGreaterThan(0);
  });

  it('marks all read with all: true', async () => {
    const a = await p.newCustomer();
    const b = await p.newCustomer();
    await give(a.id, 4);
    await give(b.id, 1);
    expect((await callApi(p, notificationsApi.read, { token: a.token, body: { all: true } }).expect(200)).body.data).toEqual({ unread: 0 });
    expect((await callApi(p, notificationsApi.list, { token: b.token }).expect(200)).body.data.unread).toBe(1);
  });

  it('answers 400 naming the bad field, never 500', async () => {
    const c = await p.newCustomer();
    const cases: Array<[unknown, string]> = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: 'all' }, 'ids'],
      [{ ids: ['x'] }, 'ids.0'],
      [{ ids: [1.5] }, 'ids.0'],
      [{ ids: Array.from({ length: 201 }, (_, i) => i + 1) }, 'ids'],
      [{ all: false }, 'all'],
      [{ all: 'true' }, 'all'],
    ];
    for (const [body, field] of cases) {
      const res = await callApi(p, notificationsApi.read, { token: c.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const res = await callApi(p, notificationsApi.list, { token: c.token, query: { page } });
      expect(res.status, page).toBe(400);
      expect(res.body.error.fields).toHaveProperty('page');
    }
  });

  it('needs a session', async () => {
    expect((await callApi(p, notificationsApi.list).expect(401)).body.error.code).toBe('SESSION_EXPIRED');
    await callApi(p, notificationsApi.read, { body: { all: true } }).expect(401);
  });
});
