import { beforeEach, describe, expect, it } from 'vitest';
import type { CampaignKind } from '../../src/contract/campaigns';
import { DAY, HOUR } from '../../server/lib/clock';
import type { MailOptions, MailSender } from '../../server/provider/auth/sender';
import { runCampaigns } from '../../server/provider/campaigns/campaigns.run';
import { runHourlyJobs } from '../../server/provider/jobs';
import { earnPoints } from '../../server/provider/points/points.ledger';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { eraseCustomerRows } from '../../server/provider/privacy/privacy.repo';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeDb, describePostgres, TEST_PUBLIC_URL, useTestProvider, type TestProvider } from './support/provider';
import { campaignsApi, campaignsConsoleApi } from '#contract/campaigns.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { callApi, rawCall, undeclared } from '../support/calls';

/**
 * Automatic campaigns (issue 31): the console (staff read, owners change, audited, bad input named), each
 * kind's selection (known answers: the right customers and only them), once per period across repeated
 * and concurrent runs, never at night in the shop's time zone (Manila), nothing for the unsubscribed, a
 * reward's voucher once, e-mail only to verified addresses with a working unsubscribe link, and the stats.
 */

/** Manila is UTC+8 all year. */
const manila = (isoDate: string, hour = 0) => new Date(Date.parse(`${isoDate}T00:00:00Z`) - 8 * HOUR + hour * HOUR);
const DAY_ONE = '2027-03-10';

interface Mail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** The test's mail service: what was e-mailed, in memory (a fake of the SMTP server). */
function recordingMailer(): MailSender & { mails: Mail[] } {
  const mails: Mail[] = [];
  return {
    mails,
    channel: { kind: 'outbox' },
    async sendEmail(to: string, subject: string, text: string, o?: MailOptions) {
      mails.push({ to, subject, text, headers: o?.headers ?? {} });
    },
  };
}

let seq = 0;
async function order(p: TestProvider, customerId: number, at: Date, status = 'completed') {
  await p.db
    .insertInto('orders')
    .values({
      name: `CMP${++seq}`,
      customer_id: customerId,
      status,
      fulfilment: 'pickup',
      payment_method: 'wallet',
      subtotal: 10_000,
      discount: 0,
      delivery_fee: 0,
      total: 10_000,
      created_at: at,
      paid_at: at,
      updated_at: at,
    })
    .execute();
}

