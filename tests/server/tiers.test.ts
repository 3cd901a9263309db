import { beforeEach, expect, it } from 'vitest';
import { DAY, HOUR } from '../../server/lib/clock';
import { runHourlyJobs } from '../../server/provider/jobs';
import { adjustPoints, burnPoints, earnPoints } from '../../server/provider/points/points.ledger';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { tierValue } from '../../server/provider/tiers/tiers.repo';
import { placeCustomer, runTiers } from '../../server/provider/tiers/tiers.service';
import { memberCodesFor } from '../../server/provider/rewards/voucher-codes';
import { newStaff, type TestStaff } from './merchant.helpers';
import { completeOrder, creditedAtPayment, key, products } from './orders.helpers';
import { describeDb, describePostgres, TEST_MERCHANT_KEY, useTestProvider, type TestProvider } from './support/provider';
import { counterApi } from '#contract/counter.calls';
import { loyaltyConsoleApi } from '#contract/loyalty.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { tiersApi, tiersConsoleApi } from '#contract/tiers.calls';
import { callApi } from '../support/calls';

/**
 * Tiers (issue 30), on the default programme a fresh database has (points earned over 12 months; Bean 0,
 * Brew 300 ×1.25 with a butter croissant to welcome, Barista 1,000 ×1.5 with an iced latte to welcome and
 * a cake slice on the birthday): what counts (points earned less those taken back; visits), a simulated
 * year on the fake clock (a rise at once, held 12 months, the notice 30 days before, the drop at the end
 * to the tier the value gives, the renewal), a cancellation counting against progress, the multiplier as
 * the breakdown's last part with a multiplier rule, early access, tiers off, the console and its update,
 * and 20 concurrent earns crossing a threshold giving one welcome voucher.
 */

type Status = {
  enabled: boolean;
  basis: string;
  tier: { name: string; multiplier: number; welcome_reward: string | null } | null;
  value: number;
  next: { name: string; threshold: number; remaining: number } | null;
  held_until: string | null;
  notice: { to: string; on: string; remaining: number } | null;
  tiers: { name: string }[];
};

/** Points that last years, so expiry stays out of a simulated year. */
async function longPoints(p: TestProvider, rules: Record<string, unknown> = {}): Promise<void> {
  await p.db
    .updateTable('merchants')
    .set({
      rules: JSON.stringify({ points_expiry_days: 3650, counter_points_per_customer_per_day: 100_000, counter_points_per_staff_per_day: 100_000, ...rules }),
    })
    .execute();
  clearMerchantCache();
}

