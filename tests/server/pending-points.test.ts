import { beforeAll, beforeEach, expect, it } from 'vitest';
import { openDatabase, rawClientOf, type DatabaseHandle } from '../../server/db';
import { DAY } from '../../server/lib/clock';
import { providerContext } from '../../server/provider/embedded';
import { runHourlyJobs } from '../../server/provider/jobs';
import { creditPendingPoints } from '../../server/provider/points/points.jobs';
import { addPending } from '../../server/provider/points/points.pending';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { newStaff, newStaffSession, type TestStaff } from './merchant.helpers';
import { completeOrder, key, ledgers, products } from './orders.helpers';
import { describeDb, describePostgres, embeddedOptions, useTestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { counterApi } from '#contract/counter.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { ordersApi } from '#contract/orders.calls';
import { pointsApi } from '#contract/points.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { callApi } from '../support/calls';
import { customersApi } from '#contract/customers.calls';

/**
 * Pending points (issue 29): an order's points wait for the order to be completed, then for the owner's
 * hold (points_hold_days, 0 by default); they show in the points answer and cannot be spent; a
 * cancellation voids them (nothing to take back); the hourly job credits them when the hold ends, once
 * even when two instances run it at once; a counter earn waits for the hold too, and its undo voids it.
 * Six ₱165 lattes: 99 points; a 60-point reward.
 */

const REWARD = { name: 'pending-test-treat', title: 'Pending test treat', points_cost: 60, stock: null, valid_days: 30, per_customer_limit: null };

interface History {
  balance: number;
  pending_points: number;
  pending: { points: number; reason: string; available_from: string | null; order_name: string | null }[];
  items: { type: string; points: number; reason: string }[];
}

describeDb('pending points', (kind) => {
  const p = useTestProvider(kind);
  let staff: TestStaff;
  let owner: TestStaff;
  beforeAll(async () => {
    await p.db
      .insertInto('rewards')
      .values(REWARD)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    staff = await newStaff(p.db, p.clock, { name: 'Ben Santos' });
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
  });
  beforeEach(async () => {
    await p.db.updateTable('merchants').set({ rules: '{}' }).execute();
    clearMerchantCache();
    // new sessions: the clock jumps days in these tests, and an idle session ends
    for (const member of [staff, owner]) member.token = (await newStaffSession(p.db, p.clock, member.id)).token;
  });

  const setHold = (days: number) => callApi(p, shopSettingsApi.update, { token: owner.token, body: { points_hold_days: days } }).expect(200);
  const history = async (c: { id: number; token: string }): Promise<History> => {
    const res = await callApi(p, pointsApi.history, { token: c.token, body: { customer_id: c.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as History;
  };
  const notes = async (token: string) =>
    ((await callApi(p, notificationsApi.list, { token })).body.data.items as { title: string; body: string }[]).map((n) => `${n.title}: ${n.body}`);
  const pendingRow = (ref: string) => p.db.selectFrom('points_pending').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();

  /** A paid wallet pickup order of six lattes (99 points). */
  async function paidOrder(c: { token: string }) {
    const { latte } = await products(p);
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data.order as { name: string; status: string; points_earned: number };
    expect([order.status, order.points_earned]).toEqual(['paid', 99]);
    return order;
  }
  const complete = (name: string) => completeOrder(p, name);

  it('a paid order’s points are on their way: not in the balance, not spendable, shown with the order they wait for', async () => {
    const c = await p.newCustomer({ wallet: 1_000_000, points: 10 });
    const order = await paidOrder(c);
    const h = await history(c);
    expect(h).toMatchObject({
      balance: 10,
      pending_points: 99,
      pending: [{ points: 99, reason: `Order ${order.name}`, available_from: null, order_name: order.name }],
    });
    expect(await ledgers(p, c.id)).toMatchObject({ points: 10, pointsSum: 10 });
    // the profile (Home's balance) says so too
    expect((await callApi(p, customersApi.profile, { token: c.token }).expect(200)).body.data).toMatchObject({ points: 10, pending_points: 99 });
    expect(await notes(c.token)).toContain(`99 points on their way: For order ${order.name}. You can spend them once it is completed.`);
    // 10 spendable, 99 on their way: a 60-point reward is refused
    const redeem = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: REWARD.name, idempotency_key: key() } });
    expect([redeem.status, redeem.body.error?.code]).toEqual([409, 'INSUFFICIENT_POINTS']);
    expect(await ledgers(p, c.id)).toMatchObject({ points: 10, pointsSum: 10 });
  });

  it('with no hold, completing the order credits its points at once, with the same ref a cancellation finds', async () => {
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const order = await paidOrder(c);
    await complete(order.name);
    expect(await history(c)).toMatchObject({
      balance: 99,
      pending_points: 0,
      pending: [],
      items: [{ type: 'earn', points: 99, reason: `Order ${order.name}` }],
    });
    expect((await callApi(p, customersApi.profile, { token: c.token }).expect(200)).body.data).toMatchObject({ points: 99, pending_points: 0 });
    expect(await pendingRow(`order:${order.name}`)).toMatchObject({ status: 'credited', points: 99 });
    const entry = await p.db.selectFrom('points_ledger').selectAll().where('ref', '=', `order:${order.name}`).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ type: 'earn', points: 99, remaining: 99 });
    expect(await ledgers(p, c.id)).toMatchObject({ points: 99, pointsSum: 99 });
    expect(await notes(c.token)).toContain(`You earned 99 points: For order ${order.name}. They are valid for 365 days.`);
    // spendable now
    await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: REWARD.name, idempotency_key: key() } }).expect(201);
  });

  it('with a 3-day hold, the job credits the points once the hold has ended, and once only', async () => {
    await setHold(3);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const order = await paidOrder(c);
    await complete(order.name);
    const due = new Date(p.clock.now().getTime() + 3 * DAY);
    expect(await history(c)).toMatchObject({
      balance: 0,
      pending_points: 99,
      pending: [{ points: 99, available_from: due.toISOString(), order_name: order.name }],
    });
    expect((await notes(c.token))[0]).toMatch(new RegExp(`^Order ${order.name} completed: .* Your 99 points can be spent from `));

    p.clock.advance(3 * DAY - 60_000);
    await runHourlyJobs(p.ctx);
    expect((await history(c)).balance).toBe(0);
    p.clock.advance(60_000);
    await runHourlyJobs(p.ctx);
    await runHourlyJobs(p.ctx);
    expect(await history(c)).toMatchObject({ balance: 99, pending_points: 0, pending: [] });
    expect(await p.db.selectFrom('points_ledger').select('points').where('ref', '=', `order:${order.name}`).execute()).toEqual([{ points: 99 }]);
    expect(await ledgers(p, c.id)).toMatchObject({ points: 99, pointsSum: 99 });
    expect((await notes(c.token))[0]).toBe(`You earned 99 points: Order ${order.name}: ready to spend. They are valid for 365 days.`);
  });

  it('cancelling while the points are pending voids them: nothing is taken, the customer is told', async () => {
    const c = await p.newCustomer({ wallet: 1_000_000, points: 30 });
    const order = await paidOrder(c);
    const res = await callApi(p, boardApi.cancel, { token: staff.token, body: { name: order.name, reason: 'Out of oat milk' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.order).toMatchObject({ status: 'cancelled', points_earned: 99, points_taken_back: 99, points_not_taken_back: 0 });
    expect(await pendingRow(`order:${order.name}`)).toMatchObject({ status: 'voided' });
    // the customer's order page tells the points cancelled on their way from points taken back
    const detail = await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.name } });
    expect(detail.body.data.order).toMatchObject({ points_taken_back: 99, points_voided: 99 });
    expect(await history(c)).toMatchObject({ balance: 30, pending_points: 0, pending: [] });
    expect(await ledgers(p, c.id)).toMatchObject({ points: 30, pointsSum: 30 });
    expect(await p.db.selectFrom('points_ledger').select('id').where('ref', '=', `order:${order.name}`).execute()).toEqual([]);
    expect((await notes(c.token))[0]).toMatch(/The 99 points it would have earned were cancelled\.$/);
    // a later job run credits nothing
    p.clock.advance(40 * DAY);
    await runHourlyJobs(p.ctx);
    expect((await ledgers(p, c.id)).points).toBeLessThanOrEqual(30);
  });

  it('a counter earn with a hold is pending until the job credits it; its undo while pending voids it', async () => {
    await setHold(2);
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    const earn = (amount: number) => callApi(p, counterApi.earn, { token: staff.token, body: { idempotency_key: key(), customer_id: c.id, amount } });
    const first = await earn(25_000);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.member.points).toBe(0);
    const id = first.body.data.earn.id as number;
    expect(await pendingRow(`counter:${id}`)).toMatchObject({ status: 'pending', points: 25 });
    expect(await history(c)).toMatchObject({
      balance: 0,
      pending_points: 25,
      pending: [{ points: 25, order_name: null, available_from: new Date(p.clock.now().getTime() + 2 * DAY).toISOString() }],
    });

    const second = await earn(40_000);
    const undone = await callApi(p, counterApi.undoEarn, { token: staff.token, body: { earn_id: second.body.data.earn.id } });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await pendingRow(`counter:${second.body.data.earn.id}`)).toMatchObject({ status: 'voided' });
    expect((await notes(c.token))[0]).toMatch(/^40 points cancelled/);

    p.clock.advance(2 * DAY);
    await creditPendingPoints(p.ctx);
    expect(await history(c)).toMatchObject({ balance: 25, pending_points: 0 });
    expect(await ledgers(p, c.id)).toMatchObject({ points: 25, pointsSum: 25 });
    // credited: the undo (an owner's, later) takes them back as before
    owner.token = (await newStaffSession(p.db, p.clock, owner.id)).token;
    const late = await callApi(p, counterApi.undoEarn, { token: owner.token, body: { earn_id: id } });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(await ledgers(p, c.id)).toMatchObject({ points: 0, pointsSum: 0 });
  });
});