const campaignNotices = (p: TestProvider, customerId?: number) => {
  let q = p.db.selectFrom('notifications').select(['customer_id', 'title', 'body', 'link']).where('type', '=', 'campaign');
  if (customerId !== undefined) q = q.where('customer_id', '=', customerId);
  return q.orderBy('id').execute();
};
const reached = async (p: TestProvider) => [...new Set((await campaignNotices(p)).map((n) => n.customer_id))].sort((a, b) => a - b);
const sends = (p: TestProvider, kind: CampaignKind) => p.db.selectFrom('campaign_sends').selectAll().where('campaign', '=', kind).orderBy('id').execute();
const rewardId = async (p: TestProvider, name: string) => (await p.db.selectFrom('rewards').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describeDb('campaigns', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  let staff: TestStaff;
  let mailer: ReturnType<typeof recordingMailer>;
  beforeEach(async () => {
    p.clock.set(manila(DAY_ONE, 10));
    await p.db
      .updateTable('merchants')
      .set({ rules: JSON.stringify({ timezone: 'Asia/Manila', points_expiry_days: 3650 }) })
      .execute();
    clearMerchantCache();
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    staff = await newStaff(p.db, p.clock, { role: 'staff' });
    mailer = recordingMailer();
    p.ctx.mailer = mailer;
  });
  const update = (body: Record<string, unknown>, token = owner.token) => callApi(p, campaignsConsoleApi.update, { token, body });
  const turnOn = async (k: CampaignKind, o: Record<string, unknown> = {}) => {
    // a session of now (the clock jumps past a staff session's life)
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const current = (await callApi(p, campaignsConsoleApi.campaigns, { token: owner.token }).expect(200)).body.data.campaigns.find(
      (c: { kind: string }) => c.kind === k,
    );
    return update({ kind: k, enabled: true, title: current.title, body: current.body, reward_id: null, timing: current.timing, ...o }).expect(200);
  };
  const runAt = async (at: Date) => {
    p.clock.set(at);
    return runCampaigns(p.ctx);
  };

  describe('the console', () => {
    it('lists the five campaigns, off, for staff; an owner changes one, audited in words', async () => {
      const list = (await callApi(p, campaignsConsoleApi.campaigns, { token: staff.token }).expect(200)).body.data;
      expect(list.campaigns.map((c: { kind: string; enabled: boolean }) => [c.kind, c.enabled])).toEqual([
        ['welcome', false],
        ['win_back', false],
        ['nearly_there', false],
        ['points_expiring', false],
        ['birthday', false],
      ]);
      expect(list.timezone).toBe('Asia/Manila');
      const croissant = await rewardId(p, 'butter-croissant');
      const saved = await update({
        kind: 'win_back',
        enabled: true,
        title: 'We miss you, {name}',
        body: 'Here is {reward} on us. You have {points} points.',
        reward_id: croissant,
        timing: 45,
      }).expect(200);
      const wb = saved.body.data.campaigns.find((c: { kind: string }) => c.kind === 'win_back');
      expect(wb).toMatchObject({
        enabled: true,
        timing: 45,
        reward: { id: croissant, title: 'Free butter croissant', active: true },
        stats: { sent: 0, opened: 0, orders: 0 },
      });
      const audit = await p.db.selectFrom('audit_log').select(['action', 'target', 'before', 'after']).where('action', '=', 'campaign.update').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ target: 'campaign:win_back' });
      const after = typeof audit[0]!.after === 'string' ? JSON.parse(audit[0]!.after) : audit[0]!.after;
      expect(after).toMatchObject({ name: 'Win-back', enabled: true, reward: 'Free butter croissant', timing: 45, unit: 'days' });
      // staff read only
      const refused = await update({ kind: 'win_back', enabled: false, title: 'x', body: 'y', timing: 45 }, staff.token).expect(403);
      expect(refused.body.error.code).toBe('ROLE_FORBIDDEN');
    });

    const BAD: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['an unknown placeholder', { kind: 'welcome', body: 'Hi {nmae}' }, 'body', /only \{name\} or \{points\}: \{nmae\} is not one/],
      ['{reward} without a reward', { kind: 'win_back', title: 'Get {reward}' }, 'title', /must not use \{reward\} without a reward/],
      ['win-back after 3 days', { kind: 'win_back', timing: 3 }, 'timing', /must be 7 to 365 days/],
      ['a welcome delay of 200 hours', { kind: 'welcome', timing: 200 }, 'timing', /must be 0 to 168 hours/],
      ['a birthday reward', { kind: 'birthday', reward_id: 1 }, 'reward_id', /birthday treat is set in the loyalty rules/],
      ['a nearly-there reward', { kind: 'nearly_there', reward_id: 1, timing: 50 }, 'reward_id', /the one within reach/],
      ['an unknown kind', { kind: 'flash_sale' }, 'kind', /must be one of welcome/],
      ['an empty title', { kind: 'welcome', title: '  ' }, 'title', /is required/],
      ['a text of 301 characters', { kind: 'welcome', body: 'x'.repeat(301) }, 'body', /at most 300 characters/],
      ['a reward that does not exist', { kind: 'welcome', reward_id: 99999 }, 'reward_id', /there is no reward 99999/],
      ['enabled as text', { kind: 'welcome', enabled: 'yes' }, 'enabled', /true or false/],
    ];
    it.each(BAD)('refuses %s with a 400 naming the field', async (_, o, field, message) => {
      const res = await update({ kind: 'welcome', enabled: true, title: 'Hello', body: 'Welcome', reward_id: null, timing: 24, ...o }).expect(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields[field]).toMatch(message);
      expect(await p.db.selectFrom('campaigns').select('kind').where('enabled', '=', true).execute()).toEqual([]);
    });

    it('refuses a retired reward', async () => {
      const cake = await rewardId(p, 'birthday-cake-slice');
      await p.db.updateTable('rewards').set({ active: false }).where('id', '=', cake).execute();
      const res = await update({ kind: 'welcome', enabled: true, title: 'Hi', body: 'Hello', reward_id: cake, timing: 1 }).expect(400);
      expect(res.body.error.fields.reward_id).toMatch(/is retired/);
    });
  });

  describe('win-back', () => {
    it('reaches the lapsed customers once, not at night, and the unsubscribed never', async () => {
      const lapsed = await p.newCustomer({ name: 'Ana Reyes', points: 40 });
      const recent = await p.newCustomer({ name: 'Ben Cruz' });
      const never = await p.newCustomer({ name: 'Cara Lim' });
      const gone = await p.newCustomer({ name: 'Dan Uy' });
      const cancelledOnly = await p.newCustomer({ name: 'Eva Tan' });
      await order(p, lapsed.id, new Date(p.clock.now().getTime() - 40 * DAY));
      await order(p, recent.id, new Date(p.clock.now().getTime() - 40 * DAY));
      await order(p, recent.id, new Date(p.clock.now().getTime() - 10 * DAY));
      await order(p, gone.id, new Date(p.clock.now().getTime() - 40 * DAY));
      await order(p, cancelledOnly.id, new Date(p.clock.now().getTime() - 50 * DAY));
      // a cancelled order does not end the lapse
      await order(p, cancelledOnly.id, new Date(p.clock.now().getTime() - 2 * DAY), 'cancelled');
      await callApi(p, campaignsApi.unsubscribe, { token: gone.token, body: { subscribed: false } }).expect(200);
      await turnOn('win_back', { timing: 30 });

      // 23:00 in Manila (15:00 UTC): nothing, whatever is due
      expect((await runAt(manila(DAY_ONE, 23))).skipped).toBe('night');
      expect((await runAt(manila('2027-03-11', 8))).skipped).toBe('night');
      expect(await reached(p)).toEqual([]);
      // 09:00 the next morning
      const r = await runAt(manila('2027-03-11', 9));
      expect(r).toMatchObject({ skipped: null, sent: { win_back: 2 } });
      expect(await reached(p)).toEqual([lapsed.id, cancelledOnly.id]);
      expect((await campaignNotices(p, lapsed.id))[0]).toEqual({
        customer_id: lapsed.id,
        title: 'We miss you, Ana',
        body: 'It has been a while. Come back for your favourites: you have 40 points waiting.',
        link: '/shop',
      });
      // later runs, the same lapse: nothing again
      await runAt(manila('2027-03-11', 14));
      await runAt(manila('2027-03-20', 10));
      expect(await sends(p, 'win_back')).toHaveLength(2);
      // Ana orders again; Ben's last order (28 February) is 30 days old on 30 March
      await order(p, lapsed.id, manila('2027-03-21', 12));
      await runAt(manila('2027-03-29', 12));
      expect(await sends(p, 'win_back')).toHaveLength(2);
      await runAt(manila('2027-04-10', 12));
      expect((await sends(p, 'win_back')).map((s) => s.customer_id)).toEqual([lapsed.id, cancelledOnly.id, recent.id]);
      // Ana lapses again: a second message for her
      await runAt(manila('2027-04-22', 12));
      expect((await sends(p, 'win_back')).map((s) => s.customer_id)).toEqual([lapsed.id, cancelledOnly.id, recent.id, lapsed.id]);
      expect(await reached(p)).not.toContain(never.id);
      expect(await reached(p)).not.toContain(gone.id);
    });

    it("speaks each customer's language while the shop offers it, else the shop's default", async () => {
      await p.db
        .updateTable('merchants')
        .set({ rules: JSON.stringify({ timezone: 'Asia/Manila', points_expiry_days: 3650, languages: ['en', 'fil'], language_default: 'en' }) })
        .execute();
      clearMerchantCache();
      const filipino = await p.newCustomer({ name: 'Ana Reyes' });
      const unchosen = await p.newCustomer({ name: 'Ben Cruz' });
      const notOffered = await p.newCustomer({ name: 'Cara Lim' });
      await p.db.updateTable('customers').set({ language: 'fil' }).where('id', '=', filipino.id).execute();
      await p.db.updateTable('customers').set({ language: 'id' }).where('id', '=', notOffered.id).execute();
      for (const c of [filipino, unchosen, notOffered]) await order(p, c.id, new Date(p.clock.now().getTime() - 40 * DAY));
      await turnOn('win_back', { timing: 30, translations: { fil: { title: 'Na-miss ka namin, {name}' }, id: { title: 'Kami rindu, {name}' } } });
      await runAt(manila('2027-03-11', 9));
      const titles = async (id: number) => (await campaignNotices(p, id)).map((n) => n.title);
      expect(await titles(filipino.id)).toEqual(['Na-miss ka namin, Ana']);
      expect(await titles(unchosen.id)).toEqual(['We miss you, Ben']);
      // Indonesian is not offered: the shop's default, though the owner wrote an Indonesian title
      expect(await titles(notOffered.id)).toEqual(['We miss you, Cara']);
    });

    it('never reaches an erased customer, though erasure takes their unsubscribe row with the rest', async () => {
      const lapsed = await p.newCustomer({ name: 'Ana Reyes' });
      const erased = await p.newCustomer({ name: 'Dan Uy' });
      for (const c of [lapsed, erased]) await order(p, c.id, new Date(p.clock.now().getTime() - 40 * DAY));
      await callApi(p, campaignsApi.unsubscribe, { token: erased.token, body: { subscribed: false } }).expect(200);
      const subscribers = async () => (await callApi(p, campaignsConsoleApi.campaigns, { token: staff.token }).expect(200)).body.data.subscribers;
      const before = await subscribers();
      const row = await p.db.selectFrom('customers').select(['id', 'phone', 'email']).where('id', '=', erased.id).executeTakeFirstOrThrow();
      await p.db.transaction().execute((trx) => eraseCustomerRows(trx, row, p.clock.now()));
      // the page's "N customers get them" does not count them again either
      expect(await subscribers()).toBe(before);
      await turnOn('win_back', { timing: 30 });
      expect((await runAt(manila('2027-03-11', 10))).sent.win_back).toBe(1);
      expect(await reached(p)).toEqual([lapsed.id]);
    });

    it('gives its reward as a voucher once, however many runs at once', async () => {
      const customers = await Promise.all(Array.from({ length: 6 }, (_, i) => p.newCustomer({ name: `Guest ${i}` })));
      for (const c of customers) await order(p, c.id, new Date(p.clock.now().getTime() - 60 * DAY));
      const croissant = await rewardId(p, 'butter-croissant');
      await turnOn('win_back', { timing: 30, reward_id: croissant, body: 'Come back: {reward} is on us.' });
      const results = await Promise.all(Array.from({ length: 8 }, () => runCampaigns(p.ctx)));
      expect(results.reduce((n, r) => n + r.sent.win_back, 0)).toBe(6);
      const vouchers = await p.db
        .selectFrom('vouchers')
        .select(['customer_id', 'reward_id', 'source'])
        .where('source', '=', 'campaign')
        .orderBy('customer_id')
        .execute();
      expect(vouchers).toEqual(
        customers
          .map((c) => c.id)
          .sort((a, b) => a - b)
          .map((id) => ({ customer_id: id, reward_id: croissant, source: 'campaign' })),
      );
      const notices = await campaignNotices(p, customers[0]!.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.body).toBe('Come back: Free butter croissant is on us.');
      expect(notices[0]!.link).toMatch(/^\/reward\/storage\/active\?voucher=\d+$/);
      const rows = await sends(p, 'win_back');
      expect(rows.every((s) => s.voucher_id !== null && s.notification_id !== null)).toBe(true);
    });

    it('sends nothing when its reward is sold out, and tries again later', async () => {
      const c = await p.newCustomer();
      await order(p, c.id, new Date(p.clock.now().getTime() - 60 * DAY));
      const seat = await rewardId(p, 'barista-masterclass-seat');
      await turnOn('win_back', { timing: 30, reward_id: seat });
      await p.db.updateTable('rewards').set({ stock: 0 }).where('id', '=', seat).execute();
      expect((await runCampaigns(p.ctx)).sent.win_back).toBe(0);
      expect(await sends(p, 'win_back')).toEqual([]);
      await p.db.updateTable('rewards').set({ stock: 1 }).where('id', '=', seat).execute();
      expect((await runCampaigns(p.ctx)).sent.win_back).toBe(1);
    });
  });

  describe('welcome', () => {
    it('greets those who signed up since it was turned on, after the delay, once', async () => {
      const before = await p.newCustomer({ name: 'Old Timer' });
      p.clock.advance(HOUR);
      await turnOn('welcome', { timing: 24 });
      p.clock.advance(HOUR);
      const fresh = await p.newCustomer({ name: 'Nina Santos' });
      await runAt(manila(DAY_ONE, 14));
      expect(await reached(p)).toEqual([]);
      await runAt(manila('2027-03-11', 13));
      expect(await reached(p)).toEqual([fresh.id]);
      expect((await campaignNotices(p))[0]!.title).toBe('Welcome, Nina!');
      await runAt(manila('2027-03-12', 13));
      expect(await sends(p, 'welcome')).toHaveLength(1);
      expect(await reached(p)).not.toContain(before.id);
    });
  });

  describe('nearly there', () => {
    it('tells the customers within N points of a reward they cannot afford, once per reward per 30 days', async () => {
      const near = await p.newCustomer({ name: 'Ana', points: 100 }); // croissant 120: 20 away
      const farther = await p.newCustomer({ name: 'Ben', points: 10 }); // cake 50: 40 away
      const cake = await p.newCustomer({ name: 'Cara', points: 30 }); // cake 50: 20 away
      const rich = await p.newCustomer({ name: 'Dan', points: 200 }); // latte 300: 100 away
      const none = await p.newCustomer({ name: 'Eva' });
      await turnOn('nearly_there', { timing: 30 });
      await runAt(manila(DAY_ONE, 11));
      expect(await reached(p)).toEqual([near.id, cake.id]);
      expect((await campaignNotices(p, near.id))[0]!.body).toBe('Just 20 more points and Free butter croissant is yours.');
      expect((await campaignNotices(p, cake.id))[0]!.body).toBe('Just 20 more points and Birthday cake slice is yours.');
      await runAt(manila('2027-03-25', 11));
      expect(await sends(p, 'nearly_there')).toHaveLength(2);
      // 31 days on, still short of the same reward: told again
      await runAt(manila('2027-04-11', 11));
      expect((await sends(p, 'nearly_there')).map((s) => s.customer_id)).toEqual([near.id, cake.id, near.id, cake.id]);
      expect(await reached(p)).not.toContain(farther.id);
      expect(await reached(p)).not.toContain(rich.id);
      expect(await reached(p)).not.toContain(none.id);
    });
    it('says nothing of a reward a higher tier redeems first', async () => {
      const ana = await p.newCustomer({ name: 'Ana', points: 100 }); // croissant 120: 20 away, but Brew's early
      const croissant = await rewardId(p, 'butter-croissant');
      await p.db
        .updateTable('tiers')
        .set({ early_reward_ids: JSON.stringify([croissant]) })
        .where('name', '=', 'Brew')
        .execute();
      await turnOn('nearly_there', { timing: 30 });
      await runAt(manila(DAY_ONE, 11));
      expect(await reached(p)).not.toContain(ana.id);
      await p.db.updateTable('tiers').set({ early_reward_ids: '[]' }).where('name', '=', 'Brew').execute();
      await runAt(manila(DAY_ONE, 12));
      expect(await reached(p)).toContain(ana.id);
    });

    it("rings under the customer's 'rewards' push switch, not 'campaigns', and records its notice", async () => {
      const ana = await p.newCustomer({ name: 'Ana', points: 100 });
      const now = p.clock.now();
      const sub = await p.db
        .insertInto('push_subscriptions')
        .values({ customer_id: ana.id, endpoint: 'https://push.example.com/ana', p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22), created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await p.db
        .insertInto('push_preferences')
        .values({ customer_id: ana.id, order_status: true, points: true, rewards: true, expiring: true, campaigns: false, updated_at: now })
        .execute();
      await turnOn('nearly_there', { timing: 30 });
      await runAt(manila(DAY_ONE, 11));
      const [send] = await sends(p, 'nearly_there');
      const deliveries = await p.db.selectFrom('push_deliveries').selectAll().where('subscription_id', '=', sub.id).execute();
      expect(deliveries.map((d) => [d.kind, d.notification_id])).toEqual([['rewards', send!.notification_id]]);
      const notices = await p.db.selectFrom('notifications').select('id').where('customer_id', '=', ana.id).where('type', '=', 'campaign').execute();
      expect(notices.map((n) => n.id)).toEqual([send!.notification_id]);
    });
  });

  describe('points expiring', () => {
    it('announces points expiring within N days once per batch, instead of the points job notice', async () => {
      const soon = await p.newCustomer({ name: 'Ana' });
      const later = await p.newCustomer({ name: 'Ben' });
      await p.db.transaction().execute(async (trx) => {
        await earnPoints(trx, p.clock, soon.id, 35, { reason: 'Test' }, 5);
        await earnPoints(trx, p.clock, later.id, 80, { reason: 'Test' }, 20);
      });
      await turnOn('points_expiring', { timing: 7 });
      await runHourlyJobs(p.ctx);
      expect(await reached(p)).toEqual([soon.id]);
      expect((await campaignNotices(p, soon.id))[0]!.body).toBe('35 points expire soon. Use them before they go!');
      // the points job's own notice is not sent while the campaign is on
      expect(await p.db.selectFrom('notifications').select('id').where('type', '=', 'points_expiring').execute()).toEqual([]);
      await runHourlyJobs(p.ctx);
      expect(await sends(p, 'points_expiring')).toHaveLength(1);
      // Ben's lot comes within 7 days
      await runAt(manila('2027-03-24', 10));
      expect(await reached(p)).toEqual([soon.id, later.id]);
    });

    it('leaves the notice to the points job while off (at night too), and then does not repeat it', async () => {
      const c = await p.newCustomer();
      await p.db.transaction().execute((trx) => earnPoints(trx, p.clock, c.id, 35, { reason: 'Test' }, 5));
      p.clock.set(manila(DAY_ONE, 23));
      await runHourlyJobs(p.ctx);
      expect(await p.db.selectFrom('notifications').select('type').where('customer_id', '=', c.id).execute()).toEqual([{ type: 'points_expiring' }]);
      await turnOn('points_expiring', { timing: 7 });
      await runAt(manila('2027-03-11', 10));
      expect(await reached(p)).toEqual([]);
    });
  });

  describe('birthday', () => {
    it('sends its text on the day in Manila, once a year, and gives no second treat', async () => {
      const born = await p.newCustomer({ name: 'Ana Reyes' });
      const other = await p.newCustomer({ name: 'Ben' });
      await p.db
        .updateTable('customers')
        .set({ birth_month: 3, birth_day: 11, birthday_changed_at: new Date('2020-01-01T00:00:00Z') })
        .where('id', '=', born.id)
        .execute();
      await p.db
        .updateTable('customers')
        .set({ birth_month: 3, birth_day: 12, birthday_changed_at: new Date('2020-01-01T00:00:00Z') })
        .where('id', '=', other.id)
        .execute();
      await turnOn('birthday');
      await runAt(manila(DAY_ONE, 20));
      expect(await reached(p)).toEqual([]);
      await runAt(manila('2027-03-11', 9));
      await runAt(manila('2027-03-11', 15));
      expect(await reached(p)).toEqual([born.id]);
      expect((await sends(p, 'birthday'))[0]).toMatchObject({ period: 'year:2027', voucher_id: null });
      expect(await p.db.selectFrom('vouchers').select('id').where('source', '=', 'campaign').execute()).toEqual([]);
      await runAt(manila('2028-03-11', 10));
      expect((await sends(p, 'birthday')).map((s) => s.period)).toEqual(['year:2027', 'year:2028']);
    });
  });

  describe('e-mail and unsubscribe', () => {
    it('e-mails verified addresses only, with a link that unsubscribes without signing in', async () => {
      const verified = await p.newCustomer({ name: 'Ana' });
      const unverified = await p.newCustomer({ name: 'Ben' });
      await p.db.updateTable('customers').set({ email: 'ana@example.test', email_verified_at: p.clock.now() }).where('id', '=', verified.id).execute();
      await p.db.updateTable('customers').set({ email: 'ben@example.test', email_verified_at: null }).where('id', '=', unverified.id).execute();
      for (const c of [verified, unverified]) await order(p, c.id, new Date(p.clock.now().getTime() - 60 * DAY));
      await turnOn('win_back', { timing: 30 });
      const r = await runCampaigns(p.ctx);
      expect(r.sent.win_back).toBe(2);
      expect(r.emailed).toBe(1);
      expect(mailer.mails.map((m) => m.to)).toEqual(['ana@example.test']);
      const mail = mailer.mails[0]!;
      expect(mail.subject).toBe('We miss you, Ana');
      const link = /No more offers: (\S+)/.exec(mail.text)![1]!;
      // the unsubscribe page (a GET no declaration has)
      expect(link.startsWith(`${TEST_PUBLIC_URL}/api/${undeclared('campaign/unsubscribe')}?code=`)).toBe(true);
      expect(mail.headers['List-Unsubscribe']).toBe(`<${link}>`);
      expect((await sends(p, 'win_back')).map((s) => s.channel)).toEqual(['email', 'app']);
      const code = new URL(link).searchParams.get('code')!;

      // the hosted page asks first
      const page = await rawCall(p, 'get', 'campaign/unsubscribe', { query: { code } });
      expect(page.status, page.text).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('No more offers from');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      await rawCall(p, 'get', 'campaign/unsubscribe', { query: { code: `${code.slice(0, -2)}xx` } }).expect(404);
      // a code the shop did not sign, another customer's id with Ana's signature: 404, nothing changed
      await callApi(p, campaignsApi.unsubscribeLink, { body: { code: `${unverified.id.toString(36)}_${code.split('_')[1]}` } }).expect(404);
      await callApi(p, campaignsApi.unsubscribeLink, { body: { code: 'x' } }).expect(400);
      expect((await callApi(p, campaignsApi.preferences, { token: verified.token }).expect(200)).body.data).toEqual({ subscribed: true });
      const res = await callApi(p, campaignsApi.unsubscribeLink, { body: { code } }).expect(200);
      expect(res.body.data).toEqual({ subscribed: false });
      expect((await callApi(p, campaignsApi.preferences, { token: verified.token }).expect(200)).body.data).toEqual({ subscribed: false });
      expect((await callApi(p, campaignsApi.preferences, { token: unverified.token }).expect(200)).body.data).toEqual({ subscribed: true });

      // Ana orders and lapses again: no message now; she subscribes again in the profile, and gets the next one
      await order(p, verified.id, manila('2027-03-11', 12));
      await order(p, unverified.id, manila('2027-03-11', 12));
      expect((await runAt(manila('2027-04-20', 12))).sent.win_back).toBe(1);
      expect((await sends(p, 'win_back')).at(-1)!.customer_id).toBe(unverified.id);
      // (a session that outlasts the weeks the clock jumped)
      await p.db
        .updateTable('sessions')
        .set({ expires_at: new Date('2100-01-01T00:00:00Z') })
        .where('customer_id', '=', verified.id)
        .execute();
      await callApi(p, campaignsApi.unsubscribe, { token: verified.token, body: { subscribed: true } }).expect(200);
      expect((await runAt(manila('2027-04-20', 13))).sent.win_back).toBe(1);
    });

    it('needs a session for the profile calls', async () => {
      await callApi(p, campaignsApi.preferences).expect(401);
      await callApi(p, campaignsApi.unsubscribe, { body: { subscribed: false } }).expect(401);
      const c = await p.newCustomer();
      const bad = await callApi(p, campaignsApi.unsubscribe, { token: c.token, body: { subscribed: 'no' } }).expect(400);
      expect(bad.body.error.fields.subscribed).toMatch(/true or false/);
    });
  });

  describe('stats', () => {
    it('counts sent, opened (read in the app) and orders within 7 days after', async () => {
      const a = await p.newCustomer({ name: 'Ana' });
      const b = await p.newCustomer({ name: 'Ben' });
      const c = await p.newCustomer({ name: 'Cara' });
      for (const x of [a, b, c]) await order(p, x.id, new Date(p.clock.now().getTime() - 60 * DAY));
      await turnOn('win_back', { timing: 30 });
      await runCampaigns(p.ctx);
      const sent = p.clock.now().getTime();
      // Ana reads it and orders 3 days later; Ben orders 10 days later; Cara never reads it
      const notice = (await callApi(p, notificationsApi.list, { token: a.token }).expect(200)).body.data.items[0];
      await callApi(p, notificationsApi.read, { token: a.token, body: { ids: [notice.id] } }).expect(200);
      await order(p, a.id, new Date(sent + 3 * DAY));
      await order(p, b.id, new Date(sent + 10 * DAY));
      await order(p, c.id, new Date(sent + 5 * DAY), 'cancelled');
      const list = (await callApi(p, campaignsConsoleApi.campaigns, { token: staff.token }).expect(200)).body.data;
      expect(list.campaigns.find((x: { kind: string }) => x.kind === 'win_back').stats).toEqual({ sent: 3, opened: 1, orders: 1 });
      expect(list.campaigns.find((x: { kind: string }) => x.kind === 'welcome').stats).toEqual({ sent: 0, opened: 0, orders: 0 });
    });
  });
});