describeDb('tiers', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  let staff: TestStaff;
  beforeEach(async () => {
    p.clock.set(new Date('2027-01-10T04:00:00Z'));
    await longPoints(p);
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    staff = await newStaff(p.db, p.clock, { name: 'Ben Santos' });
  });

  const status = async (token: string): Promise<Status> => {
    const res = await callApi(p, tiersApi.status, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Status;
  };
  /** Points earned the way an earn gives them: the ledger, then the customer placed, in one transaction. */
  const earn = (customerId: number, points: number, ref: string | null = null) =>
    p.db.transaction().execute(async (trx) => {
      await earnPoints(trx, p.clock, customerId, points, { reason: 'Test earn', ref }, 3650);
      await placeCustomer(trx, p.ctx, customerId);
    });
  const tierRow = (id: number) => p.db.selectFrom('customer_tiers').selectAll().where('customer_id', '=', id).executeTakeFirst();
  const welcomes = (id: number) =>
    p.db
      .selectFrom('tier_welcomes')
      .innerJoin('vouchers', 'vouchers.id', 'tier_welcomes.voucher_id')
      .innerJoin('rewards', 'rewards.id', 'vouchers.reward_id')
      .select(['tier_welcomes.tier_name', 'rewards.name', 'vouchers.source'])
      .where('tier_welcomes.customer_id', '=', id)
      .orderBy('tier_welcomes.id')
      .execute();
  const notes = async (id: number) =>
    (await p.db.selectFrom('notifications').select(['title', 'body']).where('customer_id', '=', id).orderBy('id').execute()).map((n) => `${n.title} ${n.body}`);
  const counterEarn = (customerId: number, amount: number) =>
    callApi(p, counterApi.earn, { token: staff.token, body: { customer_id: customerId, amount, idempotency_key: key() } });
  const programme = () => callApi(p, tiersConsoleApi.tiers, { token: owner.token });
  const update = (body: unknown, token = owner.token) => callApi(p, tiersConsoleApi.update, { token, body });
  const defaultTiers = async () => {
    const ids = new Map((await p.db.selectFrom('rewards').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
    return [
      { name: 'Bean', threshold: 0, multiplier: 1 },
      { name: 'Brew', threshold: 300, multiplier: 1.25, welcome_reward_id: ids.get('butter-croissant')! },
      {
        name: 'Barista',
        threshold: 1000,
        multiplier: 1.5,
        welcome_reward_id: ids.get('free-iced-latte')!,
        birthday_reward_id: ids.get('birthday-cake-slice')!,
      },
    ];
  };

  it('counts the points earned over 365 days: not spending, expiry, corrections or spins; taken back points against', async () => {
    const c = await p.newCustomer();
    const at = (days: number) => p.clock.set(new Date(Date.parse('2027-01-10T04:00:00Z') + days * DAY));
    await p.db.transaction().execute(async (trx) => {
      at(-400);
      await earnPoints(trx, p.clock, c.id, 500, { reason: 'Long ago', ref: 'order:K-OLD' }); // out of the window
      at(-10);
      await earnPoints(trx, p.clock, c.id, 200, { reason: 'Order K-1', ref: 'order:K-1' });
      await earnPoints(trx, p.clock, c.id, 20, { reason: 'Spin and win', ref: 'spin:1' });
      await earnPoints(trx, p.clock, c.id, 50, { reason: 'Happy birthday!', ref: 'birthday:2027' });
      await burnPoints(trx, p.clock, c.id, 60, { reason: 'Redeemed', ref: 'reward:x' });
      await adjustPoints(trx, p.clock, c.id, 30, { reason: 'Voucher cancelled', ref: 'voucher:1' });
      await adjustPoints(trx, p.clock, c.id, 100, { reason: 'Goodwill', type: 'owner' });
      await adjustPoints(trx, p.clock, c.id, -40, { reason: 'Order K-1 cancelled', ref: 'order:K-1', lotRef: 'order:K-1' });
      await adjustPoints(trx, p.clock, c.id, -15, { reason: 'Purchase at the counter undone', ref: 'counter:9', lotRef: 'counter:9' });
    });
    at(0);
    // 200 + 50 − 40 − 15
    expect(await tierValue(p.db, 'points', c.id, p.clock.now())).toBe(195);
    // 350 days on, all of it still counts; 356 days on, it has left the window
    expect(await tierValue(p.db, 'points', c.id, new Date(p.clock.now().getTime() + 350 * DAY))).toBe(195);
    expect(await tierValue(p.db, 'points', c.id, new Date(p.clock.now().getTime() + 356 * DAY))).toBe(0);
    // what will still count on a later day, of what there is now (the notice's projection)
    expect(await tierValue(p.db, 'points', c.id, p.clock.now(), new Date(p.clock.now().getTime() + 356 * DAY))).toBe(0);
  });

  it('places by the known thresholds: 299 Bean, 300 Brew at once with its welcome, 1,000 Barista', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    await earn(c.id, 299);
    expect(await status(c.token)).toMatchObject({
      enabled: true,
      basis: 'points',
      tier: { name: 'Bean' },
      value: 299,
      next: { name: 'Brew', threshold: 300, remaining: 1 },
      held_until: null,
      notice: null,
    });
    await earn(c.id, 1);
    const brew = await status(c.token);
    expect(brew).toMatchObject({
      tier: { name: 'Brew', multiplier: 1.25, welcome_reward: 'Free butter croissant' },
      value: 300,
      next: { name: 'Barista', remaining: 700 },
      held_until: new Date(Date.parse('2028-01-10T04:00:00Z')).toISOString(),
    });
    expect(await welcomes(c.id)).toEqual([{ tier_name: 'Brew', name: 'butter-croissant', source: 'tier' }]);
    expect(await notes(c.id)).toEqual([
      'Welcome to Brew! Your purchases now earn ×1.25 points. A Free butter croissant voucher is waiting for you. You keep Brew for 12 months.',
    ]);
    await earn(c.id, 699);
    expect((await status(c.token)).tier?.name).toBe('Brew');
    await earn(c.id, 1);
    expect(await status(c.token)).toMatchObject({ tier: { name: 'Barista' }, value: 1000, next: null });
    expect((await welcomes(c.id)).map((w) => w.name)).toEqual(['butter-croissant', 'free-iced-latte']);
  });

  it('a simulated year: rise at once, held 12 months, one notice 30 days before, the drop to what the value gives, the renewal', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    await p.db
      .updateTable('sessions')
      .set({ expires_at: new Date('2100-01-01T00:00:00Z') })
      .where('customer_id', '=', c.id)
      .execute();
    const set = (iso: string) => p.clock.set(new Date(iso));
    const run = async (iso: string) => {
      set(iso);
      await runHourlyJobs(p.ctx);
    };
    set('2027-01-10T04:00:00Z');
    await earn(c.id, 350);
    expect(await tierRow(c.id)).toMatchObject({ position: 1, reached_at: new Date('2027-01-10T04:00:00Z'), held_until: new Date('2028-01-10T04:00:00Z') });
    set('2027-03-01T04:00:00Z');
    await earn(c.id, 700);
    expect(await tierRow(c.id)).toMatchObject({ position: 2, held_until: new Date('2028-03-01T04:00:00Z') });
    await run('2027-06-01T04:00:00Z');
    expect((await tierRow(c.id))?.position).toBe(2);
    set('2027-12-01T04:00:00Z');
    await earn(c.id, 320);
    // 40 days before the end: no notice yet
    await run('2028-01-21T04:00:00Z');
    expect((await notes(c.id)).filter((n) => n.includes('to keep'))).toEqual([]);
    // 29 days before: by 1 March only the 320 still counts: 680 more to keep Barista
    await run('2028-02-01T04:00:00Z');
    const notice = ['Earn 680 more points by Mar 1 to keep Barista Otherwise you will be Brew from Mar 1.'];
    expect((await notes(c.id)).filter((n) => n.includes('to keep'))).toEqual(notice);
    expect((await status(c.token)).notice).toEqual({ to: 'Brew', on: '2028-03-01T04:00:00.000Z', remaining: 680 });
    // once: the same day again, and the next days
    await run('2028-02-01T05:00:00Z');
    await run('2028-02-02T05:00:00Z');
    expect((await notes(c.id)).filter((n) => n.includes('to keep'))).toEqual(notice);
    // still Barista up to the end
    await run('2028-02-29T04:00:00Z');
    expect((await tierRow(c.id))?.position).toBe(2);
    // the end: the value (320) gives Brew, held 12 months from now; no second welcome
    await run('2028-03-01T05:00:00Z');
    expect(await tierRow(c.id)).toMatchObject({ position: 1, held_until: new Date('2029-03-01T05:00:00Z'), notice_sent_at: null });
    expect((await notes(c.id)).at(-1)).toBe('You are Brew now Your 12 months at Barista have ended. Earn your way back: see your progress on Home.');
    expect((await welcomes(c.id)).map((w) => w.tier_name)).toEqual(['Brew', 'Barista']);
    // a year on Brew, still qualifying at its end: renewed for 12 more months, no notice
    set('2028-06-01T04:00:00Z');
    await earn(c.id, 400);
    await run('2029-02-10T04:00:00Z');
    await run('2029-03-01T06:00:00Z');
    expect(await tierRow(c.id)).toMatchObject({ position: 1, held_until: new Date('2030-03-01T05:00:00Z') });
    expect((await notes(c.id)).filter((n) => n.includes('to keep'))).toEqual(notice);
  });

  it('a cancellation takes its points back from the progress too', async () => {
    const c = await p.newCustomer({ wallet: 1_000_000, points: 250 });
    const { latte } = await products(p);
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const name = res.body.data.order.name as string;
    expect(await creditedAtPayment(p, name)).toBe(99);
    expect(await tierValue(p.db, 'points', c.id, p.clock.now())).toBe(349);
    await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name, status: 'cancelled' } }).expect(200);
    expect(await status(c.token)).toMatchObject({ tier: { name: 'Bean' }, value: 250, next: { name: 'Brew', remaining: 50 } });
    await earn(c.id, 49);
    expect((await status(c.token)).tier?.name).toBe('Bean');
    await earn(c.id, 1);
    expect((await status(c.token)).tier?.name).toBe('Brew');
  });

  it('multiplies last, after a multiplier rule: the breakdown and the history name the tier', async () => {
    const { latte } = await products(p);
    await callApi(p, loyaltyConsoleApi.create, {
      token: owner.token,
      body: { kind: 'multiplier', name: 'Double lattes', multiplier: 2, product_ids: [latte.id] },
    }).expect(201);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await earn(c.id, 300);
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data.order as { name: string; points_earned: number };
    // 99 base, +99 the rule, +24 the tier (⌊99 × 0.25⌋), last
    expect(order.points_earned).toBe(222);
    const row = await p.db.selectFrom('orders').select('points_breakdown').where('name', '=', order.name).executeTakeFirstOrThrow();
    expect(row.points_breakdown).toEqual([
      { rule_id: null, label: 'Points for your purchase', points: 99 },
      { rule_id: expect.any(Number), label: 'Double lattes', points: 99 },
      { rule_id: null, label: 'Brew tier ×1.25', points: 24 },
    ]);
    await completeOrder(p, order.name);
    const entry = await p.db.selectFrom('points_ledger').select(['points', 'reason']).where('ref', '=', `order:${order.name}`).executeTakeFirstOrThrow();
    expect(entry).toEqual({ points: 222, reason: `Order ${order.name} (+99 Double lattes, +24 Brew tier ×1.25)` });
    // at the counter too: ₱200 is 200 points, +50 the tier; the counter's quote says so before the earn
    const quote = await callApi(p, counterApi.earnQuote, { token: staff.token, body: { customer_id: c.id, amount: 200_000 } });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data).toMatchObject({
      points: 250,
      points_breakdown: [
        { label: 'Points for your purchase', points: 200 },
        { label: 'Brew tier ×1.25', points: 50 },
      ],
      limit: null,
    });
    const counter = await counterEarn(c.id, 200_000);
    expect(counter.status, JSON.stringify(counter.body)).toBe(201);
    expect(counter.body.data.earn.points).toBe(250);
  });

  it('visits: completed orders and counter earns not undone', async () => {
    const tiers = await defaultTiers();
    await update({ enabled: true, basis: 'visits', tiers: [tiers[0], { ...tiers[1], threshold: 3 }, { ...tiers[2], threshold: 10 }] }).expect(200);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const { latte } = await products(p);
    const order = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    }).expect(201);
    await completeOrder(p, order.body.data.order.name);
    expect(await status(c.token)).toMatchObject({ basis: 'visits', value: 1, next: { name: 'Brew', remaining: 2 } });
    const undone = (await counterEarn(c.id, 10_000).expect(201)).body.data.earn.id as number;
    await callApi(p, counterApi.undoEarn, { token: staff.token, body: { earn_id: undone } }).expect(200);
    expect((await status(c.token)).value).toBe(1);
    await counterEarn(c.id, 10_000).expect(201);
    expect((await status(c.token)).tier?.name).toBe('Bean');
    await counterEarn(c.id, 10_000).expect(201);
    expect(await status(c.token)).toMatchObject({ tier: { name: 'Brew' }, value: 3 });
    expect((await welcomes(c.id)).map((w) => w.name)).toEqual(['butter-croissant']);
  });

  it('early access: a tier’s rewards are for that tier and above; 403 TIER_REQUIRED below', async () => {
    const reward = await p.db
      .insertInto('rewards')
      .values({ name: 'tier-test-early', title: 'Early treat', points_cost: 10, stock: null, valid_days: 30, per_customer_limit: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tiers = await defaultTiers();
    await update({ enabled: true, basis: 'points', tiers: [tiers[0], { ...tiers[1], early_reward_ids: [reward.id] }, tiers[2]] }).expect(200);
    const bean = await p.newCustomer({ points: 100 });
    const early = async (token?: string) =>
      ((await callApi(p, rewardsApi.list, token ? { token } : {}).expect(200)).body.data.rewards as { name: string; early_access?: unknown }[]).find(
        (r) => r.name === 'tier-test-early',
      )?.early_access;
    expect(await early()).toEqual({ tier: 'Brew', unlocked: false });
    expect(await early(bean.token)).toEqual({ tier: 'Brew', unlocked: false });
    const refused = await callApi(p, rewardsApi.redeem, { token: bean.token, body: { name: 'tier-test-early', idempotency_key: key() } });
    expect([refused.status, refused.body.error?.code, refused.body.data]).toEqual([403, 'TIER_REQUIRED', { tier: 'Brew' }]);
    const memberRedeem = await callApi(p, counterApi.memberRedeem, {
      token: staff.token,
      body: { code: (await memberCodesFor(p.ctx, bean.id)).current.qr, reward: 'tier-test-early', idempotency_key: key() },
    });
    expect([memberRedeem.status, memberRedeem.body.error?.code]).toEqual([403, 'TIER_REQUIRED']);
    // nor does the counter offer it from Bean's member card (within her points, but not her tier's)
    const offered = await callApi(p, counterApi.memberRewards, { token: staff.token, body: { customer_id: bean.id } }).expect(200);
    expect((offered.body.data.rewards as { name: string }[]).map((r) => r.name)).not.toContain('tier-test-early');
    expect((await p.db.selectFrom('customers').select('points').where('id', '=', bean.id).executeTakeFirstOrThrow()).points).toBe(100);
    // Barista is above Brew: unlocked
    const barista = await p.newCustomer();
    await earn(barista.id, 1200);
    expect(await early(barista.token)).toEqual({ tier: 'Brew', unlocked: true });
    await callApi(p, rewardsApi.redeem, { token: barista.token, body: { name: 'tier-test-early', idempotency_key: key() } }).expect(201);
    // a reward no tier names has no early access
    expect(
      ((await callApi(p, rewardsApi.list, { token: bean.token })).body.data.rewards as { name: string; early_access?: unknown }[]).find(
        (r) => r.name === 'butter-croissant',
      )?.early_access,
    ).toBeUndefined();
  });

  it('turned off: no tier, no multiplier, no early access; the data kept, back when turned on', async () => {
    const reward = await p.db
      .insertInto('rewards')
      .values({ name: 'tier-test-off', title: 'Off treat', points_cost: 10, stock: null, valid_days: 30, per_customer_limit: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tiers = await defaultTiers();
    const c = await p.newCustomer({ points: 50 });
    await earn(c.id, 400);
    await update({ enabled: false, basis: 'points', tiers: [tiers[0], tiers[1], { ...tiers[2], early_reward_ids: [reward.id] }] }).expect(200);
    expect(await status(c.token)).toEqual({ enabled: false, basis: 'points', tier: null, value: 0, next: null, held_until: null, notice: null, tiers: [] });
    const counter = await counterEarn(c.id, 100_000).expect(201);
    expect(counter.body.data.earn.points).toBe(100);
    await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'tier-test-off', idempotency_key: key() } }).expect(201);
    expect((await programme().expect(200)).body.data).toMatchObject({
      enabled: false,
      tiers: [{ name: 'Bean' }, { name: 'Brew', customers: 1 }, { name: 'Barista' }],
    });
    await update({ enabled: true, basis: 'points', tiers }).expect(200);
    expect((await status(c.token)).tier?.name).toBe('Brew');
  });

  it('the console: customers per tier and who is closest; the update audited, re-placing customers (rise, never an early drop)', async () => {
    const a = await p.newCustomer({ name: 'Ana' });
    const b = await p.newCustomer({ name: 'Ben' });
    const d = await p.newCustomer({ name: 'Dee' });
    await earn(a.id, 280);
    await earn(b.id, 900);
    await earn(d.id, 100);
    const staffView = await callApi(p, tiersConsoleApi.tiers, { token: staff.token }).expect(200);
    expect(staffView.body.data.tiers.map((t: { name: string; customers: number }) => [t.name, t.customers])).toEqual([
      ['Bean', 2],
      ['Brew', 1],
      ['Barista', 0],
    ]);
    expect(staffView.body.data.close.slice(0, 3)).toEqual([
      { customer_id: a.id, name: 'Ana', tier: 'Bean', next: 'Brew', value: 280, remaining: 20 },
      { customer_id: b.id, name: 'Ben', tier: 'Brew', next: 'Barista', value: 900, remaining: 100 },
      { customer_id: d.id, name: 'Dee', tier: 'Bean', next: 'Brew', value: 100, remaining: 200 },
    ]);
    await update({ enabled: true, basis: 'points', tiers: await defaultTiers() }, staff.token).expect(403);
    // Brew at 250 and Barista at 2,000: Ana rises at once; Ben keeps Brew
    const tiers = await defaultTiers();
    const saved = await update({ enabled: true, basis: 'points', tiers: [tiers[0], { ...tiers[1], threshold: 250 }, { ...tiers[2], threshold: 2000 }] }).expect(
      200,
    );
    expect(saved.body.data.tiers.map((t: { customers: number }) => t.customers)).toEqual([1, 2, 0]);
    expect((await tierRow(a.id))?.position).toBe(1);
    // Brew at 1,000: nobody drops before their 12 months end
    await update({ enabled: true, basis: 'points', tiers: [tiers[0], { ...tiers[1], threshold: 1000 }, { ...tiers[2], threshold: 2000 }] }).expect(200);
    expect((await tierRow(a.id))?.position).toBe(1);
    const audit = await p.db.selectFrom('audit_log').select(['action', 'target', 'after']).where('action', '=', 'loyalty.tiers.update').orderBy('id').execute();
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      target: 'tiers',
      after: { enabled: true, basis: 'points', tiers: [{ name: 'Bean' }, { name: 'Brew', threshold: 1000 }, { name: 'Barista' }] },
    });
  });

  it('refuses a programme naming rewards customers cannot get, naming the field', async () => {
    const retired = await p.db
      .insertInto('rewards')
      .values({ name: 'tier-test-retired', title: 'Retired treat', points_cost: 10, stock: null, valid_days: 30, per_customer_limit: null, active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tiers = await defaultTiers();
    const res = await update({
      enabled: true,
      basis: 'points',
      tiers: [tiers[0], { ...tiers[1], welcome_reward_id: 999_999, early_reward_ids: [retired.id] }, tiers[2]],
    }).expect(400);
    expect(res.body.error.fields).toEqual({
      'tiers.1.welcome_reward_id': 'must be a reward of your catalogue: there is no reward 999999',
      'tiers.1.early_reward_ids.0': 'must be a reward customers can get: Retired treat is retired',
    });
    expect(await p.db.selectFrom('audit_log').select('id').where('action', '=', 'loyalty.tiers.update').execute()).toEqual([]);
  });

  it('a retired welcome reward: the tier is reached, nothing given, logged', async () => {
    await p.db.updateTable('rewards').set({ active: false }).where('name', '=', 'butter-croissant').execute();
    const c = await p.newCustomer();
    await earn(c.id, 300);
    expect((await tierRow(c.id))?.position).toBe(1);
    expect(await welcomes(c.id)).toEqual([]);
    expect(await notes(c.id)).toEqual(['Welcome to Brew! Your purchases now earn ×1.25 points. You keep Brew for 12 months.']);
  });

  it('the birthday: a tier with its own birthday reward gives it instead of the shop’s treat', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    await p.db
      .updateTable('customers')
      .set({ birth_month: 1, birth_day: 11, birthday_changed_at: new Date('2020-01-01T00:00:00Z') })
      .where('id', '=', c.id)
      .execute();
    const bean = await p.newCustomer({ name: 'Ben Cruz' });
    await p.db
      .updateTable('customers')
      .set({ birth_month: 1, birth_day: 11, birthday_changed_at: new Date('2020-01-01T00:00:00Z') })
      .where('id', '=', bean.id)
      .execute();
    await earn(c.id, 1000);
    p.clock.set(new Date('2027-01-10T17:00:00Z')); // 11 January in Manila
    await runHourlyJobs(p.ctx);
    const gift = (id: number) =>
      p.db
        .selectFrom('birthday_gifts')
        .leftJoin('vouchers', 'vouchers.id', 'birthday_gifts.voucher_id')
        .leftJoin('rewards', 'rewards.id', 'vouchers.reward_id')
        .select(['birthday_gifts.kind', 'rewards.name'])
        .where('birthday_gifts.customer_id', '=', id)
        .execute();
    expect(await gift(c.id)).toEqual([{ kind: 'voucher', name: 'birthday-cake-slice' }]);
    expect(await gift(bean.id)).toEqual([{ kind: 'points', name: null }]);
  });
});

