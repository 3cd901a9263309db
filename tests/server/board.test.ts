import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { RefundRequest } from '../../server/provider/payment-gateway';
import { runHourlyJobs } from '../../server/provider/jobs';
import { newStaff, type TestStaff } from './merchant.helpers';
import { key, ledgers, makeAddress, products } from './orders.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { ordersApi } from '#contract/orders.calls';
import { callApi } from '../support/calls';
import { paymentsApi } from '#contract/payments.calls';

/**
 * The orders board (issue 13): what it lists, one-tap moves that cannot skip a step, and cancellations
 * refunded the way the order was paid (the wallet at once; the gateway's refund after the transaction,
 * once, retried by the hourly job), with the points taken back and the customer told.
 * The gateway is the real sandbox adapter; its refund call is counted (and made to fail when a test
 * says so) by wrapping it.
 */

interface Spy {
  calls: RefundRequest[];
  failNext: number;
}

function spyOnRefunds(p: TestProvider): Spy {
  const spy: Spy = { calls: [], failNext: 0 };
  const gateway = p.ctx.paymentGateway!;
  const real = gateway.refund.bind(gateway);
  gateway.refund = async (req) => {
    spy.calls.push(req);
    if (spy.failNext > 0) {
      spy.failNext--;
      throw new Error('the gateway did not answer');
    }
    return real(req);
  };
  return spy;
}

