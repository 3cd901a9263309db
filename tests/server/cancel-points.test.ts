import { beforeAll, expect, it } from 'vitest';
import { earnPoints } from '../../server/provider/points/points.ledger';
import { holdAgainstWrites, untilWaiting } from './support/locks';
import { newStaff, type TestStaff } from './merchant.helpers';
import { creditedAtPayment, key, ledgers, products } from './orders.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { counterApi } from '#contract/counter.calls';
import { customersConsoleApi } from '#contract/customers.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { callApi } from '../support/calls';

/**
 * A cancelled order's points (issue 24, item 7). An order refunded in full must not leave its customer
 * a reward bought with the points it earned: the cancellation takes the points back, and when they were
 * spent it cancels the unused vouchers bought with them since (their points back, their stock back), in
 * its own transaction. What cannot be taken back (a voucher already used at the counter) is the
 * shortfall, shown to the shop. Six ₱165 lattes: 99 points; a 60-point reward.
 * Since pending points (issue 29) an order's points wait for its completion, and a cancellation voids
 * them (pending-points.test.ts); the take-back is for orders whose points were credited at payment, as
 * before pending points, which these orders are made into (creditedAtPayment).
 */

const REWARD = { name: 'cancel-test-treat', title: 'Cancel test treat', points_cost: 60, stock: 5, valid_days: 30, per_customer_limit: 1 };

