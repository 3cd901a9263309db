/**
 * The loyalty engine attacked from the counter and the app (real HTTP through the gateway, PGlite and
 * PostgreSQL): a counter earn whose items are worth more than what was paid (thousands of stamps and
 * hundreds of vouchers for ₱10, the database held for seconds), the daily stamp caps (and under many
 * earns at once on PostgreSQL), a free reward line of an app order earning a stamp, an undone earn
 * leaving the tier it reached and that tier's welcome voucher behind, and the dashboard's points adding
 * up after an undo.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../server/lib/clock';
import { creditPendingPoints } from '../../server/provider/points/points.jobs';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { postWalletEntry } from '../../server/provider/wallet/wallet.ledger';
import { newStaff } from '../server/merchant.helpers';
import { describeDb, describePostgres, stackCall, useStack, type DbKind, type Stack } from './support';
import { boardApi } from '#contract/board.calls';
import { counterApi } from '#contract/counter.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { stampsConsoleApi } from '#contract/stamps.calls';
import { tiersApi } from '#contract/tiers.calls';
import { gatewayCall } from '../support/calls';

interface Earned {
  id: number;
  points: number;
  stamps: Array<{ added: number; filled: number }>;
}

/** What a test needs of the menu, the owner's and a staff member's cookies, and a stamp card on croissants. */
function useShop(s: Stack) {
  const shop = { owner: '', staff: '', croissant: { id: 0, price: 0 }, latte: { id: 0, price: 0 }, programId: 0, freeCroissant: 0 };
  beforeAll(async () => {
    shop.owner = `staff=${(await newStaff(s.db, systemClock, { role: 'owner' })).token}`;
    shop.staff = `staff=${(await newStaff(s.db, systemClock)).token}`;
    const product = (name: string) => s.db.selectFrom('products').select(['id', 'price']).where('name', '=', name).executeTakeFirstOrThrow();
    shop.croissant = await product('Butter croissant');
    shop.latte = await product('Spanish latte');
    // a reward that gives the croissant itself (a free line at checkout), for the card's voucher
    shop.freeCroissant = (
      await s.db
        .insertInto('rewards')
        .values({
          name: 'stamp-croissant',
          title: 'Free butter croissant',
          points_cost: 10_000,
          valid_days: 30,
          per_customer_limit: null,
          stock: null,
          discount_amount: 0,
          product_id: shop.croissant.id,
          position: 900,
          active: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const res = await gatewayCall(s, stampsConsoleApi.create, {
      cookie: shop.owner,
      body: { name: 'Croissant card', product_ids: [shop.croissant.id], per: 'item', stamps_needed: 10, reward_id: shop.freeCroissant, expiry_days: 0 },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    shop.programId = ((await res.json()) as { data: { program: { id: number } } }).data.program.id;
  });
  beforeEach(async () => {
    await s.db
      .updateTable('merchants')
      .set({ rules: JSON.stringify({ counter_points_per_staff_per_day: 1_000_000, otp_per_ip_per_hour: 10_000, otp_per_phone_per_hour: 100 }) })
      .execute();
    clearMerchantCache();
  });
  return shop;
}

const json = async <T>(res: Response): Promise<T> => ((await res.json()) as { data: T }).data;

function counter(s: Stack, shop: ReturnType<typeof useShop>) {
  const earn = (customerId: number, amount: number, items?: Array<{ product_id: number; qty: number }>, cookie = shop.staff) =>
    gatewayCall(s, counterApi.earn, { cookie, body: { customer_id: customerId, amount, ...(items ? { items } : {}), idempotency_key: randomUUID() } });
  const earned = async (customerId: number, amount: number, items?: Array<{ product_id: number; qty: number }>, cookie = shop.staff) => {
    const res = await earn(customerId, amount, items, cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json<{ earn: Earned }>(res)).earn;
  };
  const undo = (earnId: number) => gatewayCall(s, counterApi.undoEarn, { cookie: shop.owner, body: { earn_id: earnId } });
  const stamps = async (customerId: number) =>
    Number(
      (
        await s.db
          .selectFrom('stamp_events')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('stamps'), eb.lit(0)).as('n'))
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const vouchers = (customerId: number) =>
    s.db.selectFrom('vouchers').select(['id', 'status', 'source', 'reward_id']).where('customer_id', '=', customerId).orderBy('id').execute();
  const points = async (customerId: number) =>
    (await s.db.selectFrom('customers').select('points').where('id', '=', customerId).executeTakeFirstOrThrow()).points;
  return { earn, earned, undo, stamps, vouchers, points };
}

describeDb('security: the loyalty engine', (kind: DbKind) => {
  const s = useStack({ kind });
  const shop = useShop(s);
  const c = counter(s, shop);
  /** Undoes the earn and finds its points, its tier (Brew back to Bean) and Brew's welcome voucher taken back. */
  const undoDropsTier = async (customerId: number, earnId: number, tier: () => Promise<string>) => {
    const welcome = (await c.vouchers(customerId)).filter((v) => v.source === 'tier');
    expect(welcome).toHaveLength(1);
    const res = await c.undo(earnId);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await c.points(customerId)).toBe(0);
    expect(await tier()).toBe('Bean');
    expect((await c.vouchers(customerId)).find((v) => v.id === welcome[0]!.id)?.status).toBe('cancelled');
  };

  it('refuses items worth more than what was paid: ₱10 and 4,950 croissants give no stamp and no voucher', async () => {
    const { customerId } = await s.signUp();
    const items = Array.from({ length: 50 }, () => ({ product_id: shop.croissant.id, qty: 99 }));
    const started = performance.now();
    const res = await c.earn(customerId, 1_000, items);
    const ms = performance.now() - started;
    expect(res.status, await res.clone().text()).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.fields.items).toMatch(/worth more than the amount/);
    expect(await c.stamps(customerId)).toBe(0);
    expect(await c.vouchers(customerId)).toEqual([]);
    expect(await c.points(customerId)).toBe(0);
    expect(ms).toBeLessThan(5_000);
  });

  it('gives the stamps of items whose value the amount covers, one voucher per card they honestly fill', async () => {
    const { customerId } = await s.signUp();
    const e = await c.earned(customerId, 12 * shop.croissant.price, [{ product_id: shop.croissant.id, qty: 12 }]);
    expect(e.stamps).toEqual([expect.objectContaining({ added: 12, filled: 1 })]);
    expect((await c.vouchers(customerId)).filter((v) => v.source === 'stamps')).toHaveLength(1);
  });

  it('the largest earn the caps allow (200 stamps, 20 full cards) is written at once, in well under the seconds it took', async () => {
    await s.db
      .updateTable('merchants')
      .set({
        rules: JSON.stringify({
          counter_points_per_staff_per_day: 1_000_000,
          counter_points_per_customer_per_day: 1_000_000,
          counter_stamps_per_customer_per_day: 200,
          otp_per_ip_per_hour: 10_000,
        }),
      })
      .execute();
    clearMerchantCache();
    const { customerId } = await s.signUp();
    const items = [
      { product_id: shop.croissant.id, qty: 99 },
      { product_id: shop.croissant.id, qty: 99 },
      { product_id: shop.croissant.id, qty: 2 },
    ];
    const started = performance.now();
    const e = await c.earned(customerId, 200 * shop.croissant.price, items);
    const ms = performance.now() - started;
    expect(e.stamps).toEqual([expect.objectContaining({ added: 200, filled: 20 })]);
    expect((await c.vouchers(customerId)).filter((v) => v.source === 'stamps')).toHaveLength(20);
    console.log(`[${kind}] an earn of 200 stamps filling 20 cards: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5_000);
    // one more stamp is past the cap
    expect((await c.earn(customerId, shop.croissant.price, [{ product_id: shop.croissant.id, qty: 1 }])).status).toBe(409);
  });

  it("refuses an earn past the customer's daily stamp cap, nothing given; the owner sets the cap in the settings", async () => {
    const set = await gatewayCall(s, shopSettingsApi.update, { cookie: shop.owner, body: { counter_stamps_per_customer_per_day: 15 } });
    expect(set.status, await set.clone().text()).toBe(200);
    expect((await json<Record<string, number>>(await gatewayCall(s, shopSettingsApi.read, { cookie: shop.owner }))).counter_stamps_per_customer_per_day).toBe(
      15,
    );
    const { customerId } = await s.signUp();
    await c.earned(customerId, 10 * shop.croissant.price, [{ product_id: shop.croissant.id, qty: 10 }]);
    const over = await c.earn(customerId, 6 * shop.croissant.price, [{ product_id: shop.croissant.id, qty: 6 }]);
    expect(over.status, await over.clone().text()).toBe(409);
    const body = (await over.json()) as { message: string; data: unknown; error: { code: string } };
    expect(body.error.code).toBe('LIMIT_REACHED');
    expect(body.data).toEqual({ stamps_left_today: 5, limit: 'customer' });
    expect(body.message).toMatch(/5 more stamps/);
    expect(await c.stamps(customerId)).toBe(10);
    await c.earned(customerId, 5 * shop.croissant.price, [{ product_id: shop.croissant.id, qty: 5 }]);
    expect(await c.stamps(customerId)).toBe(15);
  });

  it("refuses an earn past the staff member's daily stamp cap, for any customer", async () => {
    await gatewayCall(s, shopSettingsApi.update, {
      cookie: shop.owner,
      body: { counter_stamps_per_customer_per_day: 100, counter_stamps_per_staff_per_day: 25 },
    });
    const cashier = `staff=${(await newStaff(s.db, systemClock)).token}`;
    const a = (await s.signUp()).customerId;
    const b = (await s.signUp()).customerId;
    await c.earned(a, 20 * shop.croissant.price, [{ product_id: shop.croissant.id, qty: 20 }], cashier);
    const over = await c.earn(b, 6 * shop.croissant.price, [{ product_id: shop.croissant.id, qty: 6 }], cashier);
    expect(over.status).toBe(409);
    expect(((await over.json()) as { data: unknown }).data).toEqual({ stamps_left_today: 5, limit: 'staff' });
    expect(await c.stamps(b)).toBe(0);
  });

  it('undoing an earn takes back the tier it reached, with its multiplier, and cancels its welcome voucher', async () => {
    const { customerId, cookie } = await s.signUp();
    const e = await c.earned(customerId, 300_000);
    expect(e.points).toBe(300);
    const tier = async () => (await json<{ tier: { name: string } }>(await gatewayCall(s, tiersApi.status, { cookie }))).tier.name;
    expect(await tier()).toBe('Brew');
    await undoDropsTier(customerId, e.id, tier);
    // the next earn at Bean's rate (×1), not Brew's ×1.25
    expect((await c.earned(customerId, 100_000)).points).toBe(100);
    // reached again for real: welcomed again
    await c.earned(customerId, 200_000);
    expect(await tier()).toBe('Brew');
    expect((await c.vouchers(customerId)).filter((v) => v.source === 'tier' && v.status === 'active')).toHaveLength(1);
  });

  it('undoing an earn whose held points the hourly job credited takes back the tier that credit reached', async () => {
    // the owner's hold: a counter earn's points wait a day, and the job's credit raises the tier
    await s.db
      .updateTable('merchants')
      .set({
        rules: JSON.stringify({ counter_points_per_staff_per_day: 1_000_000, otp_per_ip_per_hour: 10_000, otp_per_phone_per_hour: 100, points_hold_days: 1 }),
      })
      .execute();
    clearMerchantCache();
    const { customerId, cookie } = await s.signUp();
    const e = await c.earned(customerId, 300_000);
    const tier = async () => (await json<{ tier: { name: string } }>(await gatewayCall(s, tiersApi.status, { cookie }))).tier.name;
    expect(await tier()).toBe('Bean');
    await s.db
      .updateTable('points_pending')
      .set({ available_at: new Date(Date.now() - 1000) })
      .where('ref', '=', `counter:${e.id}`)
      .execute();
    expect(await creditPendingPoints(s.provider.ctx)).toBeGreaterThanOrEqual(e.points);
    expect(await c.points(customerId)).toBe(e.points);
    expect(await tier()).toBe('Brew');
    await undoDropsTier(customerId, e.id, tier);
  });

  it('refuses the undo with a 409 naming the voucher when the earn’s voucher was used; a free reward line earns no stamp', async () => {
    const { customerId, cookie } = await s.signUp();
    await s.db.transaction().execute((trx) => postWalletEntry(trx, systemClock, customerId, { type: 'adjust', amount: 100_000, reason: 'Test grant' }));
    const e = await c.earned(customerId, 10 * shop.croissant.price, [{ product_id: shop.croissant.id, qty: 10 }]);
    const voucher = (await c.vouchers(customerId)).find((v) => v.source === 'stamps')!;
    expect(voucher).toBeDefined();
    // the card's voucher used on an app order: the croissant comes free, beside a paid latte
    const order = await gatewayCall(s, ordersApi.create, {
      cookie,
      body: {
        items: [{ product_id: shop.latte.id, qty: 1 }],
        voucher_id: voucher.id,
        fulfilment: 'pickup',
        payment_method: 'wallet',
        idempotency_key: randomUUID(),
      },
    });
    expect(order.status, await order.clone().text()).toBe(201);
    const name = (await json<{ order: { name: string } }>(order)).order.name;
    for (const from of ['paid', 'preparing', 'ready']) {
      const moved = await gatewayCall(s, boardApi.advance, { cookie: shop.owner, body: { name, from } });
      expect(moved.status, await moved.clone().text()).toBe(200);
    }
    // the free croissant (price 0) gave no stamp: the card's 10 from the counter are all it has
    expect(await c.stamps(customerId)).toBe(10);
    const before = await c.points(customerId);
    const res = await c.undo(e.id);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string; data: unknown; error: { code: string } };
    expect(body.error.code).toBe('CONFLICT');
    expect(body.message).toMatch(new RegExp(`Free butter croissant voucher \\(no. ${voucher.id}\\)`));
    expect(body.data).toMatchObject({ voucher_id: voucher.id });
    expect(await c.points(customerId)).toBe(before);
    expect((await c.vouchers(customerId)).find((v) => v.id === voucher.id)?.status).toBe('used');
  });

  it("adds up on the dashboard after an undo: issued − redeemed − expired − taken back = the customers' points", async () => {
    const { customerId, cookie } = await s.signUp();
    const e = await c.earned(customerId, 424_000);
    const redeem = await gatewayCall(s, rewardsApi.redeem, { cookie, body: { name: 'php-50-off', idempotency_key: randomUUID() } });
    expect(redeem.status, await redeem.clone().text()).toBe(201);
    const kept = await c.earned(customerId, 50_000);
    expect((await c.undo(kept.id)).status).toBe(200);
    expect(e.points).toBeGreaterThan(0);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const dash = await json<{ figures: Record<string, number>; liability: { points: number } }>(
      await stackCall(s, dashboardApi.dashboard, { cookie: shop.owner, query: { from: day(-1), to: day(1) } }),
    );
    const t = dash.figures;
    expect(t.points_reversed).toBeGreaterThan(0);
    expect(t.points_issued! - t.points_redeemed! - t.points_expired! - t.points_reversed!).toBe(dash.liability.points);
    const held = await s.db
      .selectFrom('customers')
      .select((eb) => eb.fn.sum<number>('points').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(dash.liability.points);
  });
});

describePostgres('security: the stamp caps under many earns at once (PostgreSQL)', () => {
  const s = useStack({ kind: 'postgres' });
  const shop = useShop(s);
  const c = counter(s, shop);

  it("30 earns of 3 croissants at once for one customer never pass the customer's cap of 20", async () => {
    await gatewayCall(s, shopSettingsApi.update, { cookie: shop.owner, body: { counter_stamps_per_customer_per_day: 20 } });
    const { customerId } = await s.signUp();
    const cashiers = await Promise.all(Array.from({ length: 5 }, async () => `staff=${(await newStaff(s.db, systemClock)).token}`));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => c.earn(customerId, 3 * shop.croissant.price, [{ product_id: shop.croissant.id, qty: 3 }], cashiers[i % 5])),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(6);
    expect(statuses.filter((x) => x === 409)).toHaveLength(24);
    expect(await c.stamps(customerId)).toBe(18);
    expect((await c.vouchers(customerId)).filter((v) => v.source === 'stamps')).toHaveLength(1);
  });

  it("30 earns at once by one staff member for 30 customers never pass the staff member's cap of 40", async () => {
    await gatewayCall(s, shopSettingsApi.update, {
      cookie: shop.owner,
      body: { counter_stamps_per_customer_per_day: 100, counter_stamps_per_staff_per_day: 40 },
    });
    const cashier = `staff=${(await newStaff(s.db, systemClock)).token}`;
    const customers = await Promise.all(Array.from({ length: 30 }, async () => (await s.signUp()).customerId));
    const results = await Promise.all(customers.map((id) => c.earn(id, 3 * shop.croissant.price, [{ product_id: shop.croissant.id, qty: 3 }], cashier)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(13);
    const total = await s.db
      .selectFrom('stamp_events')
      .select((eb) => eb.fn.sum<number>('stamps').as('n'))
      .where('customer_id', 'in', customers)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(39);
  });
});