async function walletOrder(p: TestProvider, o: { fulfilment?: 'pickup' | 'delivery'; qty?: number } = {}) {
  const c = await p.newCustomer({ wallet: 1_000_000, name: 'Joseph Tan' });
  const { latte } = await products(p);
  const addressId = o.fulfilment === 'delivery' ? await makeAddress(p, c.id) : undefined;
  const res = await callApi(p, ordersApi.create, {
    token: c.token,
    body: {
      items: [{ product_id: latte.id, qty: o.qty ?? 2 }],
      fulfilment: o.fulfilment ?? 'pickup',
      ...(addressId ? { address_id: addressId } : {}),
      payment_method: 'wallet',
      idempotency_key: key(),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { c, order: res.body.data.order as { name: string; total: number; status: string; points_earned: number } };
}

async function gatewayOrder(p: TestProvider) {
  const c = await p.newCustomer({ name: 'Grace Lim' });
  const { latte } = await products(p);
  const res = await callApi(p, ordersApi.create, {
    token: c.token,
    body: { items: [{ product_id: latte.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: key() },
  });
  expect(res.status).toBe(201);
  const paymentId = (res.body.data.payment_url as string).split('/').pop()!;
  expect((await callApi(p, paymentsApi.sandboxComplete, { params: { id: paymentId }, token: c.token, body: { outcome: 'pay' } })).status).toBe(200);
  return { c, order: res.body.data.order as { name: string; total: number }, paymentId };
}

describeDb('the orders board', (kind) => {
  const p = useTestProvider(kind);
  let staff: TestStaff;
  let spy: Spy;
  beforeAll(async () => {
    staff = await newStaff(p.db, p.clock, { name: 'Ben Santos' });
    spy = spyOnRefunds(p);
  });
  beforeEach(() => {
    spy.calls.length = 0;
    spy.failNext = 0;
  });

  const board = async () =>
    (await callApi(p, boardApi.board, { token: staff.token })).body.data as {
      orders: { name: string; status: string }[];
      done: { name: string; status: string }[];
    };
  const advance = (name: string, from: string) => callApi(p, boardApi.advance, { token: staff.token, body: { name, from } });
  const cancel = (name: string, reason = 'Out of oat milk') => callApi(p, boardApi.cancel, { token: staff.token, body: { name, reason } });

  it('lists every open order by when it is due with what the counter needs, and nothing waiting for payment', async () => {
    const older = await walletOrder(p);
    const delivery = await walletOrder(p, { fulfilment: 'delivery' });
    const { latte } = await products(p);
    const pendingCustomer = await p.newCustomer();
    const pending = (
      await callApi(p, ordersApi.create, {
        token: pendingCustomer.token,
        body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: key() },
      })
    ).body.data.order;
    const res = await callApi(p, boardApi.board, { token: staff.token });
    expect(res.status).toBe(200);
    const names = (res.body.data.orders as { name: string }[]).map((o) => o.name);
    // the delivery is due when it was paid (now); the pickup placed before it at its slot, after the preparation time
    expect(names.indexOf(delivery.order.name)).toBeLessThan(names.indexOf(older.order.name));
    expect(names).not.toContain(pending.name);
    const d = (res.body.data.orders as Array<Record<string, unknown>>).find((o) => o.name === delivery.order.name)!;
    expect(d).toMatchObject({
      status: 'paid',
      fulfilment: 'delivery',
      customer_first_name: 'Joseph',
      payment_method: 'wallet',
      next_status: 'preparing',
      can_cancel: true,
      refund: null,
    });
    expect((d.address as { text: string }).text).toBe('12 Calle Mabini, Makati 1200');
    // the seeded latte's default options, as ordered
    const defaults = [
      { group: 'Size', name: 'Regular', price_delta: 0 },
      { group: 'Milk', name: 'Whole milk', price_delta: 0 },
    ];
    expect(d.items).toEqual([{ name: 'Spanish latte', qty: 2, price: latte.price, options: defaults }]);
    expect(JSON.stringify(res.body.data)).not.toMatch(/Tan|\+63/);
    // orders move only when people move them here; with the demo's progression on, the board says so
    expect(res.body.data.demo_progress).toBeNull();
    p.ctx.demoOrderProgress = true;
    try {
      expect((await callApi(p, boardApi.board, { token: staff.token })).body.data.demo_progress).toEqual({ step_seconds: expect.any(Number) });
    } finally {
      p.ctx.demoOrderProgress = false;
    }
    // the ticket's one order
    const one = await callApi(p, boardApi.detail, { token: staff.token, query: { name: older.order.name } });
    expect(one.body.data.order).toMatchObject({ name: older.order.name, customer_first_name: 'Joseph', address: null });
    expect((await callApi(p, boardApi.detail, { token: staff.token, query: { name: pending.name } })).status).toBe(404);
  });

  it('moves an order one step on from the status the staff member saw; a second tablet’s tap on it is refused', async () => {
    const { c, order } = await walletOrder(p);
    const first = await advance(order.name, 'paid');
    expect(first.status).toBe(200);
    expect(first.body.data.order).toMatchObject({ status: 'preparing', next_status: 'ready' });
    const stale = await advance(order.name, 'paid');
    expect([stale.status, stale.body.error.code]).toEqual([409, 'INVALID_TRANSITION']);
    expect(stale.body.message).toMatch(/someone moved it/);
    expect((await advance(order.name, 'preparing')).body.data.order.status).toBe('ready');
    expect((await advance(order.name, 'ready')).body.data.order).toMatchObject({ status: 'completed', next_status: null, can_cancel: false });
    const end = await advance(order.name, 'completed');
    expect([end.status, end.body.error.code]).toEqual([409, 'INVALID_TRANSITION']);
    // the customer sees it, and was told at each step
    expect((await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.name } })).body.data.order.status).toBe('completed');
    const audit = await p.db.selectFrom('audit_log').select(['action', 'staff_id']).where('target', '=', `order:${order.name}`).execute();
    expect(audit).toEqual([
      { action: 'order.advance', staff_id: staff.id },
      { action: 'order.advance', staff_id: staff.id },
      { action: 'order.advance', staff_id: staff.id },
    ]);
    expect((await board()).done.map((o) => o.name)).toContain(order.name);
  });

  it('cancels a wallet order: the money back in the wallet once, the points on their way cancelled, the customer told why', async () => {
    const { c, order } = await walletOrder(p);
    const paid = await ledgers(p, c.id);
    // the points wait for the order to be completed: none to take back
    expect(paid.points).toBe(0);
    const pending = await p.db.selectFrom('points_pending').select(['points', 'status']).where('ref', '=', `order:${order.name}`).executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ points: order.points_earned, status: 'pending' });
    expect(pending.points).toBeGreaterThan(0);
    const res = await cancel(order.name);
    expect(res.status).toBe(200);
    expect(res.body.data.order).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Out of oat milk',
      can_cancel: false,
      next_status: null,
      refund: { method: 'wallet', amount: order.total, status: 'succeeded' },
    });
    const after = await ledgers(p, c.id);
    expect(after.wallet).toBe(1_000_000);
    expect(after.walletSum).toBe(after.wallet);
    expect(after.points).toBe(0);
    expect(after.pointsSum).toBe(0);
    expect(spy.calls).toHaveLength(0);
    const notes = (await callApi(p, notificationsApi.list, { token: c.token })).body.data.items as { title: string; body: string }[];
    expect(notes.find((n) => n.title === `Order ${order.name} cancelled`)?.body).toMatch(
      /Reason: Out of oat milk\. .* is back in your wallet\. The \d+ points it would have earned were cancelled\.$/,
    );
    expect((await p.db.selectFrom('points_pending').select('status').where('ref', '=', `order:${order.name}`).executeTakeFirstOrThrow()).status).toBe('voided');
    // never again: not cancelled twice, not moved
    expect((await cancel(order.name)).body.error.code).toBe('INVALID_TRANSITION');
    expect((await advance(order.name, 'cancelled')).body.error.code).toBe('INVALID_TRANSITION');
    expect((await ledgers(p, c.id)).wallet).toBe(1_000_000);
    const audit = await p.db.selectFrom('audit_log').select(['action', 'after']).where('target', '=', `order:${order.name}`).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'order.cancel', after: { status: 'cancelled', reason: 'Out of oat milk' } });
  });

  it('says where each order’s points stand, so the cancel dialog says what cancelling does to them', async () => {
    const detail = async (name: string) =>
      (await callApi(p, boardApi.detail, { token: staff.token, query: { name } })).body.data.order as Record<string, unknown>;
    // paid: its points wait (pending) until it is completed
    const waiting = await walletOrder(p);
    expect(await detail(waiting.order.name)).toMatchObject({ points_state: 'pending' });
    // an order from before pending points: its points were given at payment, a cancellation takes them back
    const older = await walletOrder(p);
    await p.db.deleteFrom('points_pending').where('ref', '=', `order:${older.order.name}`).execute();
    expect(await detail(older.order.name)).toMatchObject({ points_state: 'given' });
    // an order that earned nothing: no points to speak of
    const nothing = await walletOrder(p);
    await p.db.updateTable('orders').set({ points_earned: 0 }).where('name', '=', nothing.order.name).execute();
    await p.db.deleteFrom('points_pending').where('ref', '=', `order:${nothing.order.name}`).execute();
    expect(await detail(nothing.order.name)).toMatchObject({ points_state: 'none' });
    // cancelled: its pending points voided, nothing left to happen to them
    expect((await cancel(waiting.order.name)).body.data.order).toMatchObject({ status: 'cancelled', points_state: 'none' });
    // the list says it too
    const listed = (await callApi(p, boardApi.board, { token: staff.token })).body.data.orders as Array<Record<string, unknown>>;
    expect(listed.find((o) => o.name === older.order.name)).toMatchObject({ points_state: 'given' });
  });

  it('cancels an order paid at the gateway through the gateway’s refund, once, after the cancellation committed', async () => {
    const { c, order, paymentId } = await gatewayOrder(p);
    const before = await ledgers(p, c.id);
    const res = await cancel(order.name, 'Kitchen closed early');
    expect(res.status).toBe(200);
    expect(res.body.data.order.refund).toEqual({ method: 'gateway', amount: order.total, status: 'succeeded' });
    expect(spy.calls).toEqual([expect.objectContaining({ paymentId, amount: order.total, idempotencyKey: `refund:order:${order.name}`, currency: 'PHP' })]);
    // not to the wallet: the card gets it
    const after = await ledgers(p, c.id);
    expect(after.wallet).toBe(before.wallet);
    expect(after.points).toBe(0);
    const payment = await p.db.selectFrom('payments').select('refunded_amount').where('id', '=', paymentId).executeTakeFirstOrThrow();
    expect(payment.refunded_amount).toBe(order.total);
    const notes = (await callApi(p, notificationsApi.list, { token: c.token })).body.data.items as { body: string }[];
    expect(notes.some((n) => /refunded to the card you paid with/.test(n.body))).toBe(true);
  });

  it('retries a gateway refund that failed in the hourly job, with the same idempotency key, and pays it once', async () => {
    const { order } = await gatewayOrder(p);
    spy.failNext = 1;
    const res = await cancel(order.name);
    expect(res.status).toBe(200);
    expect(res.body.data.order.refund.status).toBe('failed');
    await runHourlyJobs(p.ctx);
    await runHourlyJobs(p.ctx);
    expect(spy.calls.map((c) => c.idempotencyKey)).toEqual([`refund:order:${order.name}`, `refund:order:${order.name}`]);
    const row = await p.db
      .selectFrom('order_refunds')
      .innerJoin('orders', 'orders.id', 'order_refunds.order_id')
      .select(['order_refunds.status', 'attempts', 'last_error'])
      .where('orders.name', '=', order.name)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'succeeded', attempts: 2, last_error: null });
  });

  it('asks for a reason and a name it knows', async () => {
    const { order } = await walletOrder(p);
    const blank = await callApi(p, boardApi.cancel, { token: staff.token, body: { name: order.name, reason: '   ' } });
    expect([blank.status, Object.keys(blank.body.error.fields)]).toEqual([400, ['reason']]);
    expect((await cancel('NOSUCH')).status).toBe(404);
    expect((await advance('NOSUCH', 'paid')).status).toBe(404);
  });
});