describePostgres('campaigns on PostgreSQL, instances at once', () => {
  const p = useTestProvider('postgres', { reset: true, poolSize: 10 });
  it('a win-back run on several connections at once reaches each lapsed customer once, and not at night', async () => {
    p.clock.set(manila(DAY_ONE, 22));
    await p.db
      .updateTable('merchants')
      .set({ rules: JSON.stringify({ timezone: 'Asia/Manila' }) })
      .execute();
    clearMerchantCache();
    const lapsed = await Promise.all(Array.from({ length: 12 }, (_, i) => p.newCustomer({ name: `Lapsed ${i}` })));
    const active = await p.newCustomer({ name: 'Regular' });
    for (const c of lapsed) await order(p, c.id, new Date(p.clock.now().getTime() - 45 * DAY));
    await order(p, active.id, new Date(p.clock.now().getTime() - 2 * DAY));
    await p.db.updateTable('campaigns').set({ enabled: true, timing: 30, enabled_at: p.clock.now() }).where('kind', '=', 'win_back').execute();
    // 22:00 in Manila: the hourly job sends nothing
    await runHourlyJobs(p.ctx);
    expect(await reached(p)).toEqual([]);
    p.clock.set(manila('2027-03-11', 9));
    // instances and retried runs at once: each takes its rows in transactions of its own
    const runs = await Promise.all(Array.from({ length: 6 }, () => runCampaigns(p.ctx)));
    expect(runs.reduce((n, r) => n + r.sent.win_back, 0)).toBe(12);
    expect(await reached(p)).toEqual(lapsed.map((c) => c.id).sort((a, b) => a - b));
    expect(await campaignNotices(p)).toHaveLength(12);
  });
});
