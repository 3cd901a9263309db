/**
 * Referral fraud (security finding LOW: "referring yourself works after clearing cookies"): the only
 * "same device" check was the gateway's `did` cookie, so a second account made from the same phone with
 * an empty cookie jar got both the referral rewards (100 points each). Now a referral whose friend shares
 * with the referrer a device cookie, a client address (IPv4, or an IPv6 /64), the user agent from that
 * address, a push endpoint or the phone number's block is held for the owner's review instead of being
 * rewarded; the owner approves (both rewarded, once) or rejects (neither). Real HTTP through the gateway,
 * on PGlite and PostgreSQL; each browser keeps its own cookie jar and comes from its own address (the
 * gateway trusts one proxy hop, so `x-forwarded-for` is the client's address).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { makeVapidKeys } from '../../server/lib/secrets';
import { systemClock } from '../../server/lib/clock';
import { createOwnerSetupLink } from '../../server/provider/staff/setup-link';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { STAFF_PASSWORD, newStaffEmail } from '../server/merchant.helpers';
import { describeDb, describePostgres, newStackPhone, useStack, type DbKind, type Stack } from './support';
import { authApi } from '#contract/auth.calls';
import { boardApi } from '#contract/board.calls';
import { ordersApi } from '#contract/orders.calls';
import { pushApi } from '#contract/push.calls';
import { referralsApi, referralsConsoleApi } from '#contract/referrals.calls';
import type { Call } from '#contract/api';
import { gatewayCall } from '../support/calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { staffApi } from '#contract/staff.calls';

/** an answer's JSON, read loosely: the assertions say what matters */
type Body = any;

