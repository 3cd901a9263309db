import { beforeAll, expect, it } from 'vitest';
import { memberCodesFor } from '../../server/provider/rewards/voucher-codes';
import { counterTeam, newStaff, type TestStaff } from './merchant.helpers';
import { key, ledgers } from './orders.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { counterApi } from '#contract/counter.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from '../support/calls';

/**
 * A reward for a customer's points, straight from the member card at the counter (issue 29): what their
 * points buy now (active, in stock, within its limit), the redemption (points spent and stock taken as
 * the app's, the voucher issued and used at once with a counter redemption, Activity, the customer's
 * notification), once per idempotency key; its undo (2 minutes for staff) cancelling the voucher and
 * giving the points and the stock back; the app's refusals, with nothing written; locations; and on
 * PostgreSQL the stock and the points holding under 20 redemptions at once.
 */

/** Wednesday 25 November 2026, 10:00 in Manila. */
const WED_10AM = new Date('2026-11-25T02:00:00Z');
const ALL_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '00:00' }]]));

let seq = 0;
/** A reward of the test's own, last in the catalogue. */
async function makeReward(p: TestProvider, o: { title?: string; cost: number; stock?: number | null; limit?: number | null }) {
  const n = ++seq;
  return p.db
    .insertInto('rewards')
    .values({
      name: `counter-${n}`,
      title: o.title ?? `Counter reward ${n}`,
      points_cost: o.cost,
      stock: o.stock ?? null,
      valid_days: 30,
      per_customer_limit: o.limit ?? null,
      discount_amount: 1000,
      position: 1000 + n,
    })
    .returning(['id', 'name', 'title'])
    .executeTakeFirstOrThrow();
}

