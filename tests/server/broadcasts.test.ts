import { beforeEach, expect, it } from 'vitest';
import { recordingMailer } from './mailer.helpers';
import { sendDueBroadcasts } from '../../server/provider/campaigns/broadcasts.service';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { newStaff, type TestStaff } from './merchant.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { campaignsApi, campaignsConsoleApi } from '#contract/campaigns.calls';
import { tiersConsoleApi } from '#contract/tiers.calls';
import { to } from '#contract/routes';
import { callApi } from '../support/calls';

/**
 * One-off broadcasts: an owner counts who a message reaches and sends it now; the background job
 * reaches each customer who takes offers once (however often it runs, or runs at once), never the
 * unsubscribed nor the erased, gives a reward's voucher once, e-mails verified addresses, and the
 * console lists the broadcast with its counts. Owners only, audited, bad input named, a double click
 * (the same idempotency key) sends one broadcast.
 */

const notices = (p: TestProvider, customerId?: number) => {
  let q = p.db.selectFrom('notifications').select(['customer_id', 'title', 'body', 'link']).where('type', '=', 'campaign');
  if (customerId !== undefined) q = q.where('customer_id', '=', customerId);
  return q.orderBy('id').execute();
};
const reached = async (p: TestProvider) => [...new Set((await notices(p)).map((n) => n.customer_id))].sort((a, b) => a - b);
const rewardId = async (p: TestProvider, name: string) => (await p.db.selectFrom('rewards').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
/** the customers the shop had before the test's (the seed's, if any): they take offers too */
const others = async (p: TestProvider, mine: number[]) =>
  (await p.db.selectFrom('customers').select('id').where('erased_at', 'is', null).execute()).map((c) => c.id).filter((id) => !mine.includes(id));

describeDb('broadcasts', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  let staff: TestStaff;
  let mailer: ReturnType<typeof recordingMailer>;
  let key = 0;
  beforeEach(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner', name: 'Olivia Owner' });
    staff = await newStaff(p.db, p.clock, { role: 'staff' });
    mailer = recordingMailer();
    p.ctx.mailer = mailer;
    clearMerchantCache();
  });
  const send = (body: Record<string, unknown>, token = owner.token) =>
    callApi(p, campaignsConsoleApi.broadcast, {
      token,
      body: { idempotency_key: `k${++key}`, title: 'Hello {name}', body: 'New pastries today, {name}!', ...body },
    });
  const audience = (tier?: number, token = owner.token) =>
    callApi(p, campaignsConsoleApi.broadcastAudience, { token, query: tier === undefined ? {} : { tier } });

  it('counts, sends to every customer who takes offers once, never the unsubscribed or the erased, and lists it', async () => {
    const ana = await p.newCustomer({ name: 'Ana Reyes' });
    const ben = await p.newCustomer({ name: 'Ben Cruz' });
    const out = await p.newCustomer({ name: 'Cara Lim' });
    const erased = await p.newCustomer({ name: 'Dan Uy' });
    const seeded = await others(p, [ana.id, ben.id, out.id, erased.id]);
    await callApi(p, campaignsApi.unsubscribe, { token: out.token, body: { subscribed: false } }).expect(200);
    // an erased account: its unsubscribe row goes with it, yet it is no one to write to
    await p.db.updateTable('customers').set({ name: 'Deleted customer', phone: null, erased_at: p.clock.now() }).where('id', '=', erased.id).execute();
    await p.db.updateTable('customers').set({ email: 'ana@example.test', email_verified_at: p.clock.now() }).where('id', '=', ana.id).execute();

    expect((await audience().expect(200)).body.data).toEqual({ customers: seeded.length + 2 });
    const res = await send({}).expect(201);
    expect(res.body.data).toMatchObject({
      title: 'Hello {name}',
      status: 'sending',
      audience: seeded.length + 2,
      sent: 0,
      sent_by: 'Olivia Owner',
      tier: null,
      reward: null,
    });
    // nothing yet: the job sends it
    expect(await reached(p)).toEqual([]);

    const first = await sendDueBroadcasts(p.ctx);
    expect(first).toMatchObject({ sent: seeded.length + 2, emailed: 1, finished: 1 });
    expect(await reached(p)).toEqual([...seeded, ana.id, ben.id].sort((a, b) => a - b));
    expect(await notices(p, ana.id)).toEqual([{ customer_id: ana.id, title: 'Hello Ana', body: 'New pastries today, Ana!', link: '/home' }]);
    expect(mailer.mails.map((m) => [m.to, m.subject])).toEqual([['ana@example.test', 'Hello Ana']]);
    expect(mailer.mails[0]!.text).toMatch(/No more offers: http/);

    // run again (a retry): nothing more
    expect(await sendDueBroadcasts(p.ctx)).toEqual({ sent: 0, emailed: 0, finished: 0 });
    await p.db.updateTable('broadcasts').set({ status: 'sending' }).execute();
    expect((await sendDueBroadcasts(p.ctx)).sent).toBe(0);
    expect(await notices(p)).toHaveLength(seeded.length + 2);

    const list = (await callApi(p, campaignsConsoleApi.broadcasts, { token: staff.token }).expect(200)).body.data;
    expect(list.broadcasts).toHaveLength(1);
    expect(list.broadcasts[0]).toMatchObject({ status: 'sent', sent: seeded.length + 2, opened: 0 });
    const audit = await p.db.selectFrom('audit_log').select(['action', 'staff_id', 'after']).where('action', '=', 'broadcast.send').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staff_id).toBe(owner.id);
    expect(audit[0]!.after).toMatchObject({ title: 'Hello {name}', audience: seeded.length + 2 });
  });

  it('gives a reward as a voucher once per customer, narrowed to a tier', async () => {
    const ana = await p.newCustomer({ name: 'Ana' });
    const ben = await p.newCustomer({ name: 'Ben' });
    await callApi(p, tiersConsoleApi.update, {
      token: owner.token,
      body: {
        enabled: true,
        basis: 'points',
        tiers: [
          { name: 'Bean', threshold: 0 },
          { name: 'Brew', threshold: 300 },
        ],
      },
    }).expect(200);
    await p.db
      .insertInto('customer_tiers')
      .values({ customer_id: ben.id, position: 1, reached_at: p.clock.now(), held_until: null, notice_sent_at: null, updated_at: p.clock.now() })
      .execute();
    const list = (await callApi(p, campaignsConsoleApi.broadcasts, { token: owner.token }).expect(200)).body.data;
    expect(list.tiers).toEqual([
      { position: 0, name: 'Bean' },
      { position: 1, name: 'Brew' },
    ]);
    expect((await audience(1).expect(200)).body.data).toEqual({ customers: 1 });
    expect((await audience(5).expect(400)).body.error.fields.tier).toBe('must be one of your tiers');

    const croissant = await rewardId(p, 'butter-croissant');
    const res = await send({ tier: 1, reward_id: croissant }).expect(201);
    expect(res.body.data).toMatchObject({ tier: 'Brew', reward: expect.any(String), audience: 1 });
    await Promise.all([sendDueBroadcasts(p.ctx), sendDueBroadcasts(p.ctx)]);
    await sendDueBroadcasts(p.ctx);
    expect(await reached(p)).toEqual([ben.id]);
    const vouchers = await p.db.selectFrom('vouchers').select(['customer_id', 'id']).where('source', '=', 'campaign').execute();
    expect(vouchers.map((v) => v.customer_id)).toEqual([ben.id]);
    expect((await notices(p, ben.id))[0]!.link).toBe(to.voucher(vouchers[0]!.id));
    expect(await notices(p, ana.id)).toEqual([]);
  });

  it('names bad input, refuses a retired reward, and sends one broadcast for one key', async () => {
    await p.newCustomer({ name: 'Ana' });
    const long = await send({ title: 'x'.repeat(81), body: '' }).expect(400);
    expect(long.body.error.fields).toMatchObject({ title: 'must be at most 80 characters', body: 'is required' });
    expect((await send({ body: 'y'.repeat(301) }).expect(400)).body.error.fields.body).toBe('must be at most 300 characters');
    expect((await send({ body: 'You have {points} points' }).expect(400)).body.error.fields.body).toBe('must use only {name}: {points} is not one');
    expect((await send({ title: 'Two\nlines' }).expect(400)).body.error.fields.title).toBe('must be one line');
    expect((await send({ reward_id: 999_999 }).expect(400)).body.error.fields.reward_id).toMatch(/no reward 999999/);
    const retired = await rewardId(p, 'butter-croissant');
    await p.db.updateTable('rewards').set({ active: false }).where('id', '=', retired).execute();
    expect((await send({ reward_id: retired }).expect(400)).body.error.fields.reward_id).toMatch(/retired/);

    const body = { idempotency_key: 'double-click', title: 'Once', body: 'Only once' };
    const a = await callApi(p, campaignsConsoleApi.broadcast, { token: owner.token, body }).expect(201);
    const b = await callApi(p, campaignsConsoleApi.broadcast, { token: owner.token, body }).expect(201);
    expect(b.body.data.id).toBe(a.body.data.id);
    await callApi(p, campaignsConsoleApi.broadcast, { token: owner.token, body: { ...body, body: 'Another' } }).expect(422);
    expect(await p.db.selectFrom('broadcasts').select('id').execute()).toHaveLength(1);
  });

  it('is for owners: staff read the list but cannot count or send', async () => {
    await send({}, staff.token).expect(403);
    await audience(undefined, staff.token).expect(403);
    await callApi(p, campaignsConsoleApi.broadcasts, { token: staff.token }).expect(200);
    await callApi(p, campaignsConsoleApi.broadcasts).expect(401);
    expect(await p.db.selectFrom('broadcasts').select('id').execute()).toEqual([]);
  });
});