describePostgres('tiers under concurrency', () => {
  const p = useTestProvider('postgres', { reset: true });

  it('20 concurrent counter earns crossing Brew give one welcome voucher', async () => {
    p.clock.set(new Date('2027-01-10T04:00:00Z'));
    await longPoints(p);
    const staff = await newStaff(p.db, p.clock, { name: 'Ben Santos' });
    const c = await p.newCustomer();
    await p.db.transaction().execute((trx) => earnPoints(trx, p.clock, c.id, 290, { reason: 'Test earn' }));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callApi(p, counterApi.earn, { token: staff.token, body: { customer_id: c.id, amount: 5_000, idempotency_key: key() } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const vouchers = await p.db.selectFrom('vouchers').select('source').where('customer_id', '=', c.id).execute();
    expect(vouchers).toEqual([{ source: 'tier' }]);
    expect(await p.db.selectFrom('tier_welcomes').select('tier_name').where('customer_id', '=', c.id).execute()).toEqual([{ tier_name: 'Brew' }]);
    const welcome = await p.db.selectFrom('notifications').select('title').where('customer_id', '=', c.id).where('title', 'like', 'Welcome%').execute();
    expect(welcome).toEqual([{ title: 'Welcome to Brew!' }]);
    // each earn after the rise got the multiplier; the ledger still adds up
    const customer = await p.db.selectFrom('customers').select('points').where('id', '=', c.id).executeTakeFirstOrThrow();
    const sum = await p.db
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.sum<number>('points').as('n'))
      .where('customer_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(sum.n)).toBe(customer.points);
    expect(customer.points).toBeGreaterThan(290 + 20 * 5);
  });

  it('two nightly runs at once do each customer once', async () => {
    p.clock.set(new Date('2027-01-10T04:00:00Z'));
    await longPoints(p);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await p.newCustomer();
      await p.db.transaction().execute(async (trx) => {
        await earnPoints(trx, p.clock, c.id, 350, { reason: 'Test earn' }, 3650);
        await placeCustomer(trx, p.ctx, c.id);
      });
      ids.push(c.id);
    }
    // 20 days before the end: every one would drop (the 350 leaves the window), one notice each
    p.clock.set(new Date(Date.parse('2028-01-10T04:00:00Z') - 20 * DAY + HOUR));
    const [a, b] = await Promise.all([runTiers(p.ctx), runTiers(p.ctx)]);
    expect(a.notices + b.notices).toBe(6);
    const notices = await p.db.selectFrom('notifications').select('customer_id').where('customer_id', 'in', ids).where('title', 'like', '%to keep%').execute();
    expect(notices).toHaveLength(6);
  });
});
