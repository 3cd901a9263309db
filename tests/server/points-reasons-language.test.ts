import { randomBytes } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { authApi } from '#contract/auth.calls';
import { boardApi } from '#contract/board.calls';
import { counterApi } from '#contract/counter.calls';
import { customersApi } from '#contract/customers.calls';
import type { Language } from '#contract/languages';
import { ordersApi } from '#contract/orders.calls';
import { pointsApi } from '#contract/points.calls';
import { referralsApi, referralsConsoleApi } from '#contract/referrals.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { HOUR } from '../../server/lib/clock';
import { giveBirthdayTreats } from '../../server/provider/customers/birthdays.service';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { newPhone, requestCode } from './auth.helpers';
import { newStaff, type TestStaff } from './merchant.helpers';
import { completeOrder, creditedAtPayment, key, products } from './orders.helpers';
import { describeEachDb, useTestProvider } from './support/provider';
import { callApi } from '../support/calls';

/**
 * The points history's reasons of the counter, referrals, birthdays and a voucher cancelled with an order, in the
 * reader's language (docs/app.md, "What the shop sends"): `lang` when the app says one, else the customer's own; the
 * ledger keeps its English for the console and the webhooks.
 */

/** Wednesday 25 November 2026, 10:00 in Manila. */
const WED_10AM = new Date('2026-11-25T02:00:00Z');

