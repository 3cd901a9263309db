import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { WebhookEndpoint } from '#contract/webhooks';
import { WEBHOOK_EVENTS, type WebhookEventType } from '#contract/webhook-events';
import { authApi } from '#contract/auth.calls';
import { counterApi } from '#contract/counter.calls';
import { giftCardsApi, giftCardsConsoleApi } from '#contract/gift-cards.calls';
import { ordersApi } from '#contract/orders.calls';
import { privacyApi } from '#contract/privacy.calls';
import { referralsApi } from '#contract/referrals.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { stampsConsoleApi } from '#contract/stamps.calls';
import { webhooksApi } from '#contract/webhooks.calls';
import { DAY, MINUTE } from '../../server/lib/clock';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { runPointsExpiry, creditPendingPoints } from '../../server/provider/points/points.jobs';
import { eraseDueAccounts } from '../../server/provider/privacy/privacy.service';
import { earnPoints } from '../../server/provider/points/points.ledger';
import { placeCustomer, runTiers } from '../../server/provider/tiers/tiers.service';
import { GIFT_PURCHASE, GIFT_SETTINGS } from './gift-cards.helpers';
import { newPhone, requestCode, signUpOnDevice } from './auth.helpers';
import { newStaff, type TestStaff } from './merchant.helpers';
import { completeOrder, key, products } from './orders.helpers';
import { describeEachDb, useTestProvider } from './support/provider';
import { callApi } from '../support/calls';
import { PGliteRemote } from '../../server/db/pglite-remote';

/**
 * The webhook events beside the first six (issue 52): each written in the transaction of the change that
 * causes it, for the endpoints that want it and no other, through the provider's own calls. Each payload
 * is checked whole. A change refused (an order the wallet cannot pay) writes none.
 */

/** Everything but the order.* events (which webhooks.test.ts covers): what the endpoint that wants them asks for. */
const NEW_EVENTS = WEBHOOK_EVENTS.filter((e) => !e.startsWith('order.'));

type Payload = { type: WebhookEventType; timestamp: string; data: Record<string, unknown> };

/**
 * The statements that write webhook deliveries, seen at both drivers while `seen` is an array (PGlite's
 * where the provider's thread sends them): an order with a voucher and gift money must cost one more
 * than a plain one, not one per event.
 */
let seen: string[] | null = null;
const drivers = [pg.Client.prototype, PGliteRemote.prototype] as unknown as Array<{ query: (...args: unknown[]) => unknown }>;
const originals = drivers.map((d) => d.query);
beforeAll(() => {
  drivers.forEach((d, i) => {
    d.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string } | undefined)?.text);
      if (seen && /insert into "?webhook_deliveries"?/i.test(text)) seen.push(text);
      return originals[i]!.apply(this, args);
    };
  });
});
afterAll(() => drivers.forEach((d, i) => (d.query = originals[i]!)));

