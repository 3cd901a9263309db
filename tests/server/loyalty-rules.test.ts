import { beforeAll, beforeEach, expect, it } from 'vitest';
import { BASE_LABEL, RULES_MAX, type LoyaltyRule } from '#contract/loyalty';
import { DAY } from '../../server/lib/clock';
import { signInWithPhone, newPhone } from './auth.helpers';
import { newStaff, newStaffSession, type TestStaff } from './merchant.helpers';
import { completeOrder, key, ledgers } from './orders.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { counterApi } from '#contract/counter.calls';
import { customersApi } from '#contract/customers.calls';
import { loyaltyConsoleApi } from '#contract/loyalty.calls';
import { ordersApi } from '#contract/orders.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from '../support/calls';

/**
 * Earning rules, the provider's side (issue 29): the owner's list, adding, changing, pausing and ending
 * (checked, audited), and the rules at work: in the order's transaction (quote, order, its answer and the
 * points history name each rule), their limits (a cancellation frees a use; under concurrency on
 * PostgreSQL one customer's 20 orders get a once-a-day window once), at the counter (and its undo), points
 * for actions once each, and the simulator's known answer.
 */

/** Tuesday 24 November 2026, 15:00 in Manila (the shop's zone): inside "Tuesdays 14:00–16:00". */
const TUE_3PM = new Date('2026-11-24T07:00:00Z');
const WEEK = 7 * DAY;

const windowRule = { kind: 'window', name: 'Double points Tuesday', days: ['tue'], start: '14:00', end: '16:00', multiplier: 2, limit_per_day: 1 };

async function menuIds(p: TestProvider) {
  const rows = await p.db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(['products.id', 'products.name', 'categories.name as category', 'categories.id as category_id'])
    .execute();
  const by = (name: string) => rows.find((r) => r.name === name)!;
  return { latte: by('Spanish latte'), ensaymada: by('Ensaymada'), pastries: by('Ensaymada').category_id };
}