describePostgres('pending points credited once across instances', () => {
  const p = useTestProvider('postgres');
  const extra: DatabaseHandle[] = [];

  it('20 job runs at once on two instances credit every due row once', async () => {
    const raw = rawClientOf(p.db);
    const url = raw?.kind === 'postgres' ? String(raw.pool.options.connectionString) : '';
    expect(url).toMatch(/^postgres/);
    const second = await openDatabase({ databaseUrl: url, poolSize: 10 });
    extra.push(second);
    const other = providerContext({ ...embeddedOptions(p), db: second.db }, () => 'http://provider.test/api/v2/');
    try {
      const customers = await Promise.all(Array.from({ length: 6 }, () => p.newCustomer()));
      const now = p.clock.now();
      let n = 0;
      for (const c of customers) {
        for (const points of [7, 11, 13]) {
          await p.db
            .transaction()
            .execute((trx) => addPending(trx, p.clock, { customerId: c.id, points, reason: `Test ${++n}`, ref: `test:${c.id}:${points}`, availableAt: now }));
        }
      }
      const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => creditPendingPoints(i % 2 ? other : p.ctx)));
      expect(runs.reduce((a, b) => a + b, 0)).toBe(6 * 31);
      for (const c of customers) {
        expect(await ledgers(p, c.id)).toMatchObject({ points: 31, pointsSum: 31 });
        const earns = await p.db.selectFrom('points_ledger').select('ref').where('customer_id', '=', c.id).execute();
        expect(earns).toHaveLength(3);
      }
      const left = await p.db.selectFrom('points_pending').select('id').where('status', '=', 'pending').execute();
      expect(left).toEqual([]);
    } finally {
      await Promise.all(extra.splice(0).map((h) => h.close()));
    }
  });
});