const newIpv4 = () => {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
};
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const OTHER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A browser: its own cookie jar (empty when new), address and user agent. */
class Browser {
  jar = new Map<string, string>();
  private readonly stack: () => Stack;
  readonly ip: string;
  readonly ua: string;
  constructor(stack: () => Stack, ip: string = newIpv4(), ua: string = PHONE_UA) {
    this.stack = stack;
    this.ip = ip;
    this.ua = ua;
  }
  async call(declaration: Call<any, any>, body?: unknown): Promise<{ status: number; body: Body }> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await gatewayCall(this.stack(), declaration, {
      ...(body !== undefined ? { body } : {}),
      ...(cookie ? { cookie } : {}),
      headers: { 'x-forwarded-for': this.ip, 'user-agent': this.ua },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    return { status: res.status, body: (await res.json()) as Body };
  }
}

function fraudSuite(kind: DbKind) {
  const push = { vapid: { ...makeVapidKeys(), subject: 'mailto:owner@kopi-senja.example' }, allowLoopback: true };
  const stack = useStack({ kind, config: { trustProxyHops: 1 }, push });
  const s = () => stack;
  let owner: Browser;
  let staff: Browser;

  async function signInStaff(role: 'owner' | 'staff'): Promise<Browser> {
    const b = new Browser(s);
    const email = newStaffEmail();
    if (role === 'owner') {
      const res = await b.call(staffApi.setup, {
        token: await createOwnerSetupLink(stack.db, systemClock),
        name: 'Olive Owner',
        email,
        password: STAFF_PASSWORD,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    } else {
      const invited = await owner.call(staffApi.invite, { role: 'staff' });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const res = await b.call(staffApi.acceptInvite, {
        token: invited.body.data.invite_token,
        name: 'Sam Staff',
        email,
        password: STAFF_PASSWORD,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    return b;
  }

  beforeAll(async () => {
    owner = await signInStaff('owner');
    staff = await signInStaff('staff');
  });
  beforeEach(async () => {
    await stack.db.updateTable('merchants').set({ rules: '{}' }).execute();
    clearMerchantCache();
  });

  /** Signs a customer up in `b` (its jar gets the session), with a friend's code when given; wallet filled. */
  async function signUp(b: Browser, name: string, o: { code?: string; phone?: string } = {}): Promise<{ id: number; phone: string }> {
    const phone = o.phone ?? newStackPhone();
    expect((await b.call(authApi.otpRequest, { phone, purpose: 'register' })).status).toBe(200);
    const verified = await b.call(authApi.otpVerify, { phone, code: stack.lastCode(phone), purpose: 'register' });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const res = await b.call(authApi.register, {
      registration_token: verified.body.data.registration_token,
      name,
      ...(o.code ? { referral_code: o.code } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.customer.id as number;
    await stack.db.updateTable('customers').set({ wallet_balance: 1_000_000 }).where('id', '=', id).execute();
    return { id, phone };
  }

  const codeOf = async (b: Browser) => {
    const res = await b.call(referralsApi.status);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.code as string;
  };

  /** A paid wallet pickup order of `qty` ₱165 lattes, taken to completed by the owner (no hold: its points credited at once). */
  async function orderAndComplete(b: Browser, qty = 6): Promise<string> {
    const latte = await stack.db.selectFrom('products').select('id').where('name', '=', 'Spanish latte').executeTakeFirstOrThrow();
    const res = await b.call(ordersApi.create, {
      items: [{ product_id: latte.id, qty }],
      fulfilment: 'pickup',
      payment_method: 'wallet',
      idempotency_key: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const name = res.body.data.order.name as string;
    for (const from of ['paid', 'preparing', 'ready']) {
      const step = await owner.call(boardApi.advance, { name, from });
      expect(step.status, JSON.stringify(step.body)).toBe(200);
    }
    return name;
  }

  const referralOf = (friendId: number) => stack.db.selectFrom('referrals').selectAll().where('friend_id', '=', friendId).executeTakeFirstOrThrow();
  const referralPoints = async (customerId: number) => {
    const rows = await stack.db.selectFrom('points_ledger').select('points').where('customer_id', '=', customerId).where('ref', 'like', 'referral:%').execute();
    return rows.reduce((a, r) => a + r.points, 0);
  };

  /** A referrer in `referrerBrowser`, and a friend in `friendBrowser` with their code, whose first order is completed. */
  async function referral(
    referrerBrowser: Browser,
    friendBrowser: Browser,
    o: { referrerPhone?: string; friendPhone?: string; beforeOrder?: () => Promise<void> } = {},
  ) {
    const referrer = await signUp(referrerBrowser, 'Ana Reyes', o.referrerPhone ? { phone: o.referrerPhone } : {});
    const code = await codeOf(referrerBrowser);
    const friend = await signUp(friendBrowser, 'Ben Cruz', { code, ...(o.friendPhone ? { phone: o.friendPhone } : {}) });
    await o.beforeOrder?.();
    await orderAndComplete(friendBrowser);
    return { referrer, friend, row: await referralOf(friend.id) };
  }

  it('the exploit: a second account from the same phone with an empty cookie jar is held for review, not rewarded', async () => {
    const phone = new Browser(s);
    // the same phone, cookies cleared: a new jar, the same address and user agent
    const cleared = new Browser(s, phone.ip, phone.ua);
    const { referrer, friend, row } = await referral(phone, cleared);
    expect(cleared.jar.get('did')).toBeDefined();
    expect(cleared.jar.get('did')).not.toBe(phone.jar.get('did'));
    expect(await referralPoints(referrer.id)).toBe(0);
    expect(await referralPoints(friend.id)).toBe(0);
    expect(row).toMatchObject({ status: 'review', signals: ['address', 'agent'], rewarded_at: null });
  });

  it('friends on their own phones, addresses and numbers are rewarded at once', async () => {
    const { referrer, friend, row } = await referral(new Browser(s), new Browser(s, newIpv4(), OTHER_UA));
    expect(row).toMatchObject({ status: 'rewarded', signals: null });
    expect(await referralPoints(referrer.id)).toBe(100);
    expect(await referralPoints(friend.id)).toBe(100);
    // the same phone model from another address is no signal: millions share a user agent
    const same = await referral(new Browser(s), new Browser(s));
    expect(same.row).toMatchObject({ status: 'rewarded' });
  });

  it('each signal alone holds the referral: address, IPv6 /64, device cookie, push endpoint, phone block', async () => {
    // the same address, another browser (a second phone on the home Wi-Fi)
    const home = newIpv4();
    expect((await referral(new Browser(s, home), new Browser(s, home, OTHER_UA))).row).toMatchObject({ status: 'review', signals: ['address'] });
    // two addresses of one IPv6 /64
    const v6 = (await referral(new Browser(s, '2001:db8:77:1::10'), new Browser(s, '2001:db8:77:1:abcd::99', OTHER_UA))).row;
    expect(v6).toMatchObject({ status: 'review', signals: ['address'] });
    // the referrer's device cookie, from elsewhere (the friend's own jar holds it)
    const ana = new Browser(s);
    const ben = new Browser(s, newIpv4(), OTHER_UA);
    const device = await referral(ana, ben, { beforeOrder: async () => void ben.jar.set('did', ana.jar.get('did')!) });
    expect(device.row).toMatchObject({ status: 'review', signals: ['device'] });
    // the same push endpoint: the browser subscribed for one account, then for the other
    // (a loopback push service, as push tests use: nothing is sent to it here)
    const endpoint = `http://127.0.0.1:9/push/${randomBytes(12).toString('base64url')}`;
    const p256dh = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
    const subscription = { endpoint, keys: { p256dh, auth: randomBytes(16).toString('base64url') } };
    const cara = new Browser(s);
    const dan = new Browser(s, newIpv4(), OTHER_UA);
    const pushed = await referral(cara, dan, {
      beforeOrder: async () => {
        for (const b of [cara, dan]) {
          const res = await b.call(pushApi.subscribe, subscription);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
      },
    });
    expect(pushed.row).toMatchObject({ status: 'review', signals: ['push'] });
    // numbers equal but for the last 3 digits (SIM cards bought together); 4 digits apart is no signal
    const base = newStackPhone().slice(0, -3);
    expect((await referral(new Browser(s), new Browser(s, newIpv4(), OTHER_UA), { referrerPhone: `${base}101`, friendPhone: `${base}987` })).row).toMatchObject(
      {
        status: 'review',
        signals: ['phone_block'],
      },
    );
    const wide = newStackPhone().slice(0, -4);
    expect(
      (await referral(new Browser(s), new Browser(s, newIpv4(), OTHER_UA), { referrerPhone: `${wide}1101`, friendPhone: `${wide}2987` })).row,
    ).toMatchObject({ status: 'rewarded' });
  });

  it('the owner reviews the queue: approve rewards both once, reject rewards neither, both audited; staff are refused', async () => {
    const home = newIpv4();
    const a = await referral(new Browser(s, home), new Browser(s, home));
    const b = await referral(new Browser(s, home), new Browser(s, home));
    expect([a.row.status, b.row.status]).toEqual(['review', 'review']);

    for (const [declaration, body] of [
      [referralsConsoleApi.review, undefined],
      [referralsConsoleApi.approve, { id: a.row.id }],
      [referralsConsoleApi.reject, { id: a.row.id }],
    ] as const) {
      const refused = await staff.call(declaration, body);
      expect([declaration.path, refused.status, refused.body.error?.code]).toEqual([declaration.path, 403, 'ROLE_FORBIDDEN']);
    }
    expect((await referralOf(a.friend.id)).status).toBe('review');

    const queue = await owner.call(referralsConsoleApi.review);
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    const held = (queue.body.data.referrals as { id: number }[]).filter((r) => r.id === a.row.id || r.id === b.row.id);
    expect(held).toEqual([
      expect.objectContaining({
        id: a.row.id,
        status: 'review',
        signals: ['address', 'agent'],
        referrer: { id: a.referrer.id, name: 'Ana Reyes' },
        order: { name: expect.any(String), total: 99_000 },
      }),
      expect.objectContaining({ id: b.row.id, status: 'review' }),
    ]);

    const bad = await owner.call(referralsConsoleApi.approve, { id: 'first' });
    expect([bad.status, bad.body.error?.code, Object.keys(bad.body.error?.fields ?? {})]).toEqual([400, 'VALIDATION', ['id']]);
    expect((await owner.call(referralsConsoleApi.approve, { id: 999_999 })).status).toBe(404);

    const approved = await owner.call(referralsConsoleApi.approve, { id: a.row.id });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.referral).toMatchObject({ status: 'rewarded', signals: ['address', 'agent'] });
    expect([await referralPoints(a.referrer.id), await referralPoints(a.friend.id)]).toEqual([100, 100]);
    const again = await owner.call(referralsConsoleApi.approve, { id: a.row.id });
    expect([again.status, again.body.error?.code]).toEqual([409, 'INVALID_TRANSITION']);
    expect((await owner.call(referralsConsoleApi.reject, { id: a.row.id })).status).toBe(409);
    expect([await referralPoints(a.referrer.id), await referralPoints(a.friend.id)]).toEqual([100, 100]);

    const rejected = await owner.call(referralsConsoleApi.reject, { id: b.row.id });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data.referral).toMatchObject({ status: 'refused', reason: 'rejected on review' });
    expect([await referralPoints(b.referrer.id), await referralPoints(b.friend.id)]).toEqual([0, 0]);
    expect((await owner.call(referralsConsoleApi.approve, { id: b.row.id })).status).toBe(409);

    const audit = await stack.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'before', 'after'])
      .where('target', 'in', [`referral:${a.row.id}`, `referral:${b.row.id}`])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'referral.approve',
        target: `referral:${a.row.id}`,
        before: { status: 'review', signals: ['address', 'agent'] },
        after: { status: 'rewarded', referrer_points: 100, friend_points: 100, referrer: 'Ana Reyes', friend: 'Ben Cruz' },
      },
      {
        action: 'referral.reject',
        target: `referral:${b.row.id}`,
        before: { status: 'review', signals: ['address', 'agent'] },
        after: { status: 'refused', referrer: 'Ana Reyes', friend: 'Ben Cruz' },
      },
    ]);
    const activity = await owner.call(staffApi.audit);
    expect(activity.status, JSON.stringify(activity.body)).toBe(200);
    expect(JSON.stringify(activity.body.data)).toContain('referral.approve');
  });

  it('the reward waits for a first paid order of the owner’s minimum value', async () => {
    const set = await owner.call(shopSettingsApi.update, { referral_min_order: 100_000 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.referral_min_order).toBe(100_000);
    const tooLow = await owner.call(shopSettingsApi.update, { referral_min_order: -1 });
    expect([tooLow.status, Object.keys(tooLow.body.error?.fields ?? {})]).toEqual([400, ['referral_min_order']]);
    const ana = new Browser(s);
    const ben = new Browser(s, newIpv4(), OTHER_UA);
    // six lattes, ₱990: below ₱1,000, completed, and nothing happens
    const { referrer, friend, row } = await referral(ana, ben);
    expect(row).toMatchObject({ status: 'signed_up', rewarded_at: null });
    expect(await referralPoints(referrer.id)).toBe(0);
    // seven, ₱1,155: rewarded
    await orderAndComplete(ben, 7);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'rewarded' });
    expect([await referralPoints(referrer.id), await referralPoints(friend.id)]).toEqual([100, 100]);
  });
}

describeDb('referral fraud checks (security finding: self-referral after clearing cookies)', (kind) => fraudSuite(kind));

describePostgres('referral review under concurrency', () => {
  const stack = useStack({ kind: 'postgres', config: { trustProxyHops: 1 } });
  const s = () => stack;

  it('twenty approvals of one held referral at once reward it once', async () => {
    const owner = new Browser(s);
    const setup = await owner.call(staffApi.setup, {
      token: await createOwnerSetupLink(stack.db, systemClock),
      name: 'Olive Owner',
      email: newStaffEmail(),
      password: STAFF_PASSWORD,
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(201);
    const home = newIpv4();
    const ana = new Browser(s, home);
    const ben = new Browser(s, home);
    const signUp = async (b: Browser, name: string, code?: string) => {
      const phone = newStackPhone();
      await b.call(authApi.otpRequest, { phone, purpose: 'register' });
      const v = await b.call(authApi.otpVerify, { phone, code: stack.lastCode(phone), purpose: 'register' });
      const res = await b.call(authApi.register, { registration_token: v.body.data.registration_token, name, ...(code ? { referral_code: code } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await stack.db.updateTable('customers').set({ wallet_balance: 1_000_000 }).where('id', '=', res.body.data.customer.id).execute();
      return res.body.data.customer.id as number;
    };
    const anaId = await signUp(ana, 'Ana Reyes');
    const benId = await signUp(ben, 'Ben Cruz', (await ana.call(referralsApi.status)).body.data.code);
    const latte = await stack.db.selectFrom('products').select('id').where('name', '=', 'Spanish latte').executeTakeFirstOrThrow();
    const order = await ben.call(ordersApi.create, {
      items: [{ product_id: latte.id, qty: 6 }],
      fulfilment: 'pickup',
      payment_method: 'wallet',
      idempotency_key: randomUUID(),
    });
    for (const from of ['paid', 'preparing', 'ready'])
      expect((await owner.call(boardApi.advance, { name: order.body.data.order.name, from })).status).toBe(200);
    const held = await stack.db.selectFrom('referrals').select(['id', 'status']).where('friend_id', '=', benId).executeTakeFirstOrThrow();
    expect(held.status).toBe('review');

    const answers = await Promise.all(Array.from({ length: 20 }, () => owner.call(referralsConsoleApi.approve, { id: held.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.error?.code === 'INVALID_TRANSITION')).toHaveLength(19);
    const given = await stack.db
      .selectFrom('points_ledger')
      .select(['customer_id', 'points'])
      .where('ref', '=', `referral:${held.id}`)
      .orderBy('customer_id')
      .execute();
    expect(given).toEqual([
      { customer_id: Math.min(anaId, benId), points: 100 },
      { customer_id: Math.max(anaId, benId), points: 100 },
    ]);
    expect(
      await stack.db.selectFrom('audit_log').select('id').where('action', '=', 'referral.approve').where('target', '=', `referral:${held.id}`).execute(),
    ).toHaveLength(1);
  });
});