describeEachDb('webhook events', (kind) => {
  const p = useTestProvider(kind, { webhooks: { allowLoopback: true }, reset: true });
  let owner: TestStaff;
  let staff: TestStaff;
  /** wants every event but the order's; `other` wants only order.created */
  let want: WebhookEndpoint;
  let other: WebhookEndpoint;
  beforeEach(async () => {
    p.clock.set(new Date('2026-12-02T02:00:00Z'));
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    staff = await newStaff(p.db, p.clock, { role: 'staff', name: 'Ben Santos' });
    const add = async (events: readonly string[]) =>
      (await callApi(p, webhooksApi.create, { token: owner.token, body: { url: 'http://127.0.0.1:9/hooks', events } }).expect(201)).body.data
        .endpoint as WebhookEndpoint;
    want = await add(NEW_EVENTS);
    other = await add(['order.created']);
  });

  /** The outbox's rows for an endpoint (of one type, or all), oldest first, their payloads parsed. */
  const outbox = async (endpoint: WebhookEndpoint, type?: WebhookEventType) => {
    const rows = await p.db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'payload', 'status'])
      .where('endpoint_id', '=', endpoint.id)
      .orderBy('id')
      .execute();
    return rows
      .filter((r) => type === undefined || r.event_type === type)
      .map((r) => {
        const payload = JSON.parse(r.payload) as Payload;
        // the row's type is the payload's
        expect(payload.type).toBe(r.event_type);
        expect(r.status).toBe('pending');
        return payload;
      });
  };
  const types = async (endpoint: WebhookEndpoint) => (await outbox(endpoint)).map((e) => e.type);
  /** the endpoint that wants only order.created got nothing else */
  const otherGotOnlyOrders = async () => expect((await types(other)).filter((t) => t !== 'order.created')).toEqual([]);
  const now = () => p.clock.now().toISOString();
  const setRules = (body: Record<string, unknown>) => callApi(p, shopSettingsApi.update, { token: owner.token, body }).expect(200);

  /** A reward of the test's own: a discount at checkout, for points. */
  async function discountReward(cost = 100) {
    const name = `hook-discount-${randomBytes(4).toString('hex')}`;
    await p.db
      .insertInto('rewards')
      .values({ name, title: 'Hook discount', points_cost: cost, valid_days: 30, per_customer_limit: null, stock: null, discount_amount: 5000, position: 300 })
      .execute();
    return { name, title: 'Hook discount', cost };
  }

  it('an order with a voucher and gift money: gift_card.sold, .claimed, points.spent, voucher.used, gift_card.spent, points.pending', async () => {
    await callApi(p, giftCardsConsoleApi.update, { token: owner.token, body: GIFT_SETTINGS }).expect(200);
    const buyer = await p.newCustomer({ wallet: 100_000 });
    const ben = await p.newCustomer({ points: 500 });
    // bought: the wallet pays; the recipient's contact is never in the event
    const bought = await callApi(p, giftCardsApi.buy, { token: buyer.token, body: { ...GIFT_PURCHASE, idempotency_key: key() } }).expect(201);
    const card = bought.body.data.card as { id: number; number: string };
    expect(await outbox(want, 'gift_card.sold')).toEqual([
      {
        type: 'gift_card.sold',
        timestamp: now(),
        data: { gift_card_id: card.id, amount: 50_000, customer_id: buyer.id, buyer_id: buyer.id, deliver_at: now(), expires_at: null },
      },
    ]);
    expect(JSON.stringify(await outbox(want))).not.toContain('555');
    await callApi(p, giftCardsApi.claim, { token: ben.token, body: { number: card.number } }).expect(200);
    expect(await outbox(want, 'gift_card.claimed')).toEqual([
      {
        type: 'gift_card.claimed',
        timestamp: now(),
        data: { gift_card_id: card.id, amount: 50_000, customer_id: ben.id, buyer_id: buyer.id, expires_at: null },
      },
    ]);
    // points turned into a voucher: points.spent (a burn) beside reward.redeemed
    const reward = await discountReward(150);
    const voucher = (await callApi(p, rewardsApi.redeem, { token: ben.token, body: { name: reward.name, idempotency_key: key() } }).expect(201)).body.data
      .voucher as { id: number };
    expect(await outbox(want, 'points.spent')).toEqual([
      {
        type: 'points.spent',
        timestamp: now(),
        data: { customer_id: ben.id, points: 150, balance: 350, reason: expect.any(String), ref: expect.any(String) },
      },
    ]);
    const burn = await p.db
      .selectFrom('points_ledger')
      .select(['reason', 'ref'])
      .where('customer_id', '=', ben.id)
      .where('type', '=', 'burn')
      .executeTakeFirstOrThrow();
    expect((await outbox(want, 'points.spent'))[0]!.data).toMatchObject({ reason: burn.reason, ref: burn.ref });

    const { latte } = await products(p);
    const placed = await callApi(p, ordersApi.create, {
      token: ben.token,
      body: { items: [{ product_id: latte.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'wallet', voucher_id: voucher.id, idempotency_key: key() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data.order as { name: string; total: number; location: { id: number } };
    const row = await p.db.selectFrom('orders').select(['location_id']).where('name', '=', order.name).executeTakeFirstOrThrow();
    expect(await outbox(want, 'voucher.used')).toEqual([
      {
        type: 'voucher.used',
        timestamp: now(),
        data: {
          voucher_id: voucher.id,
          customer_id: ben.id,
          reward: reward.name,
          title: reward.title,
          used_on: 'order',
          order: order.name,
          location_id: row.location_id,
        },
      },
    ]);
    // all of it gift money (spent first): the order's total
    expect(order.total).toBeGreaterThan(0);
    expect(await outbox(want, 'gift_card.spent')).toEqual([
      { type: 'gift_card.spent', timestamp: now(), data: { customer_id: ben.id, amount: order.total, order: order.name } },
    ]);
    const pending = await p.db.selectFrom('points_pending').select(['points', 'reason']).where('ref', '=', `order:${order.name}`).executeTakeFirstOrThrow();
    expect(pending.points).toBeGreaterThan(0);
    expect(await outbox(want, 'points.pending')).toEqual([
      {
        type: 'points.pending',
        timestamp: now(),
        data: { customer_id: ben.id, points: pending.points, reason: pending.reason, ref: `order:${order.name}`, available_at: null },
      },
    ]);
    // an order without a voucher nor gift money tells neither
    const plain = await p.newCustomer({ wallet: 100_000 });
    await callApi(p, ordersApi.create, {
      token: plain.token,
      body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    }).expect(201);
    expect((await outbox(want, 'voucher.used')).length + (await outbox(want, 'gift_card.spent')).length).toBe(2);
    await otherGotOnlyOrders();
    expect(await types(other)).toEqual(['order.created', 'order.created']);
  });

  it('an order writes its deliveries in its own statement, and its voucher.used and gift_card.spent together in one more', async () => {
    await callApi(p, giftCardsConsoleApi.update, { token: owner.token, body: GIFT_SETTINGS }).expect(200);
    const buyer = await p.newCustomer({ wallet: 100_000 });
    const ben = await p.newCustomer({ points: 500 });
    const card = (await callApi(p, giftCardsApi.buy, { token: buyer.token, body: { ...GIFT_PURCHASE, idempotency_key: key() } }).expect(201)).body.data
      .card as { number: string };
    await callApi(p, giftCardsApi.claim, { token: ben.token, body: { number: card.number } }).expect(200);
    const reward = await discountReward();
    const voucher = (await callApi(p, rewardsApi.redeem, { token: ben.token, body: { name: reward.name, idempotency_key: key() } }).expect(201)).body.data
      .voucher as { id: number };
    const { latte } = await products(p);
    const order = async (token: string, extra: object = {}) => {
      seen = [];
      try {
        await callApi(p, ordersApi.create, {
          token,
          body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key(), ...extra },
        }).expect(201);
        return seen;
      } finally {
        seen = null;
      }
    };
    await p.db.deleteFrom('webhook_deliveries').execute();
    const both = await order(ben.token, { voucher_id: voucher.id });
    expect(both).toHaveLength(2);
    // the first is the order's own (order.created and points.pending as its CTEs)
    expect(both[0]).toMatch(/insert into "?orders"?/i);
    expect((await types(want)).sort()).toEqual(['gift_card.spent', 'points.pending', 'voucher.used']);
    // a plain order: its own statement only
    const plain = await p.newCustomer({ wallet: 100_000 });
    expect(await order(plain.token)).toHaveLength(1);
  });

  it('an order refused (the wallet cannot pay it) writes no event at all, its voucher not used', async () => {
    const c = await p.newCustomer({ points: 500 });
    const reward = await discountReward();
    const voucher = (await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: key() } }).expect(201)).body.data
      .voucher as { id: number };
    await p.db.deleteFrom('webhook_deliveries').execute();
    const { latte } = await products(p);
    const refused = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte.id, qty: 3 }], fulfilment: 'pickup', payment_method: 'wallet', voucher_id: voucher.id, idempotency_key: key() },
    });
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    expect(await p.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
  });

  it('completing a friend’s first order: points.confirmed, stamp_card.completed (two cards, one statement), tier.changed, referral.qualified', async () => {
    // a referrer and a friend who signed up with their code
    const signUp = (name: string, code?: string) => signUpOnDevice(p, name, { referralCode: code, wallet: 1_000_000 });
    const referrer = await signUp('Ana Reyes');
    const { code } = (await callApi(p, referralsApi.status, { token: referrer.token }).expect(200)).body.data as { code: string };
    const friend = await signUp('Ben Cruz', code);
    // 290 points in the year: the order's points take the friend to Brew (300)
    await p.db.transaction().execute((trx) => earnPoints(trx, p.clock, friend.id, 290, { reason: 'Test grant' }));
    const stampReward = await p.db.selectFrom('rewards').select(['id']).where('active', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const { latte } = await products(p);
    const program = (
      await callApi(p, stampsConsoleApi.create, {
        token: owner.token,
        body: { name: 'Latte card', product_ids: [latte.id], per: 'item', stamps_needed: 3, reward_id: stampReward.id, expiry_days: 0 },
      }).expect(201)
    ).body.data.program as { id: number };
    const placed = await callApi(p, ordersApi.create, {
      token: friend.token,
      body: { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data.order as { name: string; id?: number };
    await p.db.deleteFrom('webhook_deliveries').execute();
    await completeOrder(p, order.name);

    const pending = await p.db
      .selectFrom('points_pending')
      .select(['points', 'reason', 'status'])
      .where('ref', '=', `order:${order.name}`)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe('credited');
    expect(await outbox(want, 'points.confirmed')).toEqual([
      {
        type: 'points.confirmed',
        timestamp: now(),
        data: { customer_id: friend.id, points: pending.points, reason: pending.reason, ref: `order:${order.name}` },
      },
    ]);
    expect((await outbox(want, 'points.earned')).map((e) => e.data)).toContainEqual({
      customer_id: friend.id,
      points: pending.points,
      balance: 290 + pending.points,
      reason: pending.reason,
      ref: `order:${order.name}`,
    });
    const cards = await p.db
      .selectFrom('stamp_cards')
      .select(['id', 'voucher_id'])
      .where('customer_id', '=', friend.id)
      .where('status', '=', 'filled')
      .orderBy('id')
      .execute();
    expect(cards).toHaveLength(2);
    expect(await outbox(want, 'stamp_card.completed')).toEqual(
      cards.map((c) => ({
        type: 'stamp_card.completed',
        timestamp: now(),
        data: { customer_id: friend.id, program_id: program.id, program: 'Latte card', card_id: c.id, voucher_id: c.voucher_id },
      })),
    );
    expect(await outbox(want, 'tier.changed')).toEqual([
      { type: 'tier.changed', timestamp: now(), data: { customer_id: friend.id, from: 'Bean', to: 'Brew', direction: 'up' } },
    ]);
    const referral = await p.db.selectFrom('referrals').select(['id', 'order_id', 'status']).where('friend_id', '=', friend.id).executeTakeFirstOrThrow();
    expect(referral.status).toBe('rewarded');
    expect(await outbox(want, 'referral.qualified')).toEqual([
      {
        type: 'referral.qualified',
        timestamp: now(),
        data: { referral_id: referral.id, referrer_id: referrer.id, friend_id: friend.id, order_id: referral.order_id, status: 'rewarded' },
      },
    ]);
    await otherGotOnlyOrders();
  });

  it('the counter: a voucher used, points held then confirmed by the hourly job', async () => {
    const c = await p.newCustomer({ points: 500 });
    const reward = await discountReward();
    const voucher = (await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: key() } }).expect(201)).body.data
      .voucher as { id: number };
    const codes = (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id: voucher.id } }).expect(200)).body.data as {
      current: { short_code: string };
    };
    await callApi(p, counterApi.redeem, { token: staff.token, body: { code: codes.current.short_code } }).expect(201);
    expect(await outbox(want, 'voucher.used')).toEqual([
      {
        type: 'voucher.used',
        timestamp: now(),
        data: { voucher_id: voucher.id, customer_id: c.id, reward: reward.name, title: reward.title, used_on: 'counter', order: null, location_id: null },
      },
    ]);

    await setRules({ points_hold_days: 2 });
    clearMerchantCache();
    const earned = await callApi(p, counterApi.earn, { token: staff.token, body: { customer_id: c.id, amount: 50_000, idempotency_key: key() } });
    expect(earned.status, JSON.stringify(earned.body)).toBe(201);
    const held = await p.db
      .selectFrom('points_pending')
      .select(['points', 'reason', 'ref', 'available_at'])
      .where('customer_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(await outbox(want, 'points.pending')).toEqual([
      {
        type: 'points.pending',
        timestamp: now(),
        data: {
          customer_id: c.id,
          points: held.points,
          reason: held.reason,
          ref: held.ref,
          available_at: new Date(p.clock.now().getTime() + 2 * DAY).toISOString(),
        },
      },
    ]);
    p.clock.advance(2 * DAY + MINUTE);
    expect(await creditPendingPoints(p.ctx)).toBe(held.points);
    expect(await outbox(want, 'points.confirmed')).toEqual([
      { type: 'points.confirmed', timestamp: now(), data: { customer_id: c.id, points: held.points, reason: held.reason, ref: held.ref } },
    ]);
    await otherGotOnlyOrders();
    expect(await types(other)).toEqual([]);
  });

  it('tier.changed down: the 12 months at Brew ended without the points to stay', async () => {
    const c = await p.newCustomer({ points: 300 });
    await p.db.transaction().execute((trx) => placeCustomer(trx, p.ctx, c.id));
    expect((await outbox(want, 'tier.changed')).map((e) => e.data)).toEqual([{ customer_id: c.id, from: 'Bean', to: 'Brew', direction: 'up' }]);
    await p.db.deleteFrom('webhook_deliveries').execute();
    p.clock.advance(366 * DAY);
    await runTiers(p.ctx);
    expect(await outbox(want, 'tier.changed')).toEqual([
      { type: 'tier.changed', timestamp: now(), data: { customer_id: c.id, from: 'Brew', to: 'Bean', direction: 'down' } },
    ]);
    expect(await types(other)).toEqual([]);
  });

  it('the hourly expiry: one points.expired per customer, written by the balance’s own statement', async () => {
    const a = await p.newCustomer({ points: 120 });
    const b = await p.newCustomer({ points: 80 });
    await p.db.deleteFrom('webhook_deliveries').execute();
    p.clock.advance(366 * DAY);
    expect(await runPointsExpiry(p.ctx, { notices: false })).toMatchObject({ expiredCustomers: 2, expiredPoints: 200 });
    const expired = await outbox(want, 'points.expired');
    expect(expired.sort((x, y) => Number(x.data.customer_id) - Number(y.data.customer_id))).toEqual(
      [
        { customer_id: a.id, points: 120 },
        { customer_id: b.id, points: 80 },
      ]
        .sort((x, y) => x.customer_id - y.customer_id)
        .map((d) => ({ type: 'points.expired', timestamp: now(), data: { ...d, balance: 0, reason: 'Points expired', ref: null } })),
    );
    // a second run finds nothing: nothing told twice
    await runPointsExpiry(p.ctx, { notices: false });
    expect(await outbox(want, 'points.expired')).toHaveLength(2);
    expect(await types(other)).toEqual([]);
  });

  it('an erased customer: customer.erased with their number and time only; the points ended are no points.spent', async () => {
    const phone = newPhone();
    const otp = await requestCode(p, phone, 'login');
    const verified = await callApi(p, authApi.otpVerify, { body: { phone, code: otp, purpose: 'login' } }).expect(200);
    const reg = await callApi(p, authApi.register, { body: { registration_token: verified.body.data.registration_token, name: 'Zed Cruz' } }).expect(201);
    const { token, customer } = reg.body.data as { token: string; customer: { id: number } };
    await p.db.transaction().execute((trx) => earnPoints(trx, p.clock, customer.id, 70, { reason: 'Test grant' }));
    await callApi(p, privacyApi.requestDeletion, { token, body: { confirm: 'DELETE' } }).expect(200);
    p.clock.advance(14 * DAY + MINUTE);
    expect(await eraseDueAccounts(p.ctx)).toBe(1);
    // what was about them went; this one stays, and carries nothing of them
    expect(await outbox(want)).toEqual([{ type: 'customer.erased', timestamp: now(), data: { customer_id: customer.id, erased_at: now() } }]);
    expect(JSON.stringify(await outbox(want))).not.toContain(phone.slice(-7));
    expect(await types(other)).toEqual([]);
  });
});