const stockOf = async (p: TestProvider, id: number) => (await p.db.selectFrom('rewards').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
const firstLocation = (p: TestProvider) => p.db.selectFrom('locations').select(['id', 'name']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();

/** The rotating code the customer's app shows now: spending at the counter needs it (tests/security/counter-spend.test.ts). */
const codeOf = async (p: TestProvider, customerId: number) => (await memberCodesFor(p.ctx, customerId)).current.qr;

/** Everything a redemption writes for a customer, to tell that a refusal wrote nothing. */
async function traces(p: TestProvider, customerId: number) {
  const vouchers = await p.db.selectFrom('vouchers').select('id').where('customer_id', '=', customerId).execute();
  const redemptions = vouchers.length
    ? await p.db
        .selectFrom('counter_redemptions')
        .select('id')
        .where(
          'voucher_id',
          'in',
          vouchers.map((v) => v.id),
        )
        .execute()
    : [];
  const audit = await p.db.selectFrom('audit_log').select('id').where('action', 'like', 'counter.reward%').execute();
  const notes = await p.db.selectFrom('notifications').select('id').where('customer_id', '=', customerId).execute();
  return { vouchers: vouchers.length, redemptions: redemptions.length, audit: audit.length, notes: notes.length, ...(await ledgers(p, customerId)) };
}

describeDb('rewards from the member card at the counter', (kind) => {
  const p = useTestProvider(kind);
  const team = counterTeam(p, WED_10AM);
  // the catalogue is the tests' own
  beforeAll(() => p.db.updateTable('rewards').set({ active: false }).execute());

  const rewards = (body: Record<string, unknown>, token = team.staff.token) => callApi(p, counterApi.memberRewards, { token, body });
  const redeem = async (body: { customer_id: number } & Record<string, unknown>, token = team.staff.token) =>
    callApi(p, counterApi.memberRedeem, { token, body: { idempotency_key: key(), ...body, code: await codeOf(p, body.customer_id) } });
  const undo = (redemptionId: number, token = team.staff.token) => callApi(p, counterApi.undo, { token, body: { redemption_id: redemptionId } });

  it('lists what the points buy now (active, in stock, within its limit) and the cheapest reward still out of reach', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes', phone: '+639171110101', points: 150 });
    const latte = await makeReward(p, { title: 'Latte', cost: 120, stock: 5 });
    await makeReward(p, { title: 'Sold out', cost: 100, stock: 0 });
    const once = await makeReward(p, { title: 'Once only', cost: 10, limit: 1 });
    const exact = await makeReward(p, { title: 'Cake slice', cost: 150 });
    await makeReward(p, { title: 'Bag of beans', cost: 200, stock: 3 });
    await makeReward(p, { title: 'Mug', cost: 300 });
    const retired = await makeReward(p, { title: 'Retired', cost: 5 });
    await p.db.updateTable('rewards').set({ active: false }).where('id', '=', retired.id).execute();
    // "Once only" redeemed in the app already
    expect((await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: once.name, idempotency_key: key() } })).status).toBe(201);

    const res = await rewards({ customer_id: c.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.member).toEqual({ customer_id: c.id, first_name: 'Ana', phone_last4: '0101', points: 140, points_left_today: 500 });
    expect(res.body.data.rewards.map((r: { title: string }) => r.title)).toEqual(['Latte']);
    expect(res.body.data.rewards[0]).toEqual({ name: latte.name, title: 'Latte', image: expect.any(String), points_cost: 120, free_product: null, stock: 5 });
    expect(res.body.data.next).toMatchObject({ name: exact.name, points_cost: 150, points_short: 10 });
    await p.db.updateTable('customers').set({ points: 1000 }).where('id', '=', c.id).execute();
    const rich = (await rewards({ customer_id: c.id })).body.data;
    expect([rich.rewards.map((r: { title: string }) => r.title), rich.next]).toEqual([['Latte', 'Cake slice', 'Bag of beans', 'Mug'], null]);
    const nobody = await rewards({ customer_id: 999_999 });
    expect([nobody.status, nobody.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('spends the points and takes the stock as the app does, the voucher used at once at the counter; a retry answers as the first did', async () => {
    const location = await firstLocation(p);
    const c = await p.newCustomer({ name: 'Ana Reyes', points: 130 });
    const cake = await makeReward(p, { title: 'Birthday cake slice', cost: 120, stock: 5 });
    const body = { customer_id: c.id, reward: cake.name, location_id: location.id, idempotency_key: key() };
    const res = await redeem(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Birthday cake slice for Ana.');
    const { voucher, redemption, member } = res.body.data;
    expect(voucher).toMatchObject({
      reward: { name: cake.name, title: 'Birthday cake slice' },
      customer_first_name: 'Ana',
      status: 'used',
      usable: false,
      used_at: p.clock.now().toISOString(),
    });
    expect(redemption).toMatchObject({
      voucher_id: voucher.id,
      reward_title: 'Birthday cake slice',
      customer_first_name: 'Ana',
      staff_name: 'Ben Santos',
      location_name: location.name,
      undone_at: null,
      points_spent: 120,
    });
    expect(Date.parse(redemption.undo_until) - p.clock.now().getTime()).toBe(120_000);
    expect(member).toMatchObject({ customer_id: c.id, points: 10 });
    expect(await stockOf(p, cake.id)).toBe(4);
    const l = await ledgers(p, c.id);
    expect([l.points, l.pointsSum]).toEqual([10, 10]);
    const burn = await p.db.selectFrom('points_ledger').selectAll().where('customer_id', '=', c.id).where('type', '=', 'burn').executeTakeFirstOrThrow();
    expect(burn).toMatchObject({ points: -120, balance_after: 10, reason: 'Birthday cake slice: served at the counter', ref: `reward:${cake.name}` });
    const row = await p.db.selectFrom('vouchers').selectAll().where('id', '=', voucher.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: c.id, reward_id: cake.id, source: 'redeem', status: 'used', points_paid: 120 });
    const cr = await p.db.selectFrom('counter_redemptions').selectAll().where('id', '=', redemption.id).executeTakeFirstOrThrow();
    expect(cr).toMatchObject({ voucher_id: voucher.id, staff_id: team.staff.id, location_id: location.id, issued: true, undone_at: null });
    const audit = await p.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'counter.reward_redeem')
      .where('target', '=', `voucher:${voucher.id}`)
      .executeTakeFirstOrThrow();
    expect([audit.staff_id, audit.before, audit.after]).toEqual([
      team.staff.id,
      { points: 130 },
      {
        points: 10,
        spent: 120,
        redemption: redemption.id,
        reward: cake.name,
        reward_title: 'Birthday cake slice',
        customer: 'Ana Reyes',
        location: location.name,
      },
    ]);
    const log = await callApi(p, staffApi.audit, { token: team.owner.token, query: { kind: 'counter' } }).expect(200);
    expect(log.body.data.items.map((i: { action: string }) => i.action)).toContain('counter.reward_redeem');
    // the app: a used voucher, one notification (not "your voucher is ready")
    const notes = (await callApi(p, notificationsApi.list, { token: c.token })).body.data.items as { title: string; body: string; type: string }[];
    expect(notes.map((n) => [n.type, n.title, n.body])).toEqual([
      ['reward', 'Birthday cake slice: served at the counter', `120 points for Birthday cake slice at ${location.name}. Enjoy!`],
    ]);
    const used = (await callApi(p, rewardsApi.storage, { token: c.token, query: { status: 'used' } }).expect(200)).body.data.vouchers as { id: number }[];
    expect(used.map((v) => v.id)).toEqual([voucher.id]);
    // in the day's redemptions
    const recent = (await callApi(p, counterApi.recent, { token: team.staff.token }).expect(200)).body.data.redemptions as {
      id: number;
      points_spent: number | null;
    }[];
    expect(recent.find((r) => r.id === redemption.id)?.points_spent).toBe(120);

    const again = await redeem(body);
    expect([again.status, again.body]).toEqual([201, res.body]);
    expect(await stockOf(p, cake.id)).toBe(4);
    expect((await ledgers(p, c.id)).points).toBe(10);
    const other = await redeem({ ...body, customer_id: c.id, reward: (await makeReward(p, { cost: 1 })).name });
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_MISMATCH']);
  });

  it('undoes within 2 minutes: the voucher cancelled (not usable again), the points and the stock back, the customer told', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes', points: 300 });
    const latte = await makeReward(p, { title: 'Latte', cost: 120, stock: 2, limit: 1 });
    const first = (await redeem({ customer_id: c.id, reward: latte.name })).body.data;
    expect(await stockOf(p, latte.id)).toBe(1);
    p.clock.advance(119_000);
    const res = await undo(first.redemption.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Undone: 120 points are back with Ana.');
    expect(res.body.data.voucher).toMatchObject({ id: first.voucher.id, status: 'cancelled', usable: false, redemption: null });
    expect(res.body.data.redemption).toMatchObject({ id: first.redemption.id, undone_at: p.clock.now().toISOString(), points_spent: 120 });
    expect(await stockOf(p, latte.id)).toBe(2);
    const l = await ledgers(p, c.id);
    expect([l.points, l.pointsSum]).toEqual([300, 300]);
    const back = await p.db
      .selectFrom('points_ledger')
      .select(['points', 'reason', 'ref'])
      .where('customer_id', '=', c.id)
      .where('type', '=', 'adjust')
      .execute();
    expect(back).toEqual([{ points: 120, reason: 'Latte at the counter undone', ref: `voucher:${first.voucher.id}` }]);
    const audit = await p.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'after'])
      .where('target', '=', `voucher:${first.voucher.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.staff_id])).toEqual([
      ['counter.reward_redeem', team.staff.id],
      ['counter.reward_undo', team.staff.id],
    ]);
    expect(audit[1]!.after).toEqual({ points: 300, given_back: 120, reward_title: 'Latte', customer: 'Ana Reyes', location: null });
    const notes = (await callApi(p, notificationsApi.list, { token: c.token })).body.data.items as { title: string }[];
    expect(notes.map((n) => n.title)).toEqual(['120 points back', 'Latte: served at the counter']);
    const twice = await undo(first.redemption.id);
    expect([twice.status, twice.body.error.code]).toEqual([409, 'INVALID_TRANSITION']);

    // the limit of 1 counts it no more; a second one, after 2 minutes: an owner only
    const second = (await redeem({ customer_id: c.id, reward: latte.name })).body.data;
    expect(second.member.points).toBe(180);
    p.clock.advance(121_000);
    const late = await undo(second.redemption.id);
    expect([late.status, late.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    expect((await undo(second.redemption.id, team.owner.token)).status).toBe(200);
    expect([await stockOf(p, latte.id), (await ledgers(p, c.id)).points]).toEqual([2, 300]);
  });

  it('refuses without writing anything: not enough points, out of stock, over its limit, an unknown reward or customer', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes', points: 100 });
    const latte = await makeReward(p, { title: 'Latte', cost: 120, stock: 5 });
    const before = await traces(p, c.id);
    const short = await redeem({ customer_id: c.id, reward: latte.name });
    expect([short.status, short.body.error.code, short.body.message, short.body.data]).toEqual([
      409,
      'INSUFFICIENT_POINTS',
      'Ana needs 20 more points for this.',
      { points: 100, needed: 120 },
    ]);
    const soldOut = await makeReward(p, { title: 'Croissant', cost: 50, stock: 0 });
    const out = await redeem({ customer_id: c.id, reward: soldOut.name });
    expect([out.status, out.body.error.code, out.body.message]).toEqual([409, 'OUT_OF_STOCK', 'Croissant is out of stock.']);
    const unknown = await redeem({ customer_id: c.id, reward: 'no-such-reward' });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
    // a customer gone since their code was shown
    const gone = await p.newCustomer();
    const goneCode = await codeOf(p, gone.id);
    await p.db.deleteFrom('sessions').where('customer_id', '=', gone.id).execute();
    await p.db.deleteFrom('customers').where('id', '=', gone.id).execute();
    const nobody = await callApi(p, counterApi.memberRedeem, { token: team.staff.token, body: { code: goneCode, reward: latte.name, idempotency_key: key() } });
    expect([nobody.status, nobody.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(await traces(p, c.id)).toEqual(before);
    expect(await stockOf(p, latte.id)).toBe(5);

    const once = await makeReward(p, { title: 'Welcome cookie', cost: 10, limit: 1 });
    expect((await redeem({ customer_id: c.id, reward: once.name })).status).toBe(201);
    const mid = await traces(p, c.id);
    const limit = await redeem({ customer_id: c.id, reward: once.name });
    expect([limit.status, limit.body.error.code, limit.body.message]).toEqual([409, 'LIMIT_REACHED', 'Ana has had this reward already.']);
    expect(await traces(p, c.id)).toEqual(mid);
  });

  it("keeps a member limited to a location to it: another location's list, redemption and undo are 403", async () => {
    const home = await firstLocation(p);
    const away = await p.db
      .insertInto('locations')
      .values({ name: 'Cebu IT Park', address: '1 Main Street, Cebu', hours: JSON.stringify(ALL_DAY), delivery_areas: JSON.stringify([]), position: 9 })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const local = await newStaff(p.db, p.clock, { name: 'Lito' });
    await p.db.insertInto('staff_locations').values({ staff_id: local.id, location_id: home.id }).execute();
    const c = await p.newCustomer({ name: 'Ana Reyes', points: 500 });
    const latte = await makeReward(p, { title: 'Latte', cost: 100 });
    const list = await rewards({ customer_id: c.id, location_id: away.id }, local.token);
    expect([list.status, list.body.error.code]).toEqual([403, 'LOCATION_FORBIDDEN']);
    const elsewhere = await redeem({ customer_id: c.id, reward: latte.name, location_id: away.id }, local.token);
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([403, 'LOCATION_FORBIDDEN']);
    expect((await ledgers(p, c.id)).points).toBe(500);
    const mine = await redeem({ customer_id: c.id, reward: latte.name }, local.token);
    expect([mine.status, mine.body.data.redemption.location_name]).toEqual([201, home.name]);
    const theirs = await redeem({ customer_id: c.id, reward: latte.name, location_id: away.id }, team.owner.token);
    expect(theirs.status).toBe(201);
    const undoTheirs = await undo(theirs.body.data.redemption.id, local.token);
    expect([undoTheirs.status, undoTheirs.body.error.code]).toEqual([403, 'LOCATION_FORBIDDEN']);
    expect((await undo(mine.body.data.redemption.id, local.token)).status).toBe(200);
    expect((await ledgers(p, c.id)).points).toBe(400);
    await p.db.deleteFrom('staff_locations').where('staff_id', '=', local.id).execute();
  });
});

describePostgres('rewards from the member card under concurrency', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  let staff: TestStaff;
  beforeAll(async () => {
    p.clock.set(WED_10AM);
    staff = await newStaff(p.db, p.clock, { name: 'Ben Santos' });
  });
  const redeem = async (customerId: number, reward: string) =>
    callApi(p, counterApi.memberRedeem, { token: staff.token, body: { code: await codeOf(p, customerId), reward, idempotency_key: key() } });
  const tally = (answers: { status: number; body: { error?: { code: string } } }[]) => {
    const out: Record<string, number> = {};
    for (const a of answers) out[a.body.error?.code ?? String(a.status)] = (out[a.body.error?.code ?? String(a.status)] ?? 0) + 1;
    return out;
  };

  it('20 customers at once for a reward with stock 5: exactly 5 served, stock 0, the others keep their points', async () => {
    const cake = await makeReward(p, { title: 'Cake slice', cost: 100, stock: 5 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => p.newCustomer({ points: 150 })));
    const t = tally(await Promise.all(customers.map((c) => redeem(c.id, cake.name))));
    console.info('20 customers, stock 5:', t);
    expect(t).toEqual({ '201': 5, OUT_OF_STOCK: 15 });
    expect(await stockOf(p, cake.id)).toBe(0);
    const served = await p.db
      .selectFrom('counter_redemptions as cr')
      .innerJoin('vouchers as v', 'v.id', 'cr.voucher_id')
      .select('v.customer_id')
      .where('v.reward_id', '=', cake.id)
      .where('cr.issued', '=', true)
      .execute();
    expect(served).toHaveLength(5);
    let spent = 0;
    for (const c of customers) {
      const l = await ledgers(p, c.id);
      expect(l.points).toBe(l.pointsSum);
      spent += 150 - l.points;
    }
    expect(spent).toBe(500);
  });

  it('one customer with points for 3, 20 redemptions at once: exactly 3', async () => {
    const latte = await makeReward(p, { title: 'Latte', cost: 100 });
    const c = await p.newCustomer({ points: 350 });
    const t = tally(await Promise.all(Array.from({ length: 20 }, () => redeem(c.id, latte.name))));
    console.info('one customer, points for 3:', t);
    expect(t).toEqual({ '201': 3, INSUFFICIENT_POINTS: 17 });
    const l = await ledgers(p, c.id);
    expect([l.points, l.pointsSum]).toEqual([50, 50]);
    expect(await p.db.selectFrom('vouchers').select('id').where('customer_id', '=', c.id).where('status', '=', 'used').execute()).toHaveLength(3);
  });
});
