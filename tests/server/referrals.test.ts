import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { DAY } from '../../server/lib/clock';
import { runHourlyJobs } from '../../server/provider/jobs';
import { creditPendingPoints } from '../../server/provider/points/points.jobs';
import { settleDueReferrals } from '../../server/provider/referrals/referrals.service';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { newPhone, requestCode } from './auth.helpers';
import { newStaff, newStaffSession, type TestStaff } from './merchant.helpers';
import { completeOrder, key, ledgers, postWebhook, products, signature, unix } from './orders.helpers';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { authApi } from '#contract/auth.calls';
import { boardApi } from '#contract/board.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { ordersApi } from '#contract/orders.calls';
import { referralsApi, referralsConsoleApi } from '#contract/referrals.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { callApi } from '../support/calls';

/**
 * Referrals (issue 30): a friend who signs up with a customer's code and whose first paid order is
 * completed and past the hold gives both the shop's referral reward (100 points by default), once; a
 * cancelled first order never counts, the next one does; the same card refuses it, the same device holds it for review; over the
 * monthly cap the friend still gets theirs; an existing account is never a friend; the owner's void takes
 * the reward back. Six ₱165 lattes: a paid wallet order of 99 points.
 */

const newDevice = () => randomBytes(16).toString('base64url');

