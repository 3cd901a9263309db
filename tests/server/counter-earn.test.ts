import { beforeAll, beforeEach, expect, it } from 'vitest';
import { DAY, HOUR } from '../../server/lib/clock';
import { runHourlyJobs } from '../../server/provider/jobs';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { counterTeam, newStaff, type TestStaff } from './merchant.helpers';
import { key, ledgers, products } from './orders.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { counterApi } from '#contract/counter.calls';
import { membersApi } from '#contract/members.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from '../support/calls';

/**
 * The member card and points at the counter (issue 29): the card's rotating codes found at the counter
 * (QR, short code, phone), points for a walk-in sale at the app's rate, shown on the card at once with
 * a notification, once per idempotency key; the two daily caps (per customer, per staff member) refusing
 * with 409 LIMIT_REACHED and an Activity entry, and holding under concurrency on PostgreSQL; the undo
 * (2 minutes for staff, any time for an owner, never once the points are spent); locations.
 */

/** Wednesday 25 November 2026, 10:00 in Manila (the shop's time zone): the day has 14 hours left. */
const WED_10AM = new Date('2026-11-25T02:00:00Z');
const ALL_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '00:00' }]]));

interface Card {
  step_seconds: number;
  seconds_left: number;
  current: { qr: string; short_code: string };
  next: { qr: string; short_code: string };
  points: number;
  last_earn: { id: number; points: number; at: string; location_name: string | null } | null;
}

