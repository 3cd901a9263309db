import { beforeAll, beforeEach, expect, it } from 'vitest';
import { STAMP_PROGRAMS_MAX, type StampCard, type StampProgram, type StampsAdded } from '#contract/stamps';
import { DAY } from '../../server/lib/clock';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { counterTeam, newStaff } from './merchant.helpers';
import { completeOrder, key, ledgers } from './orders.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { counterApi } from '#contract/counter.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { staffApi } from '#contract/staff.calls';
import { stampsApi, stampsConsoleApi } from '#contract/stamps.calls';
import { callApi } from '../support/calls';

/**
 * Stamp cards, the provider's side (issue 29): the owner's programmes (checked, audited, staff only
 * read them), stamps per item and per visit at the counter and when an app order is completed, a card
 * filled issuing exactly one voucher and its leftovers starting the next, expiry, a paused and an ended
 * programme, the counter's undo taking them back (and cancelling the voucher they filled, refused once
 * it was used), and 20 concurrent counter sales for one customer on PostgreSQL.
 */

/** Wednesday 25 November 2026, 10:00 in Manila. */
const WED_10AM = new Date('2026-11-25T02:00:00Z');

let seq = 0;
/** A reward of the test's own: "Free latte N" (unlimited unless a stock is given). */
async function newReward(p: TestProvider, o: { stock?: number; active?: boolean } = {}) {
  const n = ++seq;
  return p.db
    .insertInto('rewards')
    .values({
      name: `stamp-reward-${n}-${Math.random().toString(36).slice(2, 8)}`,
      title: `Free latte ${n}`,
      points_cost: 100,
      valid_days: 30,
      per_customer_limit: null,
      stock: o.stock ?? null,
      discount_amount: 16_500,
      position: 200 + n,
      active: o.active ?? true,
    })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

async function menuIds(p: TestProvider) {
  const rows = await p.db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(['products.id', 'products.name', 'products.price', 'categories.id as category_id', 'categories.name as category'])
    .execute();
  const by = (name: string) => rows.find((r) => r.name === name)!;
  const ensaymada = by('Ensaymada');
  const latte = by('Spanish latte');
  /** a product of neither the latte nor the pastries */
  const other = rows.find((r) => r.id !== latte.id && r.category_id !== ensaymada.category_id)!;
  return { latte, ensaymada, other };
}

const ALL_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '00:00' }]]));