async function setUp(p: TestProvider) {
  await p.db
    .insertInto('rewards')
    .values(REWARD)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** A customer with a paid wallet order of six lattes (99 points, credited at payment), and nothing else. */
async function paidOrder(p: TestProvider) {
  const c = await p.newCustomer({ wallet: 1_000_000, name: 'Ana Reyes' });
  const { latte } = await products(p);
  const res = await callApi(p, ordersApi.create, {
    token: c.token,
    body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const order = res.body.data.order as { name: string; total: number; points_earned: number };
  expect(order.points_earned).toBe(99);
  expect(await creditedAtPayment(p, order.name)).toBe(99);
  return { c, order };
}

/** A call sent now, as a promise (supertest sends on then()). */
const sent = <T>(t: PromiseLike<T>): Promise<T> => new Promise((resolve, reject) => t.then(resolve, reject));
const redeem = (p: TestProvider, token: string) => sent(callApi(p, rewardsApi.redeem, { token, body: { name: REWARD.name, idempotency_key: key() } }));
const stock = async (p: TestProvider) => (await p.db.selectFrom('rewards').select('stock').where('name', '=', REWARD.name).executeTakeFirstOrThrow()).stock;

describeDb('a cancelled order takes back the points it earned', (kind) => {
  const p = useTestProvider(kind);
  let staff: TestStaff;
  let owner: TestStaff;
  beforeAll(async () => {
    await setUp(p);
    staff = await newStaff(p.db, p.clock, { name: 'Ben Santos' });
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
  });

  const cancel = (name: string, reason = 'Out of oat milk.') => callApi(p, boardApi.cancel, { token: staff.token, body: { name, reason } });
  const grant = (customerId: number, points: number) =>
    p.db.transaction().execute((trx) => earnPoints(trx, p.clock, customerId, points, { reason: 'Test grant' }));

  it('a reward bought with the points is cancelled with the order: its points and its stock back, the order’s points taken back, the customer told', async () => {
    const { c, order } = await paidOrder(p);
    const stockBefore = await stock(p);
    const bought = await redeem(p, c.token);
    expect(bought.status).toBe(201);
    const voucher = bought.body.data.voucher as { id: number; code: string };
    expect((await ledgers(p, c.id)).points).toBe(39);

    const res = await cancel(order.name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.order).toMatchObject({
      status: 'cancelled',
      points_earned: 99,
      points_taken_back: 99,
      points_not_taken_back: 0,
      vouchers_cancelled: 1,
    });
    const after = await ledgers(p, c.id);
    expect(after).toMatchObject({ points: 0, pointsSum: 0, wallet: 1_000_000, walletSum: 1_000_000 });
    expect(await stock(p)).toBe(stockBefore);
    const v = await p.db.selectFrom('vouchers').select(['status', 'cancelled_at', 'points_paid']).where('id', '=', voucher.id).executeTakeFirstOrThrow();
    expect(v).toMatchObject({ status: 'cancelled', points_paid: 60 });
    // the ledger tells it: the voucher's points back, then the order's taken back
    const entries = await p.db.selectFrom('points_ledger').select(['type', 'points', 'reason']).where('customer_id', '=', c.id).orderBy('id').execute();
    expect(entries.map((e) => [e.type, e.points])).toEqual([
      ['earn', 99],
      ['burn', -60],
      ['adjust', 60],
      ['adjust', -99],
    ]);
    expect(entries[2]!.reason).toBe(`Voucher for ${REWARD.title} cancelled with order ${order.name}`);

    // the customer's page says what went back, and the notice says it once, without a doubled full stop
    const detail = (await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.name } })).body.data.order;
    expect(detail).toMatchObject({
      refund: { method: 'wallet', amount: order.total, status: 'succeeded' },
      points_taken_back: 99,
      cancelled_vouchers: [{ title: REWARD.title, points: 60 }],
    });
    const notes = (await callApi(p, notificationsApi.list, { token: c.token })).body.data.items as Array<{ title: string; body: string }>;
    const notice = notes.find((n) => n.title === `Order ${order.name} cancelled`)!.body;
    expect(notice).toBe(
      `Your order was cancelled. Reason: Out of oat milk. ₱990.00 is back in your wallet. Your voucher for ${REWARD.title} was cancelled and its 60 points given back, as they came from this order. The 99 points it earned were taken back.`,
    );
    expect(notice).not.toMatch(/\.\./);

    // the voucher is in the customer's expired tab, saying why; the counter refuses it
    const storage = (await callApi(p, rewardsApi.storage, { token: c.token, query: { status: 'expired' } })).body.data.vouchers as Array<{
      id: number;
      status: string;
      cancelled_with_order: string;
    }>;
    expect(storage.find((x) => x.id === voucher.id)).toMatchObject({ status: 'cancelled', cancelled_with_order: order.name });
    expect(((await callApi(p, rewardsApi.storage, { token: c.token, query: { status: 'active' } })).body.data.vouchers as unknown[]).length).toBe(0);
    const codes = (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id: voucher.id } })).body.data;
    expect(codes).toMatchObject({ status: 'cancelled', current: null });
    // a cancelled voucher does not count against the reward's limit of one
    await grant(c.id, 60);
    expect((await redeem(p, c.token)).status).toBe(201);

    // the shop's activity entry names what was taken back
    const audit = await p.db
      .selectFrom('audit_log')
      .select('after')
      .where('target', '=', `order:${order.name}`)
      .where('action', '=', 'order.cancel')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ points_taken_back: 99, points_not_taken_back: 0, vouchers_cancelled: [REWARD.title] });
  });

  it('a voucher already used at the counter cannot be given back: the shortfall is the shop’s to see', async () => {
    const { c, order } = await paidOrder(p);
    const voucher = (await redeem(p, c.token)).body.data.voucher as { id: number };
    const codes = (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id: voucher.id } })).body.data;
    expect((await callApi(p, counterApi.redeem, { token: staff.token, body: { code: codes.current.short_code } })).status).toBe(201);

    const res = await cancel(order.name, 'Wrong order');
    expect(res.body.data.order).toMatchObject({ points_taken_back: 39, points_not_taken_back: 60, vouchers_cancelled: 0 });
    expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
    expect((await p.db.selectFrom('vouchers').select('status').where('id', '=', voucher.id).executeTakeFirstOrThrow()).status).toBe('used');
    // the owner sees it on the customer's account too
    const account = (await callApi(p, customersConsoleApi.detail, { token: owner.token, query: { id: c.id } })).body.data;
    expect(account.orders.find((o: { name: string }) => o.name === order.name)).toMatchObject({ points_earned: 99, points_taken_back: 39 });
    const notes = (await callApi(p, notificationsApi.list, { token: c.token })).body.data.items as Array<{ title: string; body: string }>;
    expect(notes.find((n) => n.title === `Order ${order.name} cancelled`)!.body).toBe(
      'Your order was cancelled. Reason: Wrong order. ₱990.00 is back in your wallet. The 39 points it earned were taken back.',
    );
  });

  it('leaves vouchers alone when the balance covers the points', async () => {
    const { c, order } = await paidOrder(p);
    const covered = await redeem(p, c.token);
    expect(covered.status).toBe(201);
    await grant(c.id, 100);
    const res = await cancel(order.name);
    expect(res.body.data.order).toMatchObject({ points_taken_back: 99, points_not_taken_back: 0, vouchers_cancelled: 0 });
    expect((await p.db.selectFrom('vouchers').select('status').where('id', '=', covered.body.data.voucher.id).executeTakeFirstOrThrow()).status).toBe('active');
    expect(await ledgers(p, c.id)).toMatchObject({ points: 40, pointsSum: 40 });
  });

  it('leaves alone a voucher bought before the order was paid: those points were not the order’s', async () => {
    const c = await p.newCustomer({ wallet: 1_000_000, points: 60 });
    const earlier = (await redeem(p, c.token)).body.data.voucher as { id: number };
    p.clock.advance(1_000);
    const { latte } = await products(p);
    const order = (
      await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
      })
    ).body.data.order as { name: string };
    await creditedAtPayment(p, order.name);
    // the order's points spent some other way: the owner took them for a mistake
    const taken = await callApi(p, customersConsoleApi.adjustPoints, {
      token: owner.token,
      body: { customer_id: c.id, points: -99, reason: 'Counted twice', idempotency_key: key() },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const res = await cancel(order.name);
    expect(res.body.data.order).toMatchObject({ points_taken_back: 0, points_not_taken_back: 99, vouchers_cancelled: 0 });
    expect((await p.db.selectFrom('vouchers').select('status').where('id', '=', earlier.id).executeTakeFirstOrThrow()).status).toBe('active');
    expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
  });
});

