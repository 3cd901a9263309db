import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../server/lib/clock';
import { giveBirthdayTreats } from '../../server/provider/customers/birthdays.service';
import { runHourlyJobs } from '../../server/provider/jobs';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { customersApi } from '#contract/customers.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { callApi } from '../support/calls';

/**
 * Birthdays (issue 29): the customer's birth date in the profile (a real date, the year optional, 400
 * naming the field otherwise; removable), the owner's treat (off, points, a reward as a voucher; the
 * reward checked), and the hourly run giving it on the day or within the window before it, in the
 * shop's time zone, once a customer and year (a second run, concurrent runs), again the next year; a
 * date set within 30 days before the birthday not counting that year; 29 February on 28 February.
 */

/** Manila is UTC+8 all year: midnight there is 16:00 UTC the day before. */
const manila = (isoDate: string, hour = 0) => new Date(Date.parse(`${isoDate}T00:00:00Z`) - 8 * HOUR + hour * HOUR);

/** Points that last ten years, so a year's treat is still there when the next one comes. */
const LONG_POINTS = { points_expiry_days: 3650 };

async function resetRules(p: TestProvider, rules: Record<string, unknown> = {}): Promise<void> {
  await p.db
    .updateTable('merchants')
    .set({ rules: JSON.stringify({ ...LONG_POINTS, ...rules }) })
    .execute();
  clearMerchantCache();
}

/** A customer whose birth date was set long ago (the 30-day rule out of the way) unless `changedAt` says when. */
async function bornOn(p: TestProvider, name: string, month: number, day: number, o: { year?: number | null; changedAt?: Date } = {}) {
  const c = await p.newCustomer({ name });
  await p.db
    .updateTable('customers')
    .set({ birth_month: month, birth_day: day, birth_year: o.year ?? null, birthday_changed_at: o.changedAt ?? new Date('2020-01-01T00:00:00Z') })
    .where('id', '=', c.id)
    .execute();
  return c;
}

/** A customer whose session outlasts the months the clock jumps (a session ends after 30 days). */
async function lasting(p: TestProvider, c: { id: number; token: string }) {
  await p.db
    .updateTable('sessions')
    .set({ expires_at: new Date('2100-01-01T00:00:00Z') })
    .where('customer_id', '=', c.id)
    .execute();
  return c;
}

const pointsOf = async (p: TestProvider, id: number) =>
  (await p.db.selectFrom('customers').select('points').where('id', '=', id).executeTakeFirstOrThrow()).points;
const giftsOf = (p: TestProvider, id: number) =>
  p.db.selectFrom('birthday_gifts').select(['year', 'kind', 'points', 'voucher_id']).where('customer_id', '=', id).orderBy('year').execute();
const runAt = async (p: TestProvider, at: Date) => {
  p.clock.set(at);
  await runHourlyJobs(p.ctx);
};