describeDb('stamp cards', (kind) => {
  const p = useTestProvider(kind);
  const team = counterTeam(p, WED_10AM);
  beforeAll(async () => {
    await p.db.updateTable('merchants').set({ rules: '{}' }).execute();
    await p.db
      .updateTable('locations')
      .set({ hours: JSON.stringify(ALL_DAY) })
      .execute();
    clearMerchantCache();
  });
  beforeEach(async () => {
    // no programme of another test at work
    await p.db.updateTable('stamp_programs').set({ status: 'ended', ended_at: p.clock.now() }).where('status', '!=', 'ended').execute();
    await p.db.updateTable('stamp_cards').set({ status: 'closed' }).where('status', '=', 'open').execute();
  });

  const api = {
    list: async () => (await callApi(p, stampsConsoleApi.programs, { token: team.staff.token }).expect(200)).body.data.programs as StampProgram[],
    create: (body: Record<string, unknown>, token = team.owner.token) => callApi(p, stampsConsoleApi.create, { token, body }),
    update: (id: number, program: Record<string, unknown>, token = team.owner.token) => callApi(p, stampsConsoleApi.update, { token, body: { id, program } }),
    status: (id: number, status: string, token = team.owner.token) => callApi(p, stampsConsoleApi.status, { token, body: { id, status } }),
    add: async (body: Record<string, unknown>) => {
      const res = await api.create(body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.program as StampProgram;
    },
  };
  const cards = async (token: string) => (await callApi(p, stampsApi.cards, { token }).expect(200)).body.data.cards as StampCard[];
  /** what the items are worth at the menu's prices: a sale's amount covers them, or the counter refuses it */
  const worth = async (items: { product_id: number; qty: number }[]) => {
    const prices = new Map((await p.db.selectFrom('products').select(['id', 'price']).execute()).map((r) => [r.id, r.price]));
    return items.reduce((s, i) => s + (prices.get(i.product_id) ?? 0) * i.qty, 0);
  };
  const earn = async (customerId: number, items: { product_id: number; qty: number }[], amount?: number) => {
    amount ??= Math.max(20_000, await worth(items));
    const res = await callApi(p, counterApi.earn, { token: team.staff.token, body: { customer_id: customerId, amount, items, idempotency_key: key() } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.earn as { id: number; amount: number; stamps: StampsAdded[] };
  };
  const undo = (earnId: number) => callApi(p, counterApi.undoEarn, { token: team.staff.token, body: { earn_id: earnId } });
  const vouchersOf = (customerId: number) =>
    p.db.selectFrom('vouchers').select(['id', 'status', 'source', 'reward_id']).where('customer_id', '=', customerId).orderBy('id').execute();
  const cardRows = (customerId: number) =>
    p.db.selectFrom('stamp_cards').select(['id', 'stamps', 'status', 'voucher_id']).where('customer_id', '=', customerId).orderBy('id').execute();
  const notes = async (token: string) =>
    (await callApi(p, notificationsApi.list, { token }).expect(200)).body.data.items as { title: string; body: string; link: string | null }[];

  it('refuses a removed category in a saved programme, and keeps one the programme already counted', async () => {
    const { ensaymada } = await menuIds(p);
    const reward = await newReward(p);
    const pastries = ensaymada.category_id;
    const removed = await p.db
      .insertInto('categories')
      .values({ name: 'Summer specials', removed_at: p.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const good = { name: 'Pastry card', category_ids: [pastries], per: 'item', stamps_needed: 10, reward_id: reward.id, expiry_days: 365 };
    const refused = await api.create({ ...good, category_ids: [pastries, removed.id] }).expect(400);
    expect(refused.body.error.fields).toEqual({ category_ids: `must be categories of the menu (${removed.id} was removed from it)` });
    const made = await api.add(good);
    expect(Object.keys((await api.update(made.id, { ...good, category_ids: [removed.id] }).expect(400)).body.error.fields)).toEqual(['program.category_ids']);
    await p.db.updateTable('categories').set({ removed_at: p.clock.now() }).where('id', '=', pastries).execute();
    try {
      await api.update(made.id, { ...good, name: 'Pastry card, renamed' }).expect(200);
    } finally {
      await p.db.updateTable('categories').set({ removed_at: null }).where('id', '=', pastries).execute();
    }
  });

  it('lets owners add, change, pause and end programmes, checked and audited; staff only read them', async () => {
    const { latte, ensaymada } = await menuIds(p);
    const reward = await newReward(p);
    const retired = await newReward(p, { active: false });
    const good = { name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 10, reward_id: reward.id, expiry_days: 365 };
    expect((await api.create(good, team.staff.token)).status).toBe(403);
    const unknown = await api.create({ ...good, product_ids: [latte.id, 999_999], category_ids: [888_888], reward_id: retired.id }).expect(400);
    expect(unknown.body.error.fields).toEqual({
      product_ids: expect.stringContaining('999999'),
      category_ids: expect.stringContaining('888888'),
      reward_id: expect.any(String),
    });
    expect(Object.keys((await api.create({ ...good, reward_id: 999_999 }).expect(400)).body.error.fields)).toEqual(['reward_id']);

    const made = await api.add(good);
    expect(made).toMatchObject({
      name: 'Coffee card',
      product_ids: [latte.id],
      category_ids: [],
      per: 'item',
      stamps_needed: 10,
      reward_id: reward.id,
      reward_title: reward.title,
      expiry_days: 365,
      status: 'active',
      cards_in_progress: 0,
      cards_filled: 0,
      customers: 0,
    });
    expect((await api.list())[0]!.id).toBe(made.id);

    expect(Object.keys((await api.update(made.id, { ...good, category_ids: [777_777] }).expect(400)).body.error.fields)).toEqual(['program.category_ids']);
    expect((await api.update(made.id, good, team.staff.token)).status).toBe(403);
    const changed = (await api.update(made.id, { ...good, category_ids: [ensaymada.category_id], stamps_needed: 8 }).expect(200)).body.data
      .program as StampProgram;
    expect(changed).toMatchObject({ id: made.id, stamps_needed: 8, category_ids: [ensaymada.category_id] });
    // the same fields again change nothing and are not audited
    await api.update(made.id, { ...good, category_ids: [ensaymada.category_id], stamps_needed: 8 }).expect(200);

    expect((await api.status(made.id, 'paused', team.staff.token)).status).toBe(403);
    expect((await api.status(made.id, 'paused').expect(200)).body.data.program.status).toBe('paused');
    expect((await api.status(made.id, 'active').expect(200)).body.data.program.status).toBe('active');
    expect((await api.status(made.id, 'ended').expect(200)).body.data.program.status).toBe('ended');
    expect((await api.status(made.id, 'active').expect(409)).body.error.code).toBe('INVALID_TRANSITION');
    expect((await api.update(made.id, good).expect(409)).body.error.code).toBe('INVALID_TRANSITION');
    expect((await api.status(999_999, 'paused').expect(404)).body.error.code).toBe('NOT_FOUND');
    expect((await api.update(999_999, good).expect(404)).body.error.code).toBe('NOT_FOUND');

    const audit = await p.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'before', 'after'])
      .where('target', '=', `stamp_program:${made.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'loyalty.stamps.create',
      'loyalty.stamps.update',
      'loyalty.stamps.status',
      'loyalty.stamps.status',
      'loyalty.stamps.status',
    ]);
    expect(audit.every((a) => a.staff_id === team.owner.id)).toBe(true);
    expect(audit[1]).toMatchObject({ before: { stamps_needed: 10, category_ids: [] }, after: { stamps_needed: 8, category_ids: [ensaymada.category_id] } });
    expect(audit[4]).toMatchObject({ before: { name: 'Coffee card', status: 'active' }, after: { name: 'Coffee card', status: 'ended' } });
    const filtered = (await callApi(p, staffApi.audit, { token: team.owner.token, query: { kind: 'loyalty' } }).expect(200)).body.data.items as {
      action: string;
    }[];
    expect(filtered.filter((e) => e.action.startsWith('loyalty.stamps.')).length).toBeGreaterThanOrEqual(5);

    // at most STAMP_PROGRAMS_MAX not ended (paused ones count)
    for (let i = 0; i < STAMP_PROGRAMS_MAX; i++) await api.add({ ...good, name: `Card ${i}` });
    const over = await api.create({ ...good, name: 'One too many' }).expect(409);
    expect(over.body.error.code).toBe('LIMIT_REACHED');
  });

  it("gives one stamp per item or one per visit at the counter: the earn, its list, the customer's cards and the owner's figures say them", async () => {
    const { latte, ensaymada, other: croissant } = await menuIds(p);
    const reward = await newReward(p);
    const coffee = await api.add({ name: 'Coffee', product_ids: [latte.id], per: 'item', stamps_needed: 10, reward_id: reward.id, expiry_days: 30 });
    const pastry = await api.add({
      name: 'Pastry card',
      category_ids: [ensaymada.category_id],
      per: 'visit',
      stamps_needed: 5,
      reward_id: reward.id,
      expiry_days: 0,
    });
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    const e = await earn(c.id, [
      { product_id: latte.id, qty: 3 },
      { product_id: ensaymada.id, qty: 2 },
      { product_id: croissant.id, qty: 1 },
    ]);
    const coffeeAdded = { program_id: coffee.id, name: 'Coffee', added: 3, stamps: 3, stamps_needed: 10, filled: 0 };
    const pastryAdded = { program_id: pastry.id, name: 'Pastry card', added: 1, stamps: 1, stamps_needed: 5, filled: 0 };
    expect(e.stamps).toEqual([coffeeAdded, pastryAdded]);
    // points as ever, in addition (for the amount, which covers the items)
    const points = Math.floor(e.amount / 1_000);
    expect(await ledgers(p, c.id)).toMatchObject({ points, pointsSum: points });
    const listed = (await callApi(p, counterApi.earns, { token: team.staff.token }).expect(200)).body.data.earns as { id: number; stamps: StampsAdded[] }[];
    expect(listed.find((x) => x.id === e.id)!.stamps).toEqual([coffeeAdded, pastryAdded]);
    expect((await notes(c.token))[0]!.body).toMatch(
      /You collected 3 stamps on your Coffee card: 3 of 10\. You collected 1 stamp on your Pastry card: 1 of 5\.$/,
    );

    const mine = await cards(c.token);
    expect(mine).toEqual([
      {
        program_id: coffee.id,
        name: 'Coffee',
        status: 'active',
        per: 'item',
        stamps: 3,
        stamps_needed: 10,
        reward_title: reward.title,
        reward_image: expect.any(String),
        qualifying: ['Spanish latte'],
        qualifying_categories: [],
        expires_at: new Date(p.clock.now().getTime() + 30 * DAY).toISOString(),
        cards_filled: 0,
      },
      {
        program_id: pastry.id,
        name: 'Pastry card',
        status: 'active',
        per: 'visit',
        stamps: 1,
        stamps_needed: 5,
        reward_title: reward.title,
        reward_image: expect.any(String),
        qualifying: [ensaymada.category],
        qualifying_categories: [ensaymada.category],
        expires_at: null,
        cards_filled: 0,
      },
    ]);
    // a sale with nothing that qualifies gives none; a newcomer sees empty cards
    expect((await earn(c.id, [{ product_id: croissant.id, qty: 4 }])).stamps).toEqual([]);
    const newcomer = await p.newCustomer();
    expect((await cards(newcomer.token)).map((x) => x.stamps)).toEqual([0, 0]);
    expect((await api.list()).find((x) => x.id === coffee.id)).toMatchObject({ cards_in_progress: 1, cards_filled: 0, customers: 1 });
  });

  it('fills a card over 10 completed orders: exactly one voucher, the customer told, and the next card starts', async () => {
    const { latte } = await menuIds(p);
    const reward = await newReward(p);
    const coffee = await api.add({ name: 'Coffee card', product_ids: [latte.id], per: 'visit', stamps_needed: 10, reward_id: reward.id, expiry_days: 365 });
    const c = await p.newCustomer({ wallet: 5_000_000 });
    const order = async () =>
      (
        await callApi(p, ordersApi.create, {
          token: c.token,
          body: { items: [{ product_id: latte.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
        }).expect(201)
      ).body.data.order.name as string;
    // paid is not enough: stamps come when the order is completed
    const waiting = await order();
    expect((await cards(c.token))[0]!.stamps).toBe(0);
    await completeOrder(p, waiting);
    expect((await cards(c.token))[0]!.stamps).toBe(1);
    const completion = (await notes(c.token)).find((n) => n.title === `Order ${waiting} completed`)!;
    expect(completion.body).toMatch(/You collected 1 stamp on your Coffee card: 1 of 10\.$/);
    for (let i = 0; i < 8; i++) await completeOrder(p, await order());
    expect((await vouchersOf(c.id)).filter((v) => v.source === 'stamps')).toEqual([]);
    const tenth = await order();
    await completeOrder(p, tenth);
    const vouchers = (await vouchersOf(c.id)).filter((v) => v.source === 'stamps');
    expect(vouchers).toEqual([{ id: expect.any(Number), status: 'active', source: 'stamps', reward_id: reward.id }]);
    const told = await notes(c.token);
    expect(told.find((n) => n.title === `Order ${tenth} completed`)!.body).toMatch(/You collected 1 stamp on your Coffee card: it is full\.$/);
    expect(told.find((n) => n.title === 'Your Coffee card is full')).toMatchObject({
      body: expect.stringMatching(new RegExp(`^A ${reward.title} voucher is waiting in your vouchers`)),
      link: expect.stringContaining(`voucher=${vouchers[0]!.id}`),
    });
    expect(await cardRows(c.id)).toEqual([{ id: expect.any(Number), stamps: 10, status: 'filled', voucher_id: vouchers[0]!.id }]);
    expect((await cards(c.token))[0]).toMatchObject({ stamps: 0, cards_filled: 1, expires_at: null });
    await completeOrder(p, await order());
    expect((await cards(c.token))[0]).toMatchObject({ stamps: 1, cards_filled: 1 });
    expect((await api.list()).find((x) => x.id === coffee.id)).toMatchObject({ cards_in_progress: 1, cards_filled: 1, customers: 1 });
  });

  it('puts the stamps left over on the next card, filling several in one sale; a sold-out reward fills the card without a voucher', async () => {
    const { latte } = await menuIds(p);
    const reward = await newReward(p, { stock: 2 });
    await api.add({ name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 4, reward_id: reward.id, expiry_days: 365 });
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    expect((await earn(c.id, [{ product_id: latte.id, qty: 3 }])).stamps[0]).toMatchObject({ added: 3, stamps: 3, filled: 0 });
    // 3 + 3: one card full, 2 on the next
    expect((await earn(c.id, [{ product_id: latte.id, qty: 3 }])).stamps[0]).toMatchObject({ added: 3, stamps: 2, filled: 1 });
    // 2 + 9 = 11: two cards full, 3 on the next; the reward had 2 in stock, so the second has no voucher
    expect((await earn(c.id, [{ product_id: latte.id, qty: 9 }])).stamps[0]).toMatchObject({ added: 9, stamps: 3, filled: 2 });
    expect((await vouchersOf(c.id)).map((v) => v.source)).toEqual(['stamps', 'stamps']);
    expect((await p.db.selectFrom('rewards').select('stock').where('id', '=', reward.id).executeTakeFirstOrThrow()).stock).toBe(0);
    expect((await cardRows(c.id)).map((r) => [r.stamps, r.status, r.voucher_id !== null])).toEqual([
      [4, 'filled', true],
      [4, 'filled', true],
      [4, 'filled', false],
      [3, 'open', false],
    ]);
    // one notice a sale: the second sale's two full cards, one voucher and one to ask for at the counter
    const full = (await notes(c.token)).filter((n) => / full$/.test(n.title)).map((n) => [n.title, n.body]);
    expect(full).toEqual([
      ['2 of your Coffee cards are full', `A ${reward.title} voucher is waiting in your vouchers. Ask at the counter for your other ${reward.title}.`],
      ['Your Coffee card is full', `A ${reward.title} voucher is waiting in your vouchers. Open it to show its QR code at the counter.`],
    ]);
    expect((await cards(c.token))[0]).toMatchObject({ stamps: 3, cards_filled: 3 });
  });

  it('keeps the stamps of cards in progress when the programme changes: a card with as many as needed or more fills with the next stamp', async () => {
    const { latte } = await menuIds(p);
    const reward = await newReward(p);
    const fields = { name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 6, reward_id: reward.id, expiry_days: 365 };
    const coffee = await api.add(fields);
    const c = await p.newCustomer();
    await earn(c.id, [{ product_id: latte.id, qty: 4 }]);
    await api.update(coffee.id, { ...fields, stamps_needed: 3 }).expect(200);
    expect((await cards(c.token))[0]).toMatchObject({ stamps: 4, stamps_needed: 3 });
    expect((await earn(c.id, [{ product_id: latte.id, qty: 2 }])).stamps[0]).toMatchObject({ added: 2, stamps: 1, stamps_needed: 3, filled: 1 });
    expect((await cardRows(c.id)).map((r) => [r.stamps, r.status])).toEqual([
      [5, 'filled'],
      [1, 'open'],
    ]);
    expect(await vouchersOf(c.id)).toHaveLength(1);
  });

  it('starts a new card when the stamps expired; the customer sees an expired card as 0 stamps', async () => {
    const { latte } = await menuIds(p);
    const reward = await newReward(p);
    await api.add({ name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 5, reward_id: reward.id, expiry_days: 2 });
    const c = await p.newCustomer();
    await earn(c.id, [{ product_id: latte.id, qty: 3 }]);
    p.clock.advance(DAY);
    await team.signInAgain();
    expect((await earn(c.id, [{ product_id: latte.id, qty: 1 }])).stamps[0]).toMatchObject({ stamps: 4 });
    // two days after the FIRST stamp
    p.clock.advance(DAY);
    expect((await cards(c.token))[0]).toMatchObject({ stamps: 0, expires_at: null });
    await team.signInAgain();
    expect((await earn(c.id, [{ product_id: latte.id, qty: 2 }])).stamps[0]).toMatchObject({ added: 2, stamps: 2, filled: 0 });
    expect((await cardRows(c.id)).map((r) => [r.stamps, r.status])).toEqual([
      [4, 'expired'],
      [2, 'open'],
    ]);
    expect((await cards(c.token))[0]).toMatchObject({ stamps: 2, expires_at: new Date(p.clock.now().getTime() + 2 * DAY).toISOString() });
    expect(await vouchersOf(c.id)).toEqual([]);
  });

  it('gives nothing while paused (cards kept, shown only with stamps) and closes the cards of an ended programme', async () => {
    const { latte } = await menuIds(p);
    const reward = await newReward(p);
    const coffee = await api.add({ name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 5, reward_id: reward.id, expiry_days: 0 });
    const c = await p.newCustomer();
    const none = await p.newCustomer();
    await earn(c.id, [{ product_id: latte.id, qty: 2 }]);
    await api.status(coffee.id, 'paused').expect(200);
    expect((await earn(c.id, [{ product_id: latte.id, qty: 2 }])).stamps).toEqual([]);
    expect(await cards(c.token)).toEqual([expect.objectContaining({ program_id: coffee.id, status: 'paused', stamps: 2 })]);
    expect(await cards(none.token)).toEqual([]);
    await api.status(coffee.id, 'active').expect(200);
    expect((await earn(c.id, [{ product_id: latte.id, qty: 1 }])).stamps[0]).toMatchObject({ stamps: 3 });
    await api.status(coffee.id, 'ended').expect(200);
    expect(await cards(c.token)).toEqual([]);
    expect((await cardRows(c.id)).map((r) => [r.stamps, r.status])).toEqual([[3, 'closed']]);
    expect((await earn(c.id, [{ product_id: latte.id, qty: 1 }])).stamps).toEqual([]);
  });

  it("takes a counter earn's stamps back on undo, cancelling the voucher they filled and reopening the card", async () => {
    const { latte } = await menuIds(p);
    const reward = await newReward(p, { stock: 5 });
    const coffee = await api.add({ name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 3, reward_id: reward.id, expiry_days: 365 });
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    const first = await earn(c.id, [{ product_id: latte.id, qty: 2 }]);
    const second = await earn(c.id, [{ product_id: latte.id, qty: 2 }]);
    expect(second.stamps).toEqual([{ program_id: coffee.id, name: 'Coffee card', added: 2, stamps: 1, stamps_needed: 3, filled: 1 }]);
    const [voucher] = await vouchersOf(c.id);
    expect(voucher).toMatchObject({ status: 'active', source: 'stamps' });
    const undone = await undo(second.id);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data.earn.stamps).toEqual([]);
    expect(await vouchersOf(c.id)).toEqual([expect.objectContaining({ id: voucher!.id, status: 'cancelled' })]);
    expect((await p.db.selectFrom('rewards').select('stock').where('id', '=', reward.id).executeTakeFirstOrThrow()).stock).toBe(5);
    expect((await cardRows(c.id)).map((r) => [r.stamps, r.status, r.voucher_id])).toEqual([[2, 'open', null]]);
    expect((await cards(c.token))[0]).toMatchObject({ stamps: 2, cards_filled: 0 });
    const points = Math.floor(first.amount / 1_000);
    expect(await ledgers(p, c.id)).toMatchObject({ points, pointsSum: points });
    const audit = await p.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'counter.earn_undo')
      .where('target', '=', `customer:${c.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ stamps_taken_back: 2 });
    // an earn that filled nothing: its stamps come off the card
    expect((await undo(first.id)).status).toBe(200);
    expect(await cardRows(c.id)).toEqual([]);
    expect((await cards(c.token))[0]).toMatchObject({ stamps: 0, expires_at: null });
    // and the card fills again with new sales, once
    expect((await earn(c.id, [{ product_id: latte.id, qty: 4 }])).stamps[0]).toMatchObject({ stamps: 1, filled: 1 });
    expect((await vouchersOf(c.id)).map((v) => v.status)).toEqual(['cancelled', 'active']);
  });

  it('refuses the undo once the voucher its stamps filled was used: 409, nothing changed', async () => {
    const { latte } = await menuIds(p);
    const reward = await newReward(p);
    await api.add({ name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 3, reward_id: reward.id, expiry_days: 365 });
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    const e = await earn(c.id, [{ product_id: latte.id, qty: 4 }]);
    const [voucher] = await vouchersOf(c.id);
    const codes = (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id: voucher!.id } }).expect(200)).body.data;
    expect((await callApi(p, counterApi.redeem, { token: team.staff.token, body: { code: codes.current.short_code } })).status).toBe(201);
    const before = { cards: await cardRows(c.id), ledgers: await ledgers(p, c.id) };
    const res = await undo(e.id);
    expect([res.status, res.body.error.code, res.body.message]).toEqual([409, 'CONFLICT', expect.stringMatching(/voucher .* has been used already/)]);
    expect({ cards: await cardRows(c.id), ledgers: await ledgers(p, c.id) }).toEqual(before);
    expect((await vouchersOf(c.id))[0]!.status).toBe('used');
    expect((await p.db.selectFrom('counter_earns').select('undone_at').where('id', '=', e.id).executeTakeFirstOrThrow()).undone_at).toBeNull();
    const listed = (await callApi(p, counterApi.earns, { token: team.staff.token }).expect(200)).body.data.earns as { id: number; stamps: StampsAdded[] }[];
    expect(listed.find((x) => x.id === e.id)!.stamps).toEqual([expect.objectContaining({ added: 4, stamps: 1, filled: 1 })]);
  });
});