async function signUp(p: TestProvider, name: string, o: { code?: string; device?: string } = {}) {
  const phone = newPhone();
  const code = await requestCode(p, phone, 'login');
  const headers = o.device ? { 'x-device-id': o.device } : undefined;
  const verified = await callApi(p, authApi.otpVerify, { body: { phone, code, purpose: 'login' } }).expect(200);
  const res = await callApi(p, authApi.register, {
    headers,
    body: { registration_token: verified.body.data.registration_token, name, ...(o.code ? { referral_code: o.code } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const data = res.body.data as { token: string; customer: { id: number } };
  await p.db.updateTable('customers').set({ wallet_balance: 1_000_000 }).where('id', '=', data.customer.id).execute();
  return { id: data.customer.id, token: data.token, phone };
}

describeDb('referrals', (kind) => {
  const p = useTestProvider(kind);
  let owner: TestStaff;
  beforeAll(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
  });
  beforeEach(async () => {
    await p.db.updateTable('merchants').set({ rules: '{}' }).execute();
    clearMerchantCache();
    owner.token = (await newStaffSession(p.db, p.clock, owner.id)).token;
  });

  const settings = (body: Record<string, unknown>) => callApi(p, shopSettingsApi.update, { token: owner.token, body }).expect(200);
  const status = async (token: string) => {
    const res = await callApi(p, referralsApi.status, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { code: string; path: string; enabled: boolean; rewarded_this_month: number; referrals: { friend: string; status: string }[] };
  };
  const referralOf = (friendId: number) => p.db.selectFrom('referrals').selectAll().where('friend_id', '=', friendId).executeTakeFirst();
  const notes = async (token: string) =>
    ((await callApi(p, notificationsApi.list, { token })).body.data.items as { title: string; body: string }[]).map((n) => `${n.title}: ${n.body}`);

  async function paidOrder(c: { token: string }, device?: string) {
    const { latte } = await products(p);
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      headers: device ? { 'x-device-id': device } : undefined,
      body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.order as { name: string; total: number };
  }

  /** A referrer and a friend who signed up with their code, each on a device of their own. */
  async function pair(names = ['Ana Reyes', 'Ben Cruz']) {
    const referrer = await signUp(p, names[0]!, { device: newDevice() });
    const { code } = await status(referrer.token);
    const friend = await signUp(p, names[1]!, { code, device: newDevice() });
    return { referrer, friend, code };
  }

  it('the whole path: code, look-up, sign-up, paid → ordered, completed with no hold → both rewarded once', async () => {
    const referrer = await signUp(p, 'Ana Reyes', { device: newDevice() });
    const mine = await status(referrer.token);
    expect(mine.code).toMatch(/^[2-9A-HJKMNP-TV-Z]{8}$/);
    expect(mine).toMatchObject({ path: `/register?ref=${mine.code}`, enabled: true, rewarded_this_month: 0, referrals: [] });
    expect((await status(referrer.token)).code).toBe(mine.code);
    const lookup = await callApi(p, referralsApi.lookup, { query: { code: mine.code.toLowerCase() } });
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    expect(lookup.body.data).toEqual({ referrer: 'Ana', reward: { kind: 'points', points: 100, title: null } });

    const friend = await signUp(p, 'Ben Cruz', { code: mine.code, device: newDevice() });
    expect(await referralOf(friend.id)).toMatchObject({ referrer_id: referrer.id, status: 'signed_up' });
    const order = await paidOrder(friend);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'ordered' });
    await completeOrder(p, order.name);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'rewarded', friend_points: 100, referrer_points: 100 });
    expect(await ledgers(p, referrer.id)).toMatchObject({ points: 100, pointsSum: 100 });
    expect(await ledgers(p, friend.id)).toMatchObject({ points: 199, pointsSum: 199 });
    expect(
      await p.db
        .selectFrom('points_ledger')
        .select(['customer_id', 'reason'])
        .where('ref', 'like', 'referral:%')
        .where('customer_id', 'in', [referrer.id, friend.id])
        .orderBy('customer_id')
        .execute(),
    ).toEqual([
      { customer_id: referrer.id, reason: 'Referral: Ben joined' },
      { customer_id: friend.id, reason: 'Referral: invited by Ana' },
    ]);
    expect((await notes(referrer.token))[0]).toMatch(/^Ben joined with your link: 100 points/);
    expect(await status(referrer.token)).toMatchObject({ rewarded_this_month: 1, referrals: [{ friend: 'Ben', status: 'rewarded' }] });
    // a second order, a job run: nothing more
    await completeOrder(p, (await paidOrder(friend)).name);
    await runHourlyJobs(p.ctx);
    expect((await ledgers(p, referrer.id)).points).toBe(100);
  });

  it('with a hold of 2 days, rewarded only when the job credits the order past it', async () => {
    await settings({ points_hold_days: 2 });
    const { referrer, friend } = await pair();
    await completeOrder(p, (await paidOrder(friend)).name);
    await runHourlyJobs(p.ctx);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'ordered' });
    p.clock.advance(2 * DAY - 60_000);
    await runHourlyJobs(p.ctx);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'ordered' });
    p.clock.advance(60_000);
    await runHourlyJobs(p.ctx);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'rewarded' });
    expect(await ledgers(p, referrer.id)).toMatchObject({ points: 100, pointsSum: 100 });
    expect(await ledgers(p, friend.id)).toMatchObject({ points: 199, pointsSum: 199 });
  });

  it('a cancelled first order never rewards; the next paid order does', async () => {
    const { referrer, friend } = await pair();
    const first = await paidOrder(friend);
    const staff = await newStaff(p.db, p.clock);
    const cancel = await callApi(p, boardApi.cancel, { token: staff.token, body: { name: first.name, reason: 'Out of milk' } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'signed_up', order_id: null });
    await runHourlyJobs(p.ctx);
    expect((await ledgers(p, referrer.id)).points).toBe(0);
    const second = await paidOrder(friend);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'ordered' });
    await completeOrder(p, second.name);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'rewarded' });
    expect((await ledgers(p, referrer.id)).points).toBe(100);
  });

  it('a friend on a device seen on the referrer’s account is held for review: nobody gets anything yet', async () => {
    const shared = newDevice();
    const referrer = await signUp(p, 'Ana Reyes', { device: shared });
    const { code } = await status(referrer.token);
    const friend = await signUp(p, 'Ben Cruz', { code, device: newDevice() });
    // the friend orders on the referrer's phone: the device is recorded with the order (under the
    // customer's row lock, after the payment), and the decision at completion sees it
    const order = await paidOrder(friend, shared);
    await completeOrder(p, order.name);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'review', signals: ['device'], rewarded_at: null });
    expect(await ledgers(p, referrer.id)).toMatchObject({ points: 0 });
    expect(await ledgers(p, friend.id)).toMatchObject({ points: 99 });
  });

  it('a friend who pays with a card the referrer used is refused', async () => {
    const { referrer, friend } = await pair();
    const { latte } = await products(p);
    const payByCard = async (c: { token: string }, fingerprint: string) => {
      const res = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: key() },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const paymentId = (res.body.data.payment_url as string).split('/').pop()!;
      const raw = JSON.stringify({
        id: key(),
        type: 'payment.succeeded',
        payment_id: paymentId,
        amount: res.body.data.order.total,
        created: unix(p),
        card_fingerprint: fingerprint,
      });
      const hook = await postWebhook(p, raw, signature(raw, unix(p)));
      expect(hook.status, JSON.stringify(hook.body)).toBe(200);
      return res.body.data.order.name as string;
    };
    await payByCard(referrer, 'fp_shared_card_1');
    const name = await payByCard(friend, 'fp_shared_card_1');
    expect(await referralOf(friend.id)).toMatchObject({ status: 'refused', reason: 'same card' });
    await completeOrder(p, name);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'refused', rewarded_at: null });
    expect((await ledgers(p, referrer.id)).points).toBe(0);
    expect((await ledgers(p, friend.id)).points).toBe(99);
    expect(await p.db.selectFrom('payments').select('card_fingerprint').where('customer_id', '=', friend.id).execute()).toEqual([
      { card_fingerprint: 'fp_shared_card_1' },
    ]);
  });

  it('over the monthly cap the referral is capped: the friend gets theirs, the referrer not', async () => {
    await settings({ referral_monthly_cap: 1 });
    const { referrer, code } = await pair();
    const friends = [await signUp(p, 'Cara Lim', { code, device: newDevice() }), await signUp(p, 'Dan Ong', { code, device: newDevice() })];
    for (const f of friends) await completeOrder(p, (await paidOrder(f)).name);
    expect(await referralOf(friends[0]!.id)).toMatchObject({ status: 'rewarded' });
    expect(await referralOf(friends[1]!.id)).toMatchObject({ status: 'capped', referrer_points: null, friend_points: 100 });
    expect(await ledgers(p, referrer.id)).toMatchObject({ points: 100 });
    expect(await ledgers(p, friends[1]!.id)).toMatchObject({ points: 199 });
    expect((await notes(referrer.token))[0]).toMatch(/this month's 1 referral rewards already/);
  });

  it('an account that existed before is never a referred friend; unknown and malformed codes are ignored', async () => {
    const { code } = await pair();
    // the number got an account between the code and the sign-up: signed in, not referred
    const phone = newPhone();
    const otp = await requestCode(p, phone, 'login');
    const verified = await callApi(p, authApi.otpVerify, { body: { phone, code: otp, purpose: 'login' } }).expect(200);
    const existing = await p.newCustomer({ phone });
    const again = await callApi(p, authApi.register, { body: { registration_token: verified.body.data.registration_token, name: 'Eve', referral_code: code } });
    expect(again.status).toBe(200);
    expect(await referralOf(existing.id)).toBeUndefined();
    for (const bad of ['ZZZZ2222', 'no!', '']) {
      const c = await signUp(p, 'Fay Tan', { code: bad });
      expect(await referralOf(c.id)).toBeUndefined();
    }
    const unknown = await callApi(p, referralsApi.lookup, { query: { code: 'ZZZZ2222' } });
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('the owner voids a rewarded referral: what it gave is taken back, audited, and a second void is 409', async () => {
    const { referrer, friend } = await pair();
    await completeOrder(p, (await paidOrder(friend)).name);
    const r = (await referralOf(friend.id))!;
    expect(r.status).toBe('rewarded');
    // the referrer spent 40 of the 100 meanwhile: only 60 can come back
    await p.db.transaction().execute(async (trx) => {
      const { burnPoints } = await import('../../server/provider/points/points.ledger');
      await burnPoints(trx, p.clock, referrer.id, 40, { reason: 'Test spend' });
    });
    const list = await callApi(p, referralsConsoleApi.referrals, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.referrals[0]).toMatchObject({
      id: r.id,
      referrer: { id: referrer.id, name: 'Ana Reyes' },
      friend: { id: friend.id },
      status: 'rewarded',
    });
    const res = await callApi(p, referralsConsoleApi.void, { token: owner.token, body: { id: r.id, reason: 'Same household' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.referral).toMatchObject({ status: 'void', reason: 'Same household' });
    expect(await ledgers(p, referrer.id)).toMatchObject({ points: 0, pointsSum: 0 });
    expect(await ledgers(p, friend.id)).toMatchObject({ points: 99, pointsSum: 99 });
    const audit = await p.db.selectFrom('audit_log').select(['action', 'target', 'after']).where('action', '=', 'referral.void').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ target: `referral:${r.id}`, after: { referrer_points: 60, friend_points: 100 } });
    const twice = await callApi(p, referralsConsoleApi.void, { token: owner.token, body: { id: r.id, reason: 'Again' } });
    expect([twice.status, twice.body.error?.code]).toEqual([409, 'INVALID_TRANSITION']);
    const missing = await callApi(p, referralsConsoleApi.void, { token: owner.token, body: { id: 999_999, reason: 'x' } });
    expect(missing.status).toBe(404);
  });

  it('a voucher reward: one each, cancelled by a void while unused', async () => {
    await p.db
      .insertInto('rewards')
      .values({ name: 'ref-treat', title: 'Cookie', points_cost: 50, stock: 5, valid_days: 30, per_customer_limit: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await settings({ referral_reward: 'reward', referral_reward_name: 'ref-treat' });
    const { referrer, friend } = await pair();
    await completeOrder(p, (await paidOrder(friend)).name);
    const r = (await referralOf(friend.id))!;
    expect(r).toMatchObject({ status: 'rewarded', referrer_points: null });
    const vouchers = await p.db
      .selectFrom('vouchers')
      .select(['customer_id', 'source', 'status'])
      .where('id', 'in', [r.friend_voucher_id!, r.referrer_voucher_id!])
      .execute();
    expect(vouchers.map((v) => [v.source, v.status]).sort()).toEqual([
      ['referral', 'active'],
      ['referral', 'active'],
    ]);
    await callApi(p, referralsConsoleApi.void, { token: owner.token, body: { id: r.id, reason: 'Test' } }).expect(200);
    const after = await p.db.selectFrom('vouchers').select('status').where('id', 'in', [r.friend_voucher_id!, r.referrer_voucher_id!]).execute();
    expect(after.map((v) => v.status)).toEqual(['cancelled', 'cancelled']);
    expect((await ledgers(p, referrer.id)).points).toBe(0);
  });
});

describePostgres('referrals rewarded once under concurrency', () => {
  const p = useTestProvider('postgres');

  it('20 job runs at once past the hold reward the referral exactly once', async () => {
    await p.db
      .updateTable('merchants')
      .set({ rules: JSON.stringify({ points_hold_days: 1 }) })
      .execute();
    clearMerchantCache();
    try {
      const referrer = await signUp(p, 'Ana Reyes', { device: newDevice() });
      const code = (await callApi(p, referralsApi.status, { token: referrer.token })).body.data.code as string;
      const friend = await signUp(p, 'Ben Cruz', { code, device: newDevice() });
      const { latte } = await products(p);
      const order = await callApi(p, ordersApi.create, {
        token: friend.token,
        body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
      });
      await completeOrder(p, order.body.data.order.name);
      p.clock.advance(DAY);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? creditPendingPoints(p.ctx).then(() => settleDueReferrals(p.ctx)) : settleDueReferrals(p.ctx))),
      );
      await settleDueReferrals(p.ctx);
      expect(await p.db.selectFrom('referrals').select('status').where('friend_id', '=', friend.id).executeTakeFirstOrThrow()).toEqual({ status: 'rewarded' });
      expect(await ledgers(p, referrer.id)).toMatchObject({ points: 100, pointsSum: 100 });
      expect(await ledgers(p, friend.id)).toMatchObject({ points: 199, pointsSum: 199 });
    } finally {
      await p.db.updateTable('merchants').set({ rules: '{}' }).execute();
      clearMerchantCache();
    }
  });
});