const cardOf = async (p: TestProvider, token: string): Promise<Card> => {
  const res = await callApi(p, membersApi.card, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body.data as Card;
};

/** The shop's rules back to their defaults (tests here change the caps), its settings cache forgotten. */
async function defaultRules(p: TestProvider): Promise<void> {
  await p.db.updateTable('merchants').set({ rules: '{}' }).execute();
  clearMerchantCache();
}

const setRules = (p: TestProvider, owner: TestStaff, rules: Record<string, number>) =>
  callApi(p, shopSettingsApi.update, { token: owner.token, body: rules }).expect(200);

const firstLocation = (p: TestProvider) => p.db.selectFrom('locations').select(['id', 'name']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();

describeDb('points at the counter', (kind) => {
  const p = useTestProvider(kind);
  // a day of its own for every test (10:00 in Manila): the caps count the shop's day
  const team = counterTeam(p, WED_10AM);
  beforeEach(() => defaultRules(p));

  const member = (body: Record<string, unknown>, token = team.staff.token) => callApi(p, counterApi.member, { token, body });
  const earn = (body: Record<string, unknown>, token = team.staff.token) => callApi(p, counterApi.earn, { token, body: { idempotency_key: key(), ...body } });
  const undo = (earnId: number, token = team.staff.token) => callApi(p, counterApi.undoEarn, { token, body: { earn_id: earnId } });

  it('gives the customer a card whose QR and short codes change every 30 seconds, found at the counter by either', async () => {
    const c = await p.newCustomer({ name: 'Ana Maria Reyes', phone: '+639171112222', points: 40 });
    const a = await cardOf(p, c.token);
    expect(a).toMatchObject({ step_seconds: 30, points: 40, last_earn: null });
    expect(a.current.qr).toMatch(new RegExp(`^LM1\\.${p.ctx.merchantId}\\.${c.id}\\.\\d+\\.[0-9A-HJKMNP-TV-Z]{16}$`));
    expect(a.current.short_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(a.next.qr).not.toBe(a.current.qr);
    expect((await cardOf(p, c.token)).current).toEqual(a.current);
    p.clock.advance(a.seconds_left * 1000);
    const b = await cardOf(p, c.token);
    expect([b.current, b.seconds_left]).toEqual([a.next, 30]);

    const typed = `${b.current.short_code.slice(0, 4).toLowerCase()} ${b.current.short_code.slice(4).toLowerCase()}`;
    for (const code of [b.current.qr, b.current.short_code, typed, b.next.short_code, a.current.qr]) {
      const res = await member({ code });
      expect(res.status, code).toBe(200);
      // the first name and the phone's last 4 digits only: never the full name, the phone or an e-mail
      expect(res.body.data.member).toEqual({ customer_id: c.id, first_name: 'Ana', phone_last4: '2222', points: 40, points_left_today: 500 });
      expect(JSON.stringify(res.body.data)).not.toMatch(/Reyes|Maria|9171112222/);
    }
  });

  it("refuses a card photographed more than a minute ago, another shop's, a voucher's and a forged one", async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    const card = await cardOf(p, c.token);
    p.clock.advance(card.seconds_left * 1000 + 29_000); // the next step, nearly over: still good
    expect((await member({ code: card.current.qr })).status).toBe(200);
    p.clock.advance(2_000);
    for (const code of [card.current.qr, card.current.short_code]) {
      const res = await member({ code });
      expect([res.status, res.body.error.code, res.body.message]).toEqual([409, 'CODE_STALE', expect.stringMatching(/changes every 30 seconds/)]);
    }
    const fresh = (await cardOf(p, c.token)).current.qr;
    const parts = fresh.split('.');
    const other = await p.newCustomer();
    const cases: Array<[string, number, string]> = [
      [[parts[0], 'another-shop', ...parts.slice(2)].join('.'), 404, 'OTHER_MERCHANT'],
      // another customer's number under this one's signature
      [[parts[0], parts[1], String(other.id), parts[3], parts[4]].join('.'), 404, 'CODE_UNKNOWN'],
      // a voucher's QR code with the member's numbers: another kind, another signature
      [['LV1', ...parts.slice(1)].join('.'), 404, 'CODE_UNKNOWN'],
      ['ZZZZZZZZ', 404, 'CODE_UNKNOWN'],
      ['AAAA-BBBB-CCCC-DDDD', 404, 'CODE_UNKNOWN'],
    ];
    for (const [code, status, error] of cases) {
      const res = await member({ code });
      expect([code, res.status, res.body.error?.code]).toEqual([code, status, error]);
    }
    expect((await member({ code: cases[0]![0] })).body.message).toMatch(/member card is from another shop/);
  });

  it("counts a member card's unknown codes against the session's limit, like vouchers'", async () => {
    const session = await newStaff(p.db, p.clock, { name: 'Guesser' });
    for (let i = 0; i < 30; i++) expect((await member({ code: `ZZZZZZ${String(i).padStart(2, '0')}` }, session.token)).status).toBe(404);
    const paused = await member({ code: 'ZZZZZZZZ' }, session.token);
    expect([paused.status, paused.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    const audit = await p.db.selectFrom('audit_log').select('action').where('staff_id', '=', session.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['counter.code_limit']);
  });

  it('finds a customer by their phone number as people say it; an unknown number is 404', async () => {
    const c = await p.newCustomer({ name: 'Carla Mendoza', phone: '+639183334444', points: 7 });
    for (const phone of ['0918 333 4444', '+63 918-333-4444', '9183334444']) {
      const res = await member({ phone });
      expect(res.status, phone).toBe(200);
      expect(res.body.data.member).toMatchObject({ customer_id: c.id, first_name: 'Carla', phone_last4: '4444', points: 7 });
    }
    const unknown = await member({ phone: '0918 000 0001' });
    expect([unknown.status, unknown.body.error.code, unknown.body.message]).toEqual([404, 'NOT_FOUND', 'No customer with this phone number.']);
    const bad = await member({ phone: 'call me later' });
    expect([bad.status, bad.body.error.fields]).toEqual([400, { phone: expect.stringMatching(/phone number/) }]);
  });

  it('credits floor(amount / rate) at once: the card shows the points and the earn, with a notification, the ledger and Activity', async () => {
    const location = await firstLocation(p);
    const c = await p.newCustomer({ name: 'Ana Reyes', points: 10 });
    const { latte } = await products(p);
    const res = await earn({ customer_id: c.id, amount: 18_950, items: [{ product_id: latte.id, qty: 1 }], location_id: location.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('18 points for Ana.');
    const e = res.body.data.earn;
    expect(e).toMatchObject({
      customer_first_name: 'Ana',
      amount: 18_950,
      points: 18,
      staff_name: 'Ben Santos',
      location_name: location.name,
      undone_at: null,
    });
    expect(Date.parse(e.undo_until) - p.clock.now().getTime()).toBe(120_000);
    expect(res.body.data.member).toMatchObject({ customer_id: c.id, points: 28, points_left_today: 482 });

    const card = await cardOf(p, c.token);
    expect([card.points, card.last_earn]).toEqual([28, { id: e.id, points: 18, at: p.clock.now().toISOString(), location_name: location.name }]);
    const [note] = (await callApi(p, notificationsApi.list, { token: c.token })).body.data.items as { title: string; type: string }[];
    expect(note).toMatchObject({ type: 'points_earned', title: 'You earned 18 points at Kopi Senja' });
    const entry = await p.db.selectFrom('points_ledger').selectAll().where('ref', '=', `counter:${e.id}`).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ customer_id: c.id, type: 'earn', points: 18, balance_after: 28, reason: `Purchase at the counter (${location.name})` });
    const l = await ledgers(p, c.id);
    expect(l.points).toBe(l.pointsSum);
    const row = await p.db.selectFrom('counter_earns').selectAll().where('id', '=', e.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ staff_id: team.staff.id, location_id: location.id, amount: 18_950, points: 18, items: [{ product_id: latte.id, qty: 1 }] });
    const audit = await p.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'counter.earn')
      .where('target', '=', `customer:${c.id}`)
      .executeTakeFirstOrThrow();
    expect([audit.staff_id, audit.after]).toEqual([
      team.staff.id,
      { points: 28, earned: 18, amount: 18_950, earn: e.id, customer: 'Ana Reyes', location: location.name },
    ]);

    // the card says so for 10 minutes
    p.clock.advance(10 * 60_000 + 1_000);
    expect((await cardOf(p, c.token)).last_earn).toBeNull();
  });

  it('gives points once per idempotency key: a retry answers as the first did', async () => {
    const c = await p.newCustomer();
    const body = { customer_id: c.id, amount: 25_000, idempotency_key: key() };
    const first = await earn(body);
    const again = await earn(body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await p.db.selectFrom('counter_earns').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
    expect((await ledgers(p, c.id)).points).toBe(25);
    const other = await earn({ ...body, amount: 30_000 });
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_MISMATCH']);
  });

  it('refuses a sale worth less than a point and products the shop does not have', async () => {
    const c = await p.newCustomer();
    const small = await earn({ customer_id: c.id, amount: 999 });
    expect([small.status, small.body.error.fields]).toEqual([400, { amount: expect.stringMatching(/earns no points/) }]);
    const { latte } = await products(p);
    const items = await earn({
      customer_id: c.id,
      amount: 10_000,
      items: [
        { product_id: latte.id, qty: 1 },
        { product_id: 999_999, qty: 1 },
      ],
    });
    expect([items.status, items.body.error.fields]).toEqual([400, { 'items.1.product_id': 'is not a product of this shop' }]);
    const nobody = await earn({ customer_id: 999_999, amount: 10_000 });
    expect([nobody.status, nobody.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(await p.db.selectFrom('counter_earns').select('id').where('customer_id', '=', c.id).execute()).toEqual([]);
  });

  it("refuses more than the customer's daily cap with 409 LIMIT_REACHED and an Activity entry; undone earns and yesterday do not count", async () => {
    await setRules(p, team.owner, { counter_points_per_customer_per_day: 30 });
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    const first = await earn({ customer_id: c.id, amount: 18_000 });
    expect(first.status).toBe(201);
    // the counter's quote says so before the earn is tried, and writes nothing
    const earnsBefore = await p.db
      .selectFrom('counter_earns')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const quote = await callApi(p, counterApi.earnQuote, { token: team.owner.token, body: { customer_id: c.id, amount: 13_000 } });
    expect([quote.status, quote.body.data]).toEqual([
      200,
      { points: 13, points_breakdown: [{ rule_id: null, label: 'Points for your purchase', points: 13 }], points_left_today: 12, limit: 'customer' },
    ]);
    expect((await callApi(p, counterApi.earnQuote, { token: team.owner.token, body: { customer_id: c.id, amount: 12_000 } })).body.data).toMatchObject({
      points: 12,
      limit: null,
    });
    expect(
      await p.db
        .selectFrom('counter_earns')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(earnsBefore);
    const over = await earn({ customer_id: c.id, amount: 13_000 }, team.owner.token);
    expect([over.status, over.body.error.code, over.body.message, over.body.data]).toEqual([
      409,
      'LIMIT_REACHED',
      'Ana can earn 12 more points at the counter today.',
      { points_left_today: 12, limit: 'customer' },
    ]);
    expect((await member({ code: (await cardOf(p, c.token)).current.qr })).body.data.member.points_left_today).toBe(12);
    const refused = await p.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'counter.earn_refused')
      .where('target', '=', `customer:${c.id}`)
      .execute();
    expect(refused.map((r) => [r.staff_id, r.after])).toEqual([
      [team.owner.id, { amount: 13_000, points: 13, customer: 'Ana Reyes', location: null, limit: 'customer', cap: 30, points_left_today: 12 }],
    ]);
    const log = await callApi(p, staffApi.audit, { token: team.owner.token, query: { kind: 'counter' } }).expect(200);
    expect(log.body.data.items.map((i: { action: string }) => i.action)).toContain('counter.earn_refused');
    expect((await earn({ customer_id: c.id, amount: 12_999 })).status).toBe(201);
    const full = await earn({ customer_id: c.id, amount: 1_000 });
    expect([full.status, full.body.message]).toEqual([409, 'Ana has earned the most points allowed at the counter today.']);

    // undone, the points are free again
    expect((await undo(first.body.data.earn.id)).status).toBe(200);
    expect((await earn({ customer_id: c.id, amount: 18_000 })).status).toBe(201);
    // at the shop's midnight (14 hours after 10:00) the cap starts again
    p.clock.set(WED_10AM.getTime() + team.day * DAY + 14 * HOUR);
    await team.signInAgain();
    expect((await earn({ customer_id: c.id, amount: 30_000 })).status).toBe(201);
    await setRules(p, team.owner, { counter_points_per_customer_per_day: 0 });
    const none = await earn({ customer_id: c.id, amount: 1_000 });
    expect([none.status, none.body.message]).toEqual([409, 'This shop gives no points at the counter: an owner can change that in the settings.']);
  });

  it("refuses more than the staff member's daily cap, whoever the customer", async () => {
    await setRules(p, team.owner, { counter_points_per_staff_per_day: 40 });
    const giver = await newStaff(p.db, p.clock, { name: 'Gina' });
    const [a, b, d] = await Promise.all([p.newCustomer(), p.newCustomer(), p.newCustomer()]);
    expect((await earn({ customer_id: a!.id, amount: 20_000 }, giver.token)).status).toBe(201);
    expect((await earn({ customer_id: b!.id, amount: 15_000 }, giver.token)).status).toBe(201);
    const quote = await callApi(p, counterApi.earnQuote, { token: giver.token, body: { customer_id: d!.id, amount: 6_000 } });
    expect(quote.body.data).toMatchObject({ points: 6, points_left_today: 5, limit: 'staff' });
    const over = await earn({ customer_id: d!.id, amount: 6_000 }, giver.token);
    expect([over.status, over.body.error.code, over.body.message, over.body.data]).toEqual([
      409,
      'LIMIT_REACHED',
      'You can give 5 more points today: ask an owner for more.',
      { points_left_today: 5, limit: 'staff' },
    ]);
    expect((await earn({ customer_id: d!.id, amount: 5_000 }, giver.token)).status).toBe(201);
    const full = await earn({ customer_id: d!.id, amount: 1_000 }, giver.token);
    expect([full.status, full.body.message]).toEqual([409, 'You have given the most points allowed today: ask an owner.']);
    // another member of staff is not held back
    expect((await earn({ customer_id: d!.id, amount: 1_000 })).status).toBe(201);
    const refused = await p.db.selectFrom('audit_log').select('after').where('action', '=', 'counter.earn_refused').where('staff_id', '=', giver.id).execute();
    expect(refused.map((r) => (r.after as { limit: string }).limit)).toEqual(['staff', 'staff']);
  });

  it('lets staff undo within 2 minutes and only an owner after; the points go back through the ledger; the customer is told', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes', points: 5 });
    const first = (await earn({ customer_id: c.id, amount: 18_000 })).body.data.earn as { id: number };
    p.clock.advance(119_000);
    const undone = await undo(first.id);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data.earn.undone_at).toBe(p.clock.now().toISOString());
    expect(undone.body.data.member).toMatchObject({ points: 5, points_left_today: 500 });
    expect((await cardOf(p, c.token)).last_earn).toBeNull();
    const twice = await undo(first.id);
    expect([twice.status, twice.body.error.code]).toEqual([409, 'INVALID_TRANSITION']);

    const second = (await earn({ customer_id: c.id, amount: 20_000 })).body.data.earn as { id: number };
    p.clock.advance(121_000);
    const late = await undo(second.id);
    expect([late.status, late.body.error.code, late.body.message]).toEqual([
      403,
      'ROLE_FORBIDDEN',
      expect.stringMatching(/Only an owner can undo points after 2 minutes/),
    ]);
    expect((await undo(second.id, team.owner.token)).status).toBe(200);
    const l = await ledgers(p, c.id);
    expect([l.points, l.pointsSum]).toEqual([5, 5]);
    const audit = await p.db.selectFrom('audit_log').select(['action', 'staff_id']).where('target', '=', `customer:${c.id}`).orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.staff_id])).toEqual([
      ['counter.earn', team.staff.id],
      ['counter.earn_undo', team.staff.id],
      ['counter.earn', team.staff.id],
      ['counter.earn_undo', team.owner.id],
    ]);
    const notes = (await callApi(p, notificationsApi.list, { token: c.token })).body.data.items as { title: string }[];
    expect(notes.map((n) => n.title).filter((t) => /taken back/.test(t))).toEqual(['20 points taken back', '18 points taken back']);
    expect((await undo(999_999, team.owner.token)).status).toBe(404);
  });

  it('refuses to undo points the customer has spent already', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    const e = (await earn({ customer_id: c.id, amount: 60_000 })).body.data.earn as { id: number };
    // the cheapest reward (50 points) bought with them
    expect(
      (
        await callApi(p, rewardsApi.redeem, {
          token: c.token,
          body: {
            name: (await p.db.selectFrom('rewards').select('name').where('points_cost', '=', 50).executeTakeFirstOrThrow()).name,
            idempotency_key: key(),
          },
        })
      ).status,
    ).toBe(201);
    const res = await undo(e.id);
    expect([res.status, res.body.error.code, res.body.message]).toEqual([409, 'INSUFFICIENT_POINTS', 'Ana has spent some of these points already.']);
    const l = await ledgers(p, c.id);
    expect([l.points, l.pointsSum]).toEqual([10, 10]);
    expect((await p.db.selectFrom('counter_earns').select('undone_at').where('id', '=', e.id).executeTakeFirstOrThrow()).undone_at).toBeNull();
  });

  it("keeps a member limited to a location to it: another is 403, their only one is the counter's, their list is theirs", async () => {
    const home = await firstLocation(p);
    const away = await p.db
      .insertInto('locations')
      .values({ name: 'Cebu IT Park', address: '1 Main Street, Cebu', hours: JSON.stringify(ALL_DAY), delivery_areas: JSON.stringify([]), position: 9 })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const local = await newStaff(p.db, p.clock, { name: 'Lito' });
    await p.db.insertInto('staff_locations').values({ staff_id: local.id, location_id: home.id }).execute();
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    const code = (await cardOf(p, c.token)).current.qr;
    const refused = await member({ code, location_id: away.id }, local.token);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'LOCATION_FORBIDDEN']);
    const elsewhere = await earn({ customer_id: c.id, amount: 10_000, location_id: away.id }, local.token);
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([403, 'LOCATION_FORBIDDEN']);
    const mine = await earn({ customer_id: c.id, amount: 10_000 }, local.token);
    expect([mine.status, mine.body.data.earn.location_name]).toEqual([201, home.name]);
    // an owner's earn at the other location: not in the local member's list, nor theirs to undo
    const theirs = await earn({ customer_id: c.id, amount: 11_000, location_id: away.id }, team.owner.token);
    expect(theirs.status).toBe(201);
    const list = (await callApi(p, counterApi.earns, { token: local.token }).expect(200)).body.data.earns as { id: number }[];
    expect(list.map((e) => e.id)).toContain(mine.body.data.earn.id);
    expect(list.map((e) => e.id)).not.toContain(theirs.body.data.earn.id);
    const undoTheirs = await undo(theirs.body.data.earn.id, local.token);
    expect([undoTheirs.status, undoTheirs.body.error.code]).toEqual([403, 'LOCATION_FORBIDDEN']);
    await p.db.deleteFrom('staff_locations').where('staff_id', '=', local.id).execute();
  });

  it("lists today's earns (the shop's day), newest first, at most 50", async () => {
    const c = await p.newCustomer();
    const yesterday = (await earn({ customer_id: c.id, amount: 1_000 })).body.data.earn.id as number;
    p.clock.advance(DAY);
    await team.signInAgain();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await earn({ customer_id: c.id, amount: 1_000 + i * 1_000 })).body.data.earn.id);
    const list = (await callApi(p, counterApi.earns, { token: team.owner.token }).expect(200)).body.data.earns as { id: number; staff_name: string }[];
    expect(list.map((e) => e.id)).toEqual([...ids].reverse());
    expect(list.map((e) => e.id)).not.toContain(yesterday);
    for (let i = 0; i < 50; i++)
      await p.db
        .insertInto('counter_earns')
        .values({ customer_id: c.id, staff_id: team.staff.id, location_id: null, amount: 1_000, points: 1, items: null, created_at: p.clock.now() })
        .execute();
    expect((await callApi(p, counterApi.earns, { token: team.owner.token }).expect(200)).body.data.earns).toHaveLength(50);
  });

  it("forgets members' short codes older than an hour in the hourly job", async () => {
    const c = await p.newCustomer();
    const short = (await cardOf(p, c.token)).current.short_code;
    p.clock.advance(2 * 3600_000);
    await runHourlyJobs(p.ctx);
    expect(await p.db.selectFrom('member_short_codes').select('step').where('customer_id', '=', c.id).execute()).toEqual([]);
    expect((await member({ code: short })).body.error.code).toBe('CODE_UNKNOWN');
  });
});