describePostgres('broadcasts on PostgreSQL, at once', () => {
  const p = useTestProvider('postgres', { reset: true, poolSize: 10 });
  it('many requests with one key make one broadcast, and jobs at once reach each customer once', async () => {
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const customers = await Promise.all(Array.from({ length: 12 }, (_, i) => p.newCustomer({ name: `Guest ${i}` })));
    const seeded = await others(
      p,
      customers.map((c) => c.id),
    );
    const body = { idempotency_key: 'same-click', title: 'Hi {name}', body: 'Two for one today' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => callApi(p, campaignsConsoleApi.broadcast, { token: owner.token, body })));
    const ok = answers.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThan(0);
    // a repeat answers the first's broadcast, or 409 while the first is still running
    for (const r of answers) expect([201, 409]).toContain(r.status);
    expect(new Set(ok.map((r) => r.body.data.id)).size).toBe(1);
    expect(await p.db.selectFrom('broadcasts').select('id').execute()).toHaveLength(1);
    const runs = await Promise.all(Array.from({ length: 5 }, () => sendDueBroadcasts(p.ctx)));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(12 + seeded.length);
    expect(await reached(p)).toEqual([...seeded, ...customers.map((c) => c.id)].sort((a, b) => a - b));
    expect(await notices(p)).toHaveLength(12 + seeded.length);
  });
});