describePostgres('the orders board under concurrency', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  let spy: Spy;
  beforeAll(async () => {
    spy = spyOnRefunds(p);
  });

  const tally = (results: Array<{ status: number; body: { error?: { code: string } } }>) => {
    const t: Record<string, number> = {};
    for (const r of results) t[r.body.error?.code ?? String(r.status)] = (t[r.body.error?.code ?? String(r.status)] ?? 0) + 1;
    return t;
  };

  it('20 counters cancelling one wallet order at once: one cancellation, the wallet credited once', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => newStaff(p.db, p.clock)));
    const { c, order } = await walletOrder(p);
    const results = await Promise.all(members.map((m) => callApi(p, boardApi.cancel, { token: m.token, body: { name: order.name, reason: 'Closing early' } })));
    console.info('20 cancels of a wallet order:', tally(results));
    expect(tally(results)).toEqual({ '200': 1, INVALID_TRANSITION: 19 });
    const l = await ledgers(p, c.id);
    expect(l.wallet).toBe(1_000_000);
    expect(l.walletSum).toBe(l.wallet);
    expect(l.points).toBe(l.pointsSum);
    const refunds = await p.db.selectFrom('wallet_ledger').select('amount').where('customer_id', '=', c.id).where('type', '=', 'refund').execute();
    expect(refunds).toEqual([{ amount: order.total }]);
  });

  it('20 counters cancelling one card order at once while the hourly job runs: the gateway asked to refund once', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => newStaff(p.db, p.clock)));
    const { order } = await gatewayOrder(p);
    spy.calls.length = 0;
    const results = await Promise.all([
      ...members.map((m) => callApi(p, boardApi.cancel, { token: m.token, body: { name: order.name, reason: 'Closing early' } })),
      runHourlyJobs(p.ctx).then(() => ({ status: 0, body: { error: { code: 'JOB' } } })),
    ]);
    expect(tally(results)).toEqual({ '200': 1, INVALID_TRANSITION: 19, JOB: 1 });
    expect(spy.calls.filter((r) => r.idempotencyKey === `refund:order:${order.name}`)).toHaveLength(1);
    const rows = await p.db
      .selectFrom('order_refunds')
      .innerJoin('orders', 'orders.id', 'order_refunds.order_id')
      .select(['order_refunds.status', 'amount'])
      .where('orders.name', '=', order.name)
      .execute();
    expect(rows).toEqual([{ status: 'succeeded', amount: order.total }]);
  });
});