describePostgres('stamp cards under concurrency', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  beforeAll(async () => {
    p.clock.set(WED_10AM);
    await p.db.updateTable('merchants').set({ rules: '{}' }).execute();
    clearMerchantCache();
  });

  it('20 counters giving one customer stamps at once give exactly 20 stamps and floor(20 / 3) vouchers', async () => {
    const { latte } = await menuIds(p);
    const reward = await newReward(p);
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    await p.db.updateTable('stamp_programs').set({ status: 'ended' }).execute();
    const made = await callApi(p, stampsConsoleApi.create, {
      token: owner.token,
      body: { name: 'Coffee card', product_ids: [latte.id], per: 'item', stamps_needed: 3, reward_id: reward.id, expiry_days: 365 },
    });
    expect(made.status).toBe(201);
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => newStaff(p.db, p.clock, { name: `Counter ${i}` })));
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    const answers = await Promise.all(
      members.map((m) =>
        callApi(p, counterApi.earn, {
          token: m.token,
          body: { customer_id: c.id, amount: 16_500, items: [{ product_id: latte.id, qty: 1 }], idempotency_key: key() },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(answers.reduce((s, a) => s + (a.body.data.earn.stamps[0]?.filled ?? 0), 0)).toBe(6);
    const vouchers = await p.db.selectFrom('vouchers').select('id').where('customer_id', '=', c.id).where('source', '=', 'stamps').execute();
    expect(vouchers).toHaveLength(6);
    const rows = await p.db.selectFrom('stamp_cards').select(['stamps', 'status']).where('customer_id', '=', c.id).orderBy('id').execute();
    expect(rows.map((r) => [r.stamps, r.status])).toEqual([...Array(6).fill([3, 'filled']), [2, 'open']]);
    const events = await p.db
      .selectFrom('stamp_events')
      .select((eb) => eb.fn.sum<number>('stamps').as('n'))
      .where('customer_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(20);
  });
});