describePostgres('points at the counter under concurrency', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  beforeAll(async () => {
    p.clock.set(WED_10AM);
    await defaultRules(p);
  });

  const earn = (token: string, customerId: number, amount: number) =>
    callApi(p, counterApi.earn, { token, body: { customer_id: customerId, amount, idempotency_key: key() } });
  const tally = (answers: { status: number; body: { error?: { code: string } } }[]) => {
    const out: Record<string, number> = {};
    for (const a of answers) out[a.body.error?.code ?? String(a.status)] = (out[a.body.error?.code ?? String(a.status)] ?? 0) + 1;
    return out;
  };

  it("20 staff members giving one customer points at once never go over the customer's cap (500)", async () => {
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => newStaff(p.db, p.clock, { name: `Counter ${i}` })));
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    // tiers off: past 300 points the customer would be Brew and each earn worth 50 (tiers.test.ts has that race)
    await p.db.updateTable('tier_programs').set({ enabled: false }).execute();
    const answers = await Promise.all(members.map((m) => earn(m.token, c.id, 40_000))).finally(() =>
      p.db.updateTable('tier_programs').set({ enabled: true }).execute(),
    );
    const t = tally(answers);
    console.info('20 counters, one customer, 40 points each:', t);
    expect(t).toEqual({ '201': 12, LIMIT_REACHED: 8 });
    const rows = await p.db.selectFrom('counter_earns').select('points').where('customer_id', '=', c.id).execute();
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(480);
    const l = await ledgers(p, c.id);
    expect([l.points, l.pointsSum]).toEqual([480, 480]);
  });

  it("one staff member giving 20 customers points at once never goes over the staff member's cap (5,000)", async () => {
    const giver = await newStaff(p.db, p.clock, { name: 'Gina' });
    const customers = await Promise.all(Array.from({ length: 20 }, () => p.newCustomer()));
    const answers = await Promise.all(customers.map((c) => earn(giver.token, c.id, 300_000)));
    const t = tally(answers);
    console.info('one counter, 20 customers, 300 points each:', t);
    expect(t).toEqual({ '201': 16, LIMIT_REACHED: 4 });
    const rows = await p.db.selectFrom('counter_earns').select('points').where('staff_id', '=', giver.id).execute();
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(4_800);
    for (const c of customers) {
      const l = await ledgers(p, c.id);
      expect(l.points).toBe(l.pointsSum);
    }
    expect(
      await p.db.selectFrom('audit_log').select('id').where('action', '=', 'counter.earn_refused').where('staff_id', '=', giver.id).execute(),
    ).toHaveLength(4);
  });
});