function setup(p: TestProvider) {
  const ctx = { owner: undefined as unknown as TestStaff, staff: undefined as unknown as TestStaff };
  const rulesApi = {
    list: async () => (await callApi(p, loyaltyConsoleApi.rules, { token: ctx.staff.token }).expect(200)).body.data.rules as LoyaltyRule[],
    create: (body: Record<string, unknown>, token = ctx.owner.token) => callApi(p, loyaltyConsoleApi.create, { token, body }),
    update: (id: number, rule: Record<string, unknown>) => callApi(p, loyaltyConsoleApi.update, { token: ctx.owner.token, body: { id, rule } }),
    status: (id: number, status: string) => callApi(p, loyaltyConsoleApi.status, { token: ctx.owner.token, body: { id, status } }),
    simulate: (rule: Record<string, unknown>) => callApi(p, loyaltyConsoleApi.simulate, { token: ctx.owner.token, body: { rule } }),
    /** an active rule, made by the owner */
    add: async (body: Record<string, unknown>) => {
      const res = await rulesApi.create(body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.rule as LoyaltyRule;
    },
  };
  const order = (token: string, items: { product_id: number; qty: number }[]) =>
    callApi(p, ordersApi.create, { token, body: { items, fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() } });
  const quote = (token: string, items: { product_id: number; qty: number }[]) => callApi(p, ordersApi.quote, { token, body: { items, fulfilment: 'pickup' } });
  return { ctx, rules: rulesApi, order, quote };
}

describeDb('earning rules', (kind) => {
  const p = useTestProvider(kind);
  const { ctx, rules, order, quote } = setup(p);
  let seeded: LoyaltyRule[];
  let week = 0;
  beforeAll(async () => {
    p.clock.set(TUE_3PM);
    ctx.owner = await newStaff(p.db, p.clock, { role: 'owner', name: 'Rosa Dela Cruz' });
    ctx.staff = await newStaff(p.db, p.clock, { role: 'staff', name: 'Ben Santos' });
    seeded = await rules.list();
  });
  beforeEach(async () => {
    // a Tuesday 15:00 of its own for every test, and no rule of another test at work
    p.clock.set(TUE_3PM.getTime() + ++week * WEEK);
    for (const m of [ctx.owner, ctx.staff]) m.token = (await newStaffSession(p.db, p.clock, m.id)).token;
    await p.db.updateTable('loyalty_rules').set({ status: 'ended', ended_at: p.clock.now() }).where('status', '!=', 'ended').execute();
  });

  it('a fresh shop has one paused example rule and gives nothing by rules', () => {
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({
      kind: 'window',
      name: 'Double points Tuesday afternoons',
      status: 'paused',
      days: ['tue'],
      start: '14:00',
      end: '16:00',
      multiplier: 2,
      points: null,
      limit_per_day: 1,
      limit_total: 0,
      points_given: 0,
    });
  });

  it('refuses a removed category in a saved rule, and keeps one the rule already counted', async () => {
    const { pastries } = await menuIds(p);
    const removed = await p.db
      .insertInto('categories')
      .values({ name: 'Summer specials', removed_at: p.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await rules.create({ kind: 'multiplier', name: 'Summer', multiplier: 2, category_ids: [pastries, removed.id] }).expect(400);
    expect(refused.body.error.fields).toEqual({ category_ids: `must be categories of the menu (${removed.id} was removed from it)` });
    const made = await rules.add({ kind: 'multiplier', name: '2× points on pastries', multiplier: 2, category_ids: [pastries] });
    const adding = await rules.update(made.id, { kind: 'multiplier', name: 'x', multiplier: 2, category_ids: [pastries, removed.id] }).expect(400);
    expect(Object.keys(adding.body.error.fields)).toEqual(['rule.category_ids']);
    // a category removed after the rule named it: the rule can still be renamed, paused or ended
    await p.db.updateTable('categories').set({ removed_at: p.clock.now() }).where('id', '=', pastries).execute();
    try {
      await rules.update(made.id, { kind: 'multiplier', name: '2× on pastries, renamed', multiplier: 2, category_ids: [pastries] }).expect(200);
    } finally {
      await p.db.updateTable('categories').set({ removed_at: null }).where('id', '=', pastries).execute();
    }
  });

  it('lets owners add, change, pause and end rules, checked and audited; staff only read them', async () => {
    const { latte, pastries } = await menuIds(p);
    expect((await rules.create({ kind: 'bonus', name: 'Seasonal', points: 10, product_ids: [latte.id] }, ctx.staff.token)).status).toBe(403);
    const unknown = await rules
      .create({ kind: 'multiplier', name: 'Ghosts', multiplier: 2, product_ids: [latte.id, 999_999], category_ids: [888_888] })
      .expect(400);
    expect(unknown.body.error.fields).toEqual({ product_ids: expect.stringContaining('999999'), category_ids: expect.stringContaining('888888') });
    const noTarget = await rules.create({ kind: 'bonus', name: 'Nothing', points: 5 }).expect(400);
    expect(Object.keys(noTarget.body.error.fields)).toEqual(['product_ids']);
    const badKind = await rules.create({ kind: 'stamp', name: 'Stamps' }).expect(400);
    expect(Object.keys(badKind.body.error.fields)).toEqual(['kind']);

    const made = await rules.add({ kind: 'multiplier', name: '2× points on pastries', multiplier: 2, category_ids: [pastries] });
    expect(made).toMatchObject({
      kind: 'multiplier',
      status: 'active',
      multiplier: 2,
      category_ids: [pastries],
      product_ids: [],
      points: null,
      days: [],
      action: null,
      points_given: 0,
      customers: 0,
    });
    expect((await rules.list())[0]!.id).toBe(made.id);

    const kindChange = await rules.update(made.id, { kind: 'bonus', name: 'x', points: 5, category_ids: [pastries] }).expect(400);
    expect(Object.keys(kindChange.body.error.fields)).toEqual(['rule.kind']);
    const missing = await rules.update(made.id, { kind: 'multiplier', name: 'x', multiplier: 2, product_ids: [999_999] }).expect(400);
    expect(Object.keys(missing.body.error.fields)).toEqual(['rule.product_ids']);
    const changed = await rules.update(made.id, { kind: 'multiplier', name: '1.5× points on pastries', multiplier: 1.5, category_ids: [pastries] }).expect(200);
    expect(changed.body.data.rule).toMatchObject({ id: made.id, name: '1.5× points on pastries', multiplier: 1.5 });
    // the same fields again change nothing, and are not audited (the list of entries below)
    await rules.update(made.id, { category_ids: [pastries], multiplier: 1.5, name: '1.5× points on pastries', kind: 'multiplier' }).expect(200);

    expect((await rules.status(made.id, 'paused').expect(200)).body.data.rule.status).toBe('paused');
    expect((await rules.status(made.id, 'active').expect(200)).body.data.rule.status).toBe('active');
    expect((await rules.status(made.id, 'ended').expect(200)).body.data.rule.status).toBe('ended');
    expect((await rules.status(made.id, 'active').expect(409)).body.error.code).toBe('INVALID_TRANSITION');
    expect((await rules.update(made.id, { kind: 'multiplier', name: 'Again', multiplier: 2, category_ids: [pastries] }).expect(409)).body.error.code).toBe(
      'INVALID_TRANSITION',
    );
    expect((await rules.status(999_999, 'paused').expect(404)).body.error.code).toBe('NOT_FOUND');

    const audit = await p.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'before', 'after'])
      .where('target', '=', `loyalty_rule:${made.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'loyalty.rule.create',
      'loyalty.rule.update',
      'loyalty.rule.status',
      'loyalty.rule.status',
      'loyalty.rule.status',
    ]);
    expect(audit.every((a) => a.staff_id === ctx.owner.id)).toBe(true);
    expect(audit[1]).toMatchObject({ before: { name: '2× points on pastries', multiplier: 2 }, after: { name: '1.5× points on pastries', multiplier: 1.5 } });
    expect(audit[4]).toMatchObject({ before: { status: 'active' }, after: { status: 'ended' } });
    // the Activity page's "Earning rules" filter finds them
    const filtered = (await callApi(p, staffApi.audit, { token: ctx.owner.token, query: { kind: 'loyalty' } }).expect(200)).body.data.items as {
      action: string;
    }[];
    expect(filtered.length).toBeGreaterThanOrEqual(5);
    expect(filtered.every((e) => e.action.startsWith('loyalty.'))).toBe(true);

    // at most RULES_MAX rules not ended (paused ones count)
    for (let i = 0; i < RULES_MAX; i++) await rules.add({ ...windowRule, name: `Window ${i}` });
    const over = await rules.create({ ...windowRule, name: 'One too many' }).expect(409);
    expect(over.body.error.code).toBe('LIMIT_REACHED');
  });

  it('doubles a Tuesday 15:00 order in Manila: the quote, the order, its answer and the points history name the rule', async () => {
    const { latte, ensaymada } = await menuIds(p);
    const rule = await rules.add(windowRule);
    const c = await p.newCustomer({ wallet: 200_000 });
    // ₱165 + ₱85 = ₱250: 25 points of base
    const items = [
      { product_id: latte.id, qty: 1 },
      { product_id: ensaymada.id, qty: 1 },
    ];
    const parts = [
      { rule_id: null, label: BASE_LABEL, points: 25 },
      { rule_id: rule.id, label: 'Double points Tuesday', points: 25 },
    ];
    const q = (await quote(c.token, items).expect(200)).body.data;
    expect(q).toMatchObject({ points_to_earn: 50, points_breakdown: parts });
    const placed = await order(c.token, items).expect(201);
    expect(placed.body.data.order).toMatchObject({ status: 'paid', points_earned: 50, points_breakdown: parts });
    const detail = await callApi(p, ordersApi.detail, { token: c.token, query: { name: placed.body.data.order.name } }).expect(200);
    expect(detail.body.data.order.points_breakdown).toEqual(parts);
    // on their way until the order is completed (pending points), named already
    const pending = await p.db.selectFrom('points_pending').select(['points', 'reason', 'breakdown']).where('customer_id', '=', c.id).execute();
    expect(pending).toEqual([{ points: 50, reason: `Order ${placed.body.data.order.name} (+25 Double points Tuesday)`, breakdown: parts }]);
    await completeOrder(p, placed.body.data.order.name);
    const history = await p.db.selectFrom('points_ledger').select(['points', 'reason', 'breakdown']).where('customer_id', '=', c.id).execute();
    expect(history).toEqual([{ points: 50, reason: `Order ${placed.body.data.order.name} (+25 Double points Tuesday)`, breakdown: parts }]);
    expect(await ledgers(p, c.id)).toMatchObject({ points: 50, pointsSum: 50 });

    // once a day: the second order of the day earns the base alone
    const again = await order(c.token, items).expect(201);
    expect(again.body.data.order).toMatchObject({ points_earned: 25, points_breakdown: [parts[0]] });
    // outside the window: the base alone
    p.clock.advance(60 * 60 * 1000);
    const other = await p.newCustomer({ wallet: 200_000 });
    expect((await quote(other.token, items).expect(200)).body.data.points_breakdown).toEqual([parts[0]]);
    expect((await rules.list()).find((r) => r.id === rule.id)).toMatchObject({ points_given: 25, customers: 1 });
    // a paused rule gives nothing
    p.clock.advance(-60 * 60 * 1000);
    await rules.status(rule.id, 'paused').expect(200);
    expect((await quote(other.token, items).expect(200)).body.data.points_to_earn).toBe(25);
  });

  it('a cancelled order frees its use of a limited window', async () => {
    const { latte } = await menuIds(p);
    const rule = await rules.add(windowRule);
    const c = await p.newCustomer({ wallet: 200_000 });
    const items = [{ product_id: latte.id, qty: 1 }];
    const first = (await order(c.token, items).expect(201)).body.data.order;
    expect(first.points_earned).toBe(32);
    expect((await order(c.token, items).expect(201)).body.data.order.points_earned).toBe(16);
    await callApi(p, boardApi.cancel, { token: ctx.staff.token, body: { name: first.name, reason: 'Out of milk' } }).expect(200);
    expect(await p.db.selectFrom('loyalty_rule_uses').select('id').where('rule_id', '=', rule.id).execute()).toEqual([]);
    expect((await order(c.token, items).expect(201)).body.data.order.points_breakdown).toEqual([
      { rule_id: null, label: BASE_LABEL, points: 16 },
      { rule_id: rule.id, label: 'Double points Tuesday', points: 16 },
    ]);
  });

  it('adds a product multiplier, a bonus per item, and a first order bonus on the first order only', async () => {
    const { latte, ensaymada, pastries } = await menuIds(p);
    const double = await rules.add({ kind: 'multiplier', name: '2× points on pastries', multiplier: 2, category_ids: [pastries] });
    const seasonal = await rules.add({ kind: 'bonus', name: '+10 on the Spanish latte', points: 10, product_ids: [latte.id] });
    const welcome = await rules.add({ kind: 'first_order', name: 'Welcome bonus', points: 50 });
    const c = await p.newCustomer({ wallet: 500_000 });
    // two lattes (₱330) and two ensaymadas (₱170): 50 base; pastries' 17 more; 2 × 10; and the welcome
    const items = [
      { product_id: latte.id, qty: 2 },
      { product_id: ensaymada.id, qty: 2 },
    ];
    const firstParts = [
      { rule_id: null, label: BASE_LABEL, points: 50 },
      { rule_id: double.id, label: '2× points on pastries', points: 17 },
      { rule_id: seasonal.id, label: '+10 on the Spanish latte', points: 20 },
      { rule_id: welcome.id, label: 'Welcome bonus', points: 50 },
    ];
    expect((await quote(c.token, items).expect(200)).body.data.points_breakdown).toEqual(firstParts);
    const first = (await order(c.token, items).expect(201)).body.data.order;
    expect(first).toMatchObject({ points_earned: 137, points_breakdown: firstParts });
    const second = (await order(c.token, items).expect(201)).body.data.order;
    expect(second).toMatchObject({ points_earned: 87, points_breakdown: firstParts.slice(0, 3) });
    for (const o of [first, second]) await completeOrder(p, o.name);
    expect(await ledgers(p, c.id)).toMatchObject({ points: 224, pointsSum: 224 });
  });

  it("applies the rules at the counter, from its items at the products' prices; the undo frees the use", async () => {
    const { latte } = await menuIds(p);
    const seasonal = await rules.add({ kind: 'bonus', name: '+10 on the Spanish latte', points: 10, product_ids: [latte.id] });
    const window = await rules.add({ ...windowRule, points: 5, multiplier: null });
    const welcome = await rules.add({ kind: 'first_order', name: 'Welcome bonus', points: 50 });
    const c = await p.newCustomer();
    const earn = (items?: { product_id: number; qty: number }[]) =>
      callApi(p, counterApi.earn, { token: ctx.staff.token, body: { customer_id: c.id, amount: 33_000, idempotency_key: key(), ...(items ? { items } : {}) } });
    // ₱330: 33 base, two lattes 20, the window's 5; never a first order at the counter
    const a = await earn([{ product_id: latte.id, qty: 2 }]).expect(201);
    expect(a.body.data.earn.points).toBe(58);
    const uses = await p.db
      .selectFrom('loyalty_rule_uses')
      .select(['rule_id', 'points', 'earn_id', 'order_id'])
      .where('customer_id', '=', c.id)
      .orderBy('rule_id')
      .execute();
    expect(uses).toEqual([
      { rule_id: seasonal.id, points: 20, earn_id: a.body.data.earn.id, order_id: null },
      { rule_id: window.id, points: 5, earn_id: a.body.data.earn.id, order_id: null },
    ]);
    expect(uses.some((u) => u.rule_id === welcome.id)).toBe(false);
    const history = await p.db.selectFrom('points_ledger').select('reason').where('customer_id', '=', c.id).executeTakeFirstOrThrow();
    expect(history.reason).toContain('(+20 +10 on the Spanish latte, +5 Double points Tuesday)');
    // without items: the base and the window, which is used up today
    expect((await earn().expect(201)).body.data.earn.points).toBe(33);
    await callApi(p, counterApi.undoEarn, { token: ctx.staff.token, body: { earn_id: a.body.data.earn.id } }).expect(200);
    expect(await p.db.selectFrom('loyalty_rule_uses').select('id').where('earn_id', '=', a.body.data.earn.id).execute()).toEqual([]);
    expect((await earn().expect(201)).body.data.earn.points).toBe(38);
    expect(await ledgers(p, c.id)).toMatchObject({ points: 71, pointsSum: 71 });
  });

  it('gives points for signing up, a verified e-mail and a completed profile, once each', async () => {
    await rules.add({ kind: 'action', name: 'Welcome aboard', action: 'sign_up', points: 20 });
    await rules.add({ kind: 'action', name: 'E-mail verified', action: 'verified_email', points: 30 });
    await rules.add({ kind: 'action', name: 'Profile complete', action: 'completed_profile', points: 15 });
    const paused = await rules.add({ kind: 'action', name: 'Paused welcome', action: 'sign_up', points: 500 });
    await rules.status(paused.id, 'paused').expect(200);
    const me = await signInWithPhone(p, newPhone(), 'Ana Reyes');
    expect(await ledgers(p, me.customer.id)).toMatchObject({ points: 20, pointsSum: 20 });
    const verify = async (email: string) => {
      await callApi(p, customersApi.changeEmail, { token: me.token, body: { email } }).expect(200);
      const mail = await p.db.selectFrom('dev_outbox').select('body').where('email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
      await callApi(p, customersApi.emailVerify, { token: me.token, body: { code: /\b(\d{6})\b/.exec(mail.body)![1]! } }).expect(200);
    };
    await verify(`ana-${me.customer.id}@example.com`);
    // a name and a verified e-mail, but no birth date yet: the profile is not complete
    expect(await ledgers(p, me.customer.id)).toMatchObject({ points: 50, pointsSum: 50 });
    await callApi(p, customersApi.birthday, { token: me.token, body: { day: 14, month: 3 } }).expect(200);
    expect(await ledgers(p, me.customer.id)).toMatchObject({ points: 65, pointsSum: 65 });
    // a second address verified, the birth date removed and given again: nothing more
    p.clock.advance(2 * 60 * 1000);
    await verify(`ana.reyes-${me.customer.id}@example.com`);
    await callApi(p, customersApi.removeBirthday, { token: me.token, body: {} }).expect(200);
    await callApi(p, customersApi.birthday, { token: me.token, body: { day: 15, month: 3 } }).expect(200);
    expect(await ledgers(p, me.customer.id)).toMatchObject({ points: 65, pointsSum: 65 });
    const history = await p.db.selectFrom('points_ledger').select(['reason', 'points']).where('customer_id', '=', me.customer.id).orderBy('id').execute();
    expect(history).toEqual([
      { reason: 'Welcome aboard', points: 20 },
      { reason: 'E-mail verified', points: 30 },
      { reason: 'Profile complete', points: 15 },
    ]);
  });

  it("simulates a rule over the last 30 days' paid orders, its limits applied, writing nothing", async () => {
    const { latte, ensaymada } = await menuIds(p);
    // far from the other tests' orders: Tuesday 4 January 2028
    const tue = new Date('2028-01-04T07:00:00Z');
    const at = async (when: Date) => {
      p.clock.set(when);
      for (const m of [ctx.owner, ctx.staff]) m.token = (await newStaffSession(p.db, p.clock, m.id)).token;
    };
    await at(tue);
    const ana = await p.newCustomer({ wallet: 2_000_000 });
    const ben = await p.newCustomer({ wallet: 2_000_000 });
    const both = [
      { product_id: latte.id, qty: 1 },
      { product_id: ensaymada.id, qty: 1 },
    ];
    // five weeks earlier (a Tuesday at 15:00 too): outside the 30 days
    const old = (await order(ana.token, both).expect(201)).body.data.order;
    const fiveWeeksAgo = new Date(tue.getTime() - 5 * WEEK);
    await p.db.updateTable('orders').set({ created_at: fiveWeeksAgo, paid_at: fiveWeeksAgo }).where('name', '=', old.name).execute();
    await p.db.deleteFrom('loyalty_rule_uses').execute();
    await order(ana.token, both).expect(201); // 25 base: +25
    await order(ana.token, both).expect(201); // once a day: nothing
    await order(ben.token, [{ product_id: latte.id, qty: 1 }]).expect(201); // 16 base: +16
    const cancelled = (await order(ben.token, both).expect(201)).body.data.order;
    await callApi(p, boardApi.cancel, { token: ctx.staff.token, body: { name: cancelled.name, reason: 'Sold out' } }).expect(200);
    await at(new Date(tue.getTime() + DAY)); // Wednesday: nothing
    await order(ben.token, both).expect(201);
    await at(new Date(tue.getTime() + WEEK)); // the next Tuesday: +25
    await order(ben.token, both).expect(201);
    await at(new Date(tue.getTime() + WEEK + 2 * DAY));
    const before = await p.db.selectFrom('loyalty_rule_uses').select('id').execute();
    const res = await rules.simulate(windowRule).expect(200);
    expect(res.body.data).toEqual({ days: 30, orders: 5, matched_orders: 3, points: 66, customers: 2 });
    const bonus = await rules.simulate({ kind: 'bonus', name: '+10 on ensaymada', points: 10, product_ids: [ensaymada.id] }).expect(200);
    expect(bonus.body.data).toMatchObject({ orders: 5, matched_orders: 4, points: 40, customers: 2 });
    // Ana's first paid order was five weeks ago; Ben's first is in the 30 days
    expect((await rules.simulate({ kind: 'first_order', name: 'Welcome', points: 50 }).expect(200)).body.data).toMatchObject({
      matched_orders: 1,
      points: 50,
      customers: 1,
    });
    expect(await p.db.selectFrom('loyalty_rule_uses').select('id').execute()).toEqual(before);
    expect(await p.db.selectFrom('loyalty_rules').select('id').where('name', '=', 'Double points Tuesday').where('status', '!=', 'ended').execute()).toEqual(
      [],
    );
  });
});

describePostgres('earning rules under concurrency', () => {
  const p = useTestProvider('postgres');
  const { ctx, rules, order } = setup(p);
  beforeAll(async () => {
    p.clock.set(TUE_3PM.getTime() + 52 * WEEK);
    ctx.owner = await newStaff(p.db, p.clock, { role: 'owner' });
    ctx.staff = await newStaff(p.db, p.clock, { role: 'staff' });
    await p.db.updateTable('loyalty_rules').set({ status: 'ended', ended_at: p.clock.now() }).where('status', '!=', 'ended').execute();
  });

  it("one customer's 20 orders at once in a once-a-day window: exactly one has the window's part, and the points add up", async () => {
    const { latte } = await menuIds(p);
    const rule = await rules.add(windowRule);
    const c = await p.newCustomer({ wallet: 2_000_000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(c.token, [{ product_id: latte.id, qty: 1 }])));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const withWindow = answers.filter((a) => (a.body.data.order.points_breakdown as { rule_id: number | null }[]).some((part) => part.rule_id === rule.id));
    expect(withWindow).toHaveLength(1);
    expect(answers.reduce((s, a) => s + a.body.data.order.points_earned, 0)).toBe(20 * 16 + 16);
    const pending = await p.db
      .selectFrom('points_pending')
      .select((eb) => eb.fn.sum<string>('points').as('sum'))
      .where('customer_id', '=', c.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(pending.sum)).toBe(336);
    for (const a of answers) await completeOrder(p, a.body.data.order.name);
    expect(await ledgers(p, c.id)).toMatchObject({ points: 336, pointsSum: 336, wallet: 2_000_000 - 20 * 16_500 });
    const used = await p.db
      .selectFrom('loyalty_rule_uses')
      .innerJoin('orders', 'orders.id', 'loyalty_rule_uses.order_id')
      .select('orders.name')
      .where('rule_id', '=', rule.id)
      .execute();
    expect(used).toEqual([{ name: withWindow[0]!.body.data.order.name }]);
  });
});
