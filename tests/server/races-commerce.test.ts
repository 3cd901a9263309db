import { beforeAll, expect, it } from 'vitest';
import { describePostgres, useTestProvider } from './support/provider';
import { key, ledgers, makeVoucher, postWebhook, products, signature, unix, webhookEvent } from './orders.helpers';
import { advanceDemoOrders } from '../../server/provider/orders/orders.jobs';
import { SECOND } from '../../server/lib/clock';
import { ordersApi } from '#contract/orders.calls';
import { walletApi } from '#contract/wallet.calls';
import { paymentsApi } from '#contract/payments.calls';
import { callApi } from '../support/calls';

/** Concurrency on a real pool of connections (PGlite has one connection, so races never show there). */
describePostgres('commerce races', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  let P: Awaited<ReturnType<typeof products>>;
  beforeAll(async () => {
    P = await products(p);
  });

  const latte = (token: string, extra: object = {}) =>
    callApi(p, ordersApi.create, {
      token,
      body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key(), ...extra },
    });

  it('60 concurrent wallet orders on a balance that covers 17: exactly 17 succeed, the rest INSUFFICIENT_BALANCE', async () => {
    const covered = 17;
    const c = await p.newCustomer({ wallet: P.latte.price * covered + 1000 });
    const answers = await Promise.all(Array.from({ length: 60 }, () => latte(c.token)));
    const by = (s: number) => answers.filter((a) => a.status === s);
    expect(by(201)).toHaveLength(covered);
    expect(by(409)).toHaveLength(60 - covered);
    expect(by(409).every((a) => a.body.error.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    const l = await ledgers(p, c.id);
    // each paid order's points are on their way, once: none in the balance until the orders are completed
    expect(l).toMatchObject({ wallet: 1000, walletSum: 1000, walletEntries: covered + 1, points: 0, pointsSum: 0 });
    const pending = await p.db.selectFrom('points_pending').select(['points', 'status']).where('customer_id', '=', c.id).execute();
    expect(pending).toHaveLength(covered);
    expect(pending.every((r) => r.points === 16 && r.status === 'pending')).toBe(true);
    const balances = await p.db.selectFrom('wallet_ledger').select('balance_after').where('customer_id', '=', c.id).execute();
    expect(balances.every((b) => b.balance_after >= 0)).toBe(true);
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(covered);
    console.info(
      `race: 60 wallet orders on ${covered} lattes' worth → ${by(201).length} × 201, ${by(409).length} × 409 INSUFFICIENT_BALANCE; balance ${l.wallet} = ledger sum ${l.walletSum}`,
    );
  });

  it('50 concurrent order/create with one idempotency key: one order, one debit, the same 201 or 409 in progress', async () => {
    const c = await p.newCustomer({ wallet: 100000 });
    const body = { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() };
    const answers = await Promise.all(Array.from({ length: 50 }, () => callApi(p, ordersApi.create, { token: c.token, body })));
    const created = answers.filter((a) => a.status === 201);
    const busy = answers.filter((a) => a.status === 409);
    expect(created.length + busy.length).toBe(50);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(busy.every((a) => a.body.error.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    const names = new Set(created.map((a) => a.body.data.order.name));
    expect(names.size).toBe(1);
    for (const a of created) expect(a.body).toEqual(created[0]!.body);
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 100000 - P.latte.price, walletSum: 100000 - P.latte.price, walletEntries: 2 });
    // after the dust settles: a replay is the first answer, another body is refused
    expect((await callApi(p, ordersApi.create, { token: c.token, body }).expect(201)).body).toEqual(created[0]!.body);
    const other = await callApi(p, ordersApi.create, { token: c.token, body: { ...body, fulfilment: 'delivery' } }).expect(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_MISMATCH');
    console.info(`race: 50 creates with one key → ${created.length} × 201 (one order), ${busy.length} × 409 IDEMPOTENCY_IN_PROGRESS`);
  });

  it('one voucher on 10 concurrent orders: used once', async () => {
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const voucher = await makeVoucher(p, c.id, { discount: 5000 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => latte(c.token, { voucher_id: voucher })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.error.code === 'VOUCHER_INVALID')).toBe(true);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(9);
    expect(await p.db.selectFrom('orders').select('id').where('voucher_id', '=', voucher).execute()).toHaveLength(1);
  });

  it('a webhook delivered 20 times at once, with a failure racing it, credits a top-up at most once', async () => {
    const c = await p.newCustomer();
    const res = await callApi(p, walletApi.topup, { token: c.token, body: { amount: 70000, idempotency_key: key() } }).expect(201);
    const id = res.body.data.topup_id;
    const ok = webhookEvent(id, 70000, 'payment.succeeded', unix(p));
    const failed = webhookEvent(id, 70000, 'payment.failed', unix(p));
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => postWebhook(p, ok, signature(ok, unix(p)))),
      ...Array.from({ length: 5 }, () => postWebhook(p, failed, signature(failed, unix(p)))),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.applied)).toHaveLength(1);
    const status = (await p.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const l = await ledgers(p, c.id);
    expect(l.wallet).toBe(status === 'paid' ? 70000 : 0);
    expect(l.walletSum).toBe(l.wallet);
    expect(l.walletEntries).toBe(status === 'paid' ? 1 : 0);
  });

  it('Pay and Decline clicked at once on the hosted page: one outcome', async () => {
    const c = await p.newCustomer();
    const res = await callApi(p, walletApi.topup, { token: c.token, body: { amount: 15000, idempotency_key: key() } }).expect(201);
    const id = res.body.data.topup_id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callApi(p, paymentsApi.sandboxComplete, { params: { id }, token: c.token, body: { outcome: i % 2 ? 'pay' : 'decline' } }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const final = (await p.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(answers.every((a) => a.body.data.status === final)).toBe(true);
    expect((await ledgers(p, c.id)).wallet).toBe(final === 'paid' ? 15000 : 0);
  });

  it('demo progression run by 4 servers at once steps each due order exactly once', async () => {
    p.ctx.demoOrderProgress = true;
    try {
      const c = await p.newCustomer({ wallet: 2_000_000 });
      const made = await Promise.all(Array.from({ length: 30 }, () => latte(c.token)));
      expect(made.every((a) => a.status === 201)).toBe(true);
      p.clock.advance(45 * SECOND);
      await Promise.all(Array.from({ length: 4 }, () => advanceDemoOrders(p.ctx)));
      const events = await p.db
        .selectFrom('order_events as e')
        .innerJoin('orders as o', 'o.id', 'e.order_id')
        .select(['o.name', 'e.status'])
        .where('o.customer_id', '=', c.id)
        .where('e.status', '=', 'preparing')
        .execute();
      expect(events).toHaveLength(30);
      expect(new Set(events.map((e) => e.name)).size).toBe(30);
      const statuses = await p.db.selectFrom('orders').select('status').where('customer_id', '=', c.id).execute();
      expect(statuses.every((s) => s.status === 'preparing')).toBe(true);
    } finally {
      p.ctx.demoOrderProgress = false;
    }
  });
});