describePostgres('a redemption racing the cancellation of the order whose points pay for it', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  let staff: TestStaff;
  beforeAll(async () => {
    await setUp(p);
    await p.db.updateTable('rewards').set({ stock: 1000, per_customer_limit: null }).where('name', '=', REWARD.name).execute();
    staff = await newStaff(p.db, p.clock);
  });

  const cancel = (name: string) => sent(callApi(p, boardApi.cancel, { token: staff.token, body: { name, reason: 'Out of stock' } }));

  /** Whatever the order of events: no voucher left to use, no point left, every ledger its balance. */
  async function expectNothingKept(customerId: number, orderName: string) {
    const l = await ledgers(p, customerId);
    expect(l).toMatchObject({ points: 0, pointsSum: 0, wallet: 1_000_000, walletSum: 1_000_000 });
    expect(await p.db.selectFrom('vouchers').select('id').where('customer_id', '=', customerId).where('status', '=', 'active').execute()).toEqual([]);
    const order = await p.db.selectFrom('orders').select(['status', 'points_taken_back']).where('name', '=', orderName).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'cancelled', points_taken_back: 99 });
  }

  it('12 customers, each redeeming three times while their order is cancelled: every voucher bought is cancelled, or never bought; stock and ledgers hold', async () => {
    const stockBefore = await stock(p);
    const runs = await Promise.all(Array.from({ length: 12 }, () => paidOrder(p)));
    const results = await Promise.all(
      runs.map(async ({ c, order }) => {
        const [a, b, cancelled, d] = await Promise.all([redeem(p, c.token), redeem(p, c.token), cancel(order.name), redeem(p, c.token)]);
        return { c, order, redemptions: [a, b, d], cancelled };
      }),
    );
    let bought = 0;
    for (const r of results) {
      expect(r.cancelled.status, JSON.stringify(r.cancelled.body)).toBe(200);
      for (const x of r.redemptions) {
        expect([201, 409], JSON.stringify(x.body)).toContain(x.status);
        if (x.status === 409) expect(x.body.error.code).toBe('INSUFFICIENT_POINTS');
      }
      const won = r.redemptions.filter((x) => x.status === 201).length;
      // 99 points buy one 60-point voucher at most
      expect(won).toBeLessThanOrEqual(1);
      bought += won;
      expect(r.cancelled.body.data.order.vouchers_cancelled).toBe(won);
      expect(r.cancelled.body.data.order.points_not_taken_back).toBe(0);
      await expectNothingKept(r.c.id, r.order.name);
    }
    expect(bought).toBeGreaterThan(0);
    expect(await stock(p)).toBe(stockBefore);
  });

  it('the redemption commits first, while the cancellation waits for the customer: its voucher is cancelled', async () => {
    const { c, order } = await paidOrder(p);
    // the redemption stops at its first write to the points ledger, holding the customer's row
    const hold = await holdAgainstWrites(p.db, 'points_ledger');
    const redeeming = redeem(p, c.token);
    await untilWaiting(p.db, 1, redeeming);
    const cancelling = cancel(order.name);
    await untilWaiting(p.db, 2, cancelling);
    await hold.release();
    const [r, x] = await Promise.all([redeeming, cancelling]);
    expect(r.status).toBe(201);
    expect(x.body.data.order).toMatchObject({ vouchers_cancelled: 1, points_not_taken_back: 0 });
    await expectNothingKept(c.id, order.name);
  });

  it('the cancellation commits first, while the redemption waits for the customer: nothing is bought', async () => {
    const { c, order } = await paidOrder(p);
    // the cancellation stops at its notification, after taking the points back, holding the customer's row
    const hold = await holdAgainstWrites(p.db, 'notifications');
    const cancelling = cancel(order.name);
    await untilWaiting(p.db, 1, cancelling);
    const redeeming = redeem(p, c.token);
    await untilWaiting(p.db, 2, redeeming);
    await hold.release();
    const [x, r] = await Promise.all([cancelling, redeeming]);
    expect(x.body.data.order).toMatchObject({ vouchers_cancelled: 0, points_taken_back: 99 });
    expect([r.status, r.body.error?.code]).toEqual([409, 'INSUFFICIENT_POINTS']);
    await expectNothingKept(c.id, order.name);
  });

  it('a voucher being used at the counter at that moment is not waited for (no deadlock): used, and the shortfall shown', async () => {
    const { c, order } = await paidOrder(p);
    const voucher = (await redeem(p, c.token)).body.data.voucher as { id: number };
    const codes = (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id: voucher.id } })).body.data;
    // the counter has the voucher's row, and stops at writing its redemption
    const hold = await holdAgainstWrites(p.db, 'counter_redemptions');
    const using = sent(callApi(p, counterApi.redeem, { token: staff.token, body: { code: codes.current.short_code } }));
    await untilWaiting(p.db, 1, using);
    const cancelled = await cancel(order.name);
    await hold.release();
    expect((await using).status).toBe(201);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.order).toMatchObject({ vouchers_cancelled: 0, points_taken_back: 39, points_not_taken_back: 60 });
    expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
  });
});