describeEachDb('the points history of the counter, referrals and birthdays in the reader language', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  let staff: TestStaff;
  beforeEach(async () => {
    p.clock.set(WED_10AM);
    await p.db.updateTable('merchants').set({ rules: '{}' }).execute();
    clearMerchantCache();
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    staff = await newStaff(p.db, p.clock, { role: 'staff', name: 'Ben Santos' });
    await callApi(p, shopSettingsApi.update, { token: owner.token, body: { languages: ['en', 'fil', 'id'], language_default: 'en' } }).expect(200);
  });
  const choose = (c: { token: string }, language: Language) => callApi(p, customersApi.language, { token: c.token, body: { language } }).expect(200);
  const reasons = async (c: { id: number; token: string }, lang?: Language) =>
    (
      (await callApi(p, pointsApi.history, { token: c.token, body: { customer_id: c.id, ...(lang ? { lang } : {}) } }).expect(200)).body.data.items as Array<{
        reason: string;
      }>
    ).map((e) => e.reason);
  const stored = async (customerId: number) =>
    (await p.db.selectFrom('points_ledger').select('reason').where('customer_id', '=', customerId).orderBy('id', 'desc').execute()).map((r) => r.reason);

  it('a purchase at the counter and its undo read in Filipino, else in the app’s Bahasa Indonesia', async () => {
    const location = await p.db.selectFrom('locations').select(['id', 'name']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    await choose(c, 'fil');
    const earned = await callApi(p, counterApi.earn, {
      token: staff.token,
      body: { idempotency_key: key(), customer_id: c.id, amount: 18_950, location_id: location.id },
    });
    expect(earned.status, JSON.stringify(earned.body)).toBe(201);
    expect(await reasons(c)).toEqual([`Bili sa counter (${location.name})`]);
    await callApi(p, counterApi.undoEarn, { token: staff.token, body: { earn_id: earned.body.data.earn.id } }).expect(200);
    expect(await reasons(c)).toEqual([`Binawi ang bili sa counter (${location.name})`, `Bili sa counter (${location.name})`]);
    expect(await reasons(c, 'id')).toEqual([`Belanja di kasir (${location.name}) dibatalkan`, `Belanja di kasir (${location.name})`]);
    expect(await stored(c.id)).toEqual([`Purchase at the counter (${location.name}) undone`, `Purchase at the counter (${location.name})`]);
  });

  /** A customer signed up through the app (with `code`, a referral's), on a device of their own, with money in the wallet. */
  async function signUp(name: string, code?: string) {
    const phone = newPhone();
    const otp = await requestCode(p, phone, 'login');
    const verified = await callApi(p, authApi.otpVerify, { body: { phone, code: otp, purpose: 'login' } }).expect(200);
    const res = await callApi(p, authApi.register, {
      headers: { 'x-device-id': randomBytes(16).toString('base64url') },
      body: { registration_token: verified.body.data.registration_token, name, ...(code ? { referral_code: code } : {}) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = res.body.data as { token: string; customer: { id: number } };
    await p.db.updateTable('customers').set({ wallet_balance: 1_000_000 }).where('id', '=', data.customer.id).execute();
    return { id: data.customer.id, token: data.token };
  }

  /** The friend's first order, paid from the wallet and completed: what a referral waits for. */
  async function firstOrder(friend: { token: string }) {
    const { latte } = await products(p);
    const order = await callApi(p, ordersApi.create, {
      token: friend.token,
      body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    await completeOrder(p, order.body.data.order.name);
  }

  it('a referral reward reads in each one’s language, and so does the owner’s void taking it back', async () => {
    const referrer = await signUp('Ana Reyes');
    const { code } = (await callApi(p, referralsApi.status, { token: referrer.token }).expect(200)).body.data as { code: string };
    const friend = await signUp('Ben Cruz', code);
    await choose(referrer, 'id');
    await choose(friend, 'fil');
    await firstOrder(friend);
    expect(await reasons(referrer)).toEqual(['Referral: Ben bergabung']);
    expect((await reasons(friend))[0]).toBe('Referral: inimbita ka ni Ana');
    expect(await stored(referrer.id)).toEqual(['Referral: Ben joined']);
    const r = await p.db.selectFrom('referrals').select('id').where('friend_id', '=', friend.id).executeTakeFirstOrThrow();
    await callApi(p, referralsConsoleApi.void, { token: owner.token, body: { id: r.id, reason: 'Same household' } }).expect(200);
    expect(await reasons(referrer)).toEqual(['Hadiah referral ditarik kembali', 'Referral: Ben bergabung']);
    expect((await reasons(friend, 'fil'))[0]).toBe('Binawi ang referral reward');
    expect((await stored(referrer.id))[0]).toBe('Referral reward taken back');
  });

  it('a referral whose other side has no name known says "a friend" in the reader’s language', async () => {
    const referrer = await signUp('Ana Reyes');
    const { code } = (await callApi(p, referralsApi.status, { token: referrer.token }).expect(200)).body.data as { code: string };
    const friend = await signUp('Ben Cruz', code);
    await choose(friend, 'fil');
    // an account without a name (the referrer's, blanked)
    await p.db.updateTable('customers').set({ name: '' }).where('id', '=', referrer.id).execute();
    await firstOrder(friend);
    expect((await reasons(friend))[0]).toBe('Referral: inimbita ka ng isang kaibigan');
    expect((await stored(friend.id))[0]).toBe('Referral: invited by a friend');
  });

  it('a birthday’s points read in Bahasa Indonesia', async () => {
    const c = await p.newCustomer({ name: 'Ana Reyes' });
    await choose(c, 'id');
    // her birthday is today in Manila, her date set long ago
    await p.db
      .updateTable('customers')
      .set({ birth_month: 11, birth_day: 25, birthday_changed_at: new Date('2020-01-01T00:00:00Z') })
      .where('id', '=', c.id)
      .execute();
    p.clock.set(WED_10AM.getTime() + HOUR);
    await giveBirthdayTreats(p.ctx);
    expect(await reasons(c)).toEqual(['Selamat ulang tahun!']);
    expect(await reasons(c, 'en')).toEqual(['Happy birthday!']);
    expect(await stored(c.id)).toEqual(['Happy birthday!']);
  });

  it('a voucher cancelled with an order: the reward by its title in the reader’s language, in the history and the notice', async () => {
    const reward = await p.db
      .insertInto('rewards')
      .values({
        name: `lang-reward-${key().slice(0, 8)}`.toLowerCase(),
        title: 'Free latte',
        points_cost: 90,
        valid_days: 30,
        discount_amount: 16_500,
        position: 300,
        translations: JSON.stringify({ fil: { title: 'Libreng latte' }, id: { title: 'Latte gratis' } }),
      })
      .returning('name')
      .executeTakeFirstOrThrow();
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await choose(c, 'id');
    const { latte } = await products(p);
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const name = res.body.data.order.name as string;
    await creditedAtPayment(p, name);
    await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: key() } }).expect(201);
    await callApi(p, boardApi.cancel, { token: staff.token, body: { name, reason: 'Wrong order' } }).expect(200);
    expect((await reasons(c))[1]).toBe(`Voucher Latte gratis dibatalkan bersama pesanan ${name}`);
    expect((await reasons(c, 'fil'))[1]).toBe(`Na-cancel ang voucher para sa Libreng latte kasama ng order ${name}`);
    expect((await stored(c.id))[1]).toBe(`Voucher for Free latte cancelled with order ${name}`);
    const notice = await p.db.selectFrom('notifications').select('body').where('customer_id', '=', c.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice.body).toContain('Voucher Latte gratis Anda dibatalkan');
  });
});