describeDb('birthdays', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  beforeEach(async () => {
    p.clock.set(manila('2027-01-10', 12));
    await resetRules(p);
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
  });
  const settings = (body: unknown) => callApi(p, shopSettingsApi.update, { token: owner.token, body });
  const setBirthday = (token: string, body: unknown) => callApi(p, customersApi.birthday, { token, body });

  describe('the birth date in the profile', () => {
    it('is added, changed (the year optional) and removed; the profile shows it', async () => {
      const c = await p.newCustomer({ name: 'Ana Reyes' });
      expect((await callApi(p, customersApi.profile, { token: c.token }).expect(200)).body.data.birthday).toBeNull();
      const added = await setBirthday(c.token, { day: 14, month: 3 }).expect(200);
      expect(added.body.data.customer.birthday).toEqual({ day: 14, month: 3, year: null });
      expect(added.body.message).toBe("Saved. We'll send you a treat on your birthday.");
      const row = () =>
        p.db.selectFrom('customers').select(['birth_day', 'birth_month', 'birth_year', 'birthday_changed_at']).where('id', '=', c.id).executeTakeFirstOrThrow();
      expect((await row()).birthday_changed_at).toEqual(p.clock.now());
      // only the year: the birthday has not moved, the 30 days do not start again
      const before = p.clock.now();
      p.clock.advance(DAY);
      await setBirthday(c.token, { day: 14, month: 3, year: 1990 }).expect(200);
      expect(await row()).toEqual({ birth_day: 14, birth_month: 3, birth_year: 1990, birthday_changed_at: before });
      await setBirthday(c.token, { day: 15, month: 3, year: 1990 }).expect(200);
      expect((await row()).birthday_changed_at).toEqual(p.clock.now());
      const removed = await callApi(p, customersApi.removeBirthday, { token: c.token }).expect(200);
      expect(removed.body.data.customer.birthday).toBeNull();
      expect(await row()).toMatchObject({ birth_day: null, birth_month: null, birth_year: null });
    });

    it('takes 29 February without a year or in a leap year only', async () => {
      const c = await p.newCustomer();
      expect((await setBirthday(c.token, { day: 29, month: 2 }).expect(200)).body.data.customer.birthday).toEqual({ day: 29, month: 2, year: null });
      await setBirthday(c.token, { day: 29, month: 2, year: 2000 }).expect(200);
      const res = await setBirthday(c.token, { day: 29, month: 2, year: 2023 }).expect(400);
      expect(res.body.error.fields).toEqual({ day: 'must be at most 28: February 2023 had 28 days' });
    });

    const BAD: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['31 April', { day: 31, month: 4 }, 'day', /at most 30: April has 30 days/],
      ['30 February', { day: 30, month: 2 }, 'day', /at most 29: February has 29 days/],
      ['day 0', { day: 0, month: 1 }, 'day', /day of the month, 1 to 31/],
      ['day 32', { day: 32, month: 1 }, 'day', /day of the month, 1 to 31/],
      ['day 1.5', { day: 1.5, month: 1 }, 'day', /day of the month/],
      ['day as text', { day: '14', month: 3 }, 'day', /day of the month/],
      ['no day', { month: 3 }, 'day', /is required/],
      ['month 13', { day: 1, month: 13 }, 'month', /a month, 1 to 12/],
      ['month 0', { day: 1, month: 0 }, 'month', /a month, 1 to 12/],
      ['no month', { day: 1 }, 'month', /is required/],
      ['year 1899', { day: 1, month: 1, year: 1899 }, 'year', /1900 or later/],
      ['next year', { day: 1, month: 1, year: 2028 }, 'year', /2027 or earlier/],
      ['a date still to come', { day: 20, month: 5, year: 2027 }, 'year', /still to come/],
      ['year as text', { day: 1, month: 1, year: 'nineteen' }, 'year', /a year such as 1990/],
    ];
    it.each(BAD)('refuses %s with a 400 naming the field, saving nothing', async (_, body, field, message) => {
      const c = await p.newCustomer();
      const res = await setBirthday(c.token, body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields[field]).toMatch(message);
      expect((await p.db.selectFrom('customers').select('birth_month').where('id', '=', c.id).executeTakeFirstOrThrow()).birth_month).toBeNull();
    });

    it('needs a session', async () => {
      await callApi(p, customersApi.birthday, { body: { day: 1, month: 1 } }).expect(401);
      await callApi(p, customersApi.removeBirthday).expect(401);
    });
  });

  describe("the owner's settings", () => {
    it('start as 50 points on the day, and say so to customers', async () => {
      const res = await callApi(p, shopSettingsApi.read, { token: owner.token }).expect(200);
      expect(res.body.data).toMatchObject({ birthday_reward: 'points', birthday_points: 50, birthday_reward_name: '', birthday_window_days: 0 });
      expect((await callApi(p, settingsApi.mainSetting).expect(200)).body.data.birthday_treat).toBe(true);
      await settings({ birthday_reward: 'off' }).expect(200);
      expect((await callApi(p, settingsApi.mainSetting).expect(200)).body.data.birthday_treat).toBe(false);
    });

    it('take a reward of the catalogue, by its name', async () => {
      const res = await settings({ birthday_reward: 'reward', birthday_reward_name: 'birthday-cake-slice', birthday_window_days: 3 }).expect(200);
      expect(res.body.data).toMatchObject({ birthday_reward: 'reward', birthday_reward_name: 'birthday-cake-slice', birthday_window_days: 3 });
    });

    const BAD: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ birthday_reward: 'cake' }, 'birthday_reward', /off, points or reward/],
      [{ birthday_points: -1 }, 'birthday_points', /at least 0/],
      [{ birthday_points: 100_001 }, 'birthday_points', /at most 100,000/],
      [{ birthday_points: '50' }, 'birthday_points', /whole number of points/],
      [{ birthday_points: 0 }, 'birthday_points', /at least 1 when the birthday treat is points/],
      [{ birthday_window_days: 31 }, 'birthday_window_days', /at most 30/],
      [{ birthday_window_days: -1 }, 'birthday_window_days', /at least 0/],
      [{ birthday_window_days: 1.5 }, 'birthday_window_days', /whole number of days/],
      [{ birthday_reward_name: 'x'.repeat(61) }, 'birthday_reward_name', /at most 60 characters/],
      [{ birthday_reward: 'reward' }, 'birthday_reward_name', /required when the birthday treat is a reward/],
      [{ birthday_reward: 'reward', birthday_reward_name: 'golden-ticket' }, 'birthday_reward_name', /must be a reward of your catalogue.*"golden-ticket"/],
    ];
    it.each(BAD)('refuses %j with a 400 naming the field, saving nothing', async (body, field, message) => {
      const res = await settings(body).expect(400);
      expect(res.body.error.fields[field]).toMatch(message);
      const row = await p.db.selectFrom('merchants').select('rules').executeTakeFirstOrThrow();
      expect(row.rules).toEqual(LONG_POINTS);
    });
  });

  describe('the hourly run', () => {
    it('gives 50 points on the birthday as it starts in Manila, while it is still the day before in UTC, with a notification', async () => {
      const ana = await bornOn(p, 'Ana Reyes', 3, 14, { year: 1990 });
      const ben = await bornOn(p, 'Ben Cruz', 3, 15);
      await runAt(p, manila('2027-03-13', 23));
      expect(await pointsOf(p, ana.id)).toBe(0);
      // 00:30 in Manila, 16:30 UTC on 13 March
      await runAt(p, new Date('2027-03-13T16:30:00Z'));
      expect(await pointsOf(p, ana.id)).toBe(50);
      expect(await pointsOf(p, ben.id)).toBe(0);
      expect(await giftsOf(p, ana.id)).toEqual([{ year: 2027, kind: 'points', points: 50, voucher_id: null }]);
      const entry = await p.db
        .selectFrom('points_ledger')
        .select(['type', 'points', 'reason', 'ref'])
        .where('customer_id', '=', ana.id)
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({ type: 'earn', points: 50, reason: 'Happy birthday!', ref: 'birthday:2027' });
      const notes = await p.db.selectFrom('notifications').select(['type', 'title', 'link']).where('customer_id', '=', ana.id).execute();
      expect(notes).toEqual([{ type: 'points_earned', title: 'Happy birthday, Ana! 50 points are yours', link: '/profile/point' }]);
    });

    it("follows the shop's time zone: in UTC the same instant is still the day before", async () => {
      await resetRules(p, { timezone: 'UTC' });
      const ana = await bornOn(p, 'Ana Reyes', 3, 14);
      await runAt(p, new Date('2027-03-13T16:30:00Z'));
      expect(await pointsOf(p, ana.id)).toBe(0);
      await runAt(p, new Date('2027-03-14T00:30:00Z'));
      expect(await pointsOf(p, ana.id)).toBe(50);
    });

    it('gives within the window before the birthday, not before it, once a year however often it runs, and again next year', async () => {
      await resetRules(p, { birthday_window_days: 7, birthday_points: 120 });
      const ana = await bornOn(p, 'Ana Reyes', 3, 14);
      await runAt(p, manila('2027-03-06', 23));
      expect(await pointsOf(p, ana.id)).toBe(0);
      await runAt(p, manila('2027-03-07', 1));
      expect(await pointsOf(p, ana.id)).toBe(120);
      // the next hour, the day itself, two runs at once
      await runAt(p, manila('2027-03-07', 2));
      p.clock.set(manila('2027-03-14', 9));
      await Promise.all([runHourlyJobs(p.ctx), runHourlyJobs(p.ctx)]);
      expect(await pointsOf(p, ana.id)).toBe(120);
      await runAt(p, manila('2028-03-06', 23));
      expect(await pointsOf(p, ana.id)).toBe(120);
      await runAt(p, manila('2028-03-07', 0));
      expect(await pointsOf(p, ana.id)).toBe(240);
      expect((await giftsOf(p, ana.id)).map((g) => g.year)).toEqual([2027, 2028]);
    });

    it("gives a 2 January birthday's treat in late December as the next year's", async () => {
      await resetRules(p, { birthday_window_days: 7 });
      const ana = await bornOn(p, 'Ana Reyes', 1, 2);
      await runAt(p, manila('2027-12-27', 10));
      expect(await giftsOf(p, ana.id)).toEqual([{ year: 2028, kind: 'points', points: 50, voucher_id: null }]);
      await runAt(p, manila('2028-01-02', 10));
      expect(await pointsOf(p, ana.id)).toBe(50);
    });

    it('does not count a date set within 30 days before the birthday that year, only the next', async () => {
      // 14 March 2027: set on 12 February (30 days before) does not count; on 11 February (31) does
      const late = await bornOn(p, 'Carla Lim', 3, 14, { changedAt: manila('2027-02-12', 23) });
      const early = await bornOn(p, 'Dina Tan', 3, 14, { changedAt: manila('2027-02-11', 23) });
      await runAt(p, manila('2027-03-14', 8));
      expect(await pointsOf(p, late.id)).toBe(0);
      expect(await pointsOf(p, early.id)).toBe(50);
      await runAt(p, manila('2028-03-14', 8));
      expect(await pointsOf(p, late.id)).toBe(50);
      expect(await pointsOf(p, early.id)).toBe(100);
    });

    it('counts a date the customer typed in long before, through the call', async () => {
      const c = await lasting(p, await p.newCustomer({ name: 'Ella Go' }));
      p.clock.set(manila('2027-01-10', 12));
      await setBirthday(c.token, { day: 14, month: 3 }).expect(200);
      await runAt(p, manila('2027-03-14', 8));
      expect(await pointsOf(p, c.id)).toBe(50);
      // changed to a birthday a week away: not this year
      await runAt(p, manila('2027-04-01', 8));
      await setBirthday(c.token, { day: 8, month: 4 }).expect(200);
      await runAt(p, manila('2027-04-08', 8));
      expect(await pointsOf(p, c.id)).toBe(50);
    });

    it('keeps a 29 February birthday on 28 February in other years, on the 29th in a leap year', async () => {
      const leap = await bornOn(p, 'Faye Uy', 2, 29);
      await runAt(p, manila('2027-02-27', 12));
      expect(await pointsOf(p, leap.id)).toBe(0);
      await runAt(p, manila('2027-02-28', 12));
      expect(await pointsOf(p, leap.id)).toBe(50);
      await runAt(p, manila('2028-02-28', 12));
      expect(await pointsOf(p, leap.id)).toBe(50);
      await runAt(p, manila('2028-02-29', 12));
      expect(await pointsOf(p, leap.id)).toBe(100);
    });

    it('gives a voucher of the chosen reward without taking points', async () => {
      await settings({ birthday_reward: 'reward', birthday_reward_name: 'birthday-cake-slice' }).expect(200);
      const ana = await lasting(p, await bornOn(p, 'Ana Reyes', 3, 14));
      await p.db.updateTable('customers').set({ points: 30 }).where('id', '=', ana.id).execute();
      await runAt(p, manila('2027-03-14', 8));
      await runAt(p, manila('2027-03-14', 9));
      const vouchers = await p.db
        .selectFrom('vouchers as v')
        .innerJoin('rewards as r', 'r.id', 'v.reward_id')
        .select(['v.id', 'r.name', 'v.source', 'v.points_paid', 'v.status'])
        .where('v.customer_id', '=', ana.id)
        .execute();
      expect(vouchers).toEqual([{ id: expect.any(Number), name: 'birthday-cake-slice', source: 'birthday', points_paid: null, status: 'active' }]);
      expect(await pointsOf(p, ana.id)).toBe(30);
      expect(await giftsOf(p, ana.id)).toEqual([{ year: 2027, kind: 'voucher', points: null, voucher_id: vouchers[0]!.id }]);
      const notes = await p.db.selectFrom('notifications').select(['type', 'title', 'link']).where('customer_id', '=', ana.id).execute();
      expect(notes).toEqual([
        { type: 'reward', title: 'Happy birthday, Ana! A Birthday cake slice voucher is waiting', link: `/reward/storage/active?voucher=${vouchers[0]!.id}` },
      ]);
      // the customer sees it among their vouchers
      const storage = await callApi(p, rewardsApi.storage, { token: ana.token, query: { tab: 'active' } }).expect(200);
      expect(JSON.stringify(storage.body.data)).toContain('Birthday cake slice');
    });

    it('gives nothing while the chosen reward is sold out, and the gift once it is back', async () => {
      await settings({ birthday_reward: 'reward', birthday_reward_name: 'birthday-cake-slice', birthday_window_days: 2 }).expect(200);
      await p.db.updateTable('rewards').set({ stock: 0 }).where('name', '=', 'birthday-cake-slice').execute();
      const ana = await bornOn(p, 'Ana Reyes', 3, 14);
      await runAt(p, manila('2027-03-12', 8));
      expect(await giftsOf(p, ana.id)).toEqual([]);
      await p.db.updateTable('rewards').set({ stock: 5 }).where('name', '=', 'birthday-cake-slice').execute();
      await runAt(p, manila('2027-03-13', 8));
      expect(await giftsOf(p, ana.id)).toHaveLength(1);
      expect((await p.db.selectFrom('rewards').select('stock').where('name', '=', 'birthday-cake-slice').executeTakeFirstOrThrow()).stock).toBe(4);
    });

    it('gives nothing when the owner turned it off', async () => {
      await settings({ birthday_reward: 'off' }).expect(200);
      const ana = await bornOn(p, 'Ana Reyes', 3, 14);
      await runAt(p, manila('2027-03-14', 8));
      expect(await pointsOf(p, ana.id)).toBe(0);
      expect(await giftsOf(p, ana.id)).toEqual([]);
    });
  });
});

describePostgres('birthdays under concurrency', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  beforeAll(async () => {
    await resetRules(p, { birthday_points: 75 });
  });

  it('20 runs at once (instances, retries) give each of 10 customers their points once', async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, (_, i) => bornOn(p, `Guest ${i}`, 6, 1)));
    p.clock.set(manila('2027-06-01', 10));
    const given = await Promise.all(Array.from({ length: 20 }, () => giveBirthdayTreats(p.ctx)));
    expect(given.reduce((a, b) => a + b, 0)).toBe(10);
    for (const c of customers) {
      expect(await pointsOf(p, c.id)).toBe(75);
      expect(await giftsOf(p, c.id)).toHaveLength(1);
    }
    const ledger = await p.db
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.sum<number>('points').as('total'))
      .where('ref', '=', 'birthday:2027')
      .executeTakeFirstOrThrow();
    expect(Number(ledger.total)).toBe(750);
  });
});
