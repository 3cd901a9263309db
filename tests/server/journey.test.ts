/**
 * Issue 3's "done when": a new customer's whole journey, through the gateway only, as a browser makes
 * it: a supertest agent on createApp (cookies kept, JSON bodies), the embedded provider behind it on
 * loopback, the one-time code read from the development outbox. Register; top up on the payment
 * gateway's hosted page (the sandbox's: Pay, then the page's redirect; Stripe's, on a local fake of its
 * API: paid there, Stripe's signed webhook posted to the shop, the customer sent back to success_url),
 * then the result read from the provider; a pickup order
 * paid from the wallet, moved to completed by the demo progression job (advanceDemoOrders, with the
 * provider's clock moved forward); a delivery order to a new address paid on the hosted page and
 * moved to completed by the merchant's status calls (x-merchant-key, through the gateway); the points
 * those orders earn, on their way from payment and credited when each order is completed; a reward redeemed
 * into a voucher; the free daily spin; notifications read; logout.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import request from 'supertest';
import type { DatabaseHandle } from '../../server/db';
import { seed } from '../../server/db/seed';
import { createApp } from '../../server/app';
import { SECOND, type Clock } from '../../server/lib/clock';
import { readOutbox } from '../../server/provider/auth/sender';
import { startEmbeddedProvider, type EmbeddedProvider } from '../../server/provider/embedded';
import { advanceDemoOrders } from '../../server/provider/orders/orders.jobs';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { newPhone } from './auth.helpers';
import { listen, makeDist, testConfig } from './gateway.helpers';
import { describeEachDb, openTestDatabase } from './support/provider';
import { key } from './orders.helpers';
import Stripe from 'stripe';
import { stripeGateway } from '../../server/provider/payments/stripe';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake';
import { twilioSender } from '../../server/provider/auth/twilio-sender';
import { fakeSid, startTwilioFake, type TwilioFake } from '../fakes/twilio-fake';
import type { Call } from '#contract/api';
import { paymentsApi } from '#contract/payments.calls';
import { callApi, rawCall, viaGateway } from '../support/calls';
import { addressesApi } from '#contract/addresses.calls';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { ordersApi } from '#contract/orders.calls';
import { pointsApi } from '#contract/points.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { shopApi } from '#contract/shop.calls';
import { walletApi } from '#contract/wallet.calls';
import { wheelApi } from '#contract/wheel.calls';

const SECRET = 'journey-test-signing-secret-0123456789';
const MERCHANT_KEY = 'journey-test-merchant-key-0123456789';
const WEBHOOK_SECRET = 'journey-test-webhook-secret-0123456789';

/**
 * The provider's clock: real time plus an offset the test moves forward, so the demo job finds orders
 * due; the gateway stamps its calls by the same clock (the call HMAC allows 30 s between the two).
 */
class ShiftedClock implements Clock {
  offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
}

const STRIPE_WEBHOOK_SECRET = 'whsec_journey_test_0123456789abcdef';
const SHOP = 'https://shop.example';

const TWILIO = { accountSid: fakeSid('AC'), authToken: 'journey-twilio-auth-token', from: '+14155550100' };

// the same journey with the development adapters (the sandbox's hosted page, codes in the outbox) and
// with the real ones on local fakes of their APIs (Stripe Checkout, text messages through Twilio)
for (const via of ['sandbox', 'stripe'] as const)
  describeEachDb(`a customer's journey through the gateway, ${via === 'stripe' ? 'with Stripe and Twilio' : 'with the sandbox and the outbox'}`, (kind) => {
    let handle: DatabaseHandle;
    let stripe: StripeFake | undefined;
    let twilio: TwilioFake | undefined;
    let provider: EmbeddedProvider;
    let dist: ReturnType<typeof makeDist>;
    let gateway: Awaited<ReturnType<typeof listen>>;
    let agent: ReturnType<typeof request.agent>;
    const clock = new ShiftedClock();

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seed(handle.db);
      clearMerchantCache();
      const logger = pino({ level: 'silent' });
      if (via === 'stripe') {
        stripe = await startStripeFake();
        twilio = await startTwilioFake({ ...TWILIO, numbers: [TWILIO.from] });
      }
      provider = await startEmbeddedProvider({
        db: handle.db,
        logger,
        secret: SECRET,
        platform: 'wato',
        merchantId: 'kopi-senja',
        merchantApiKey: MERCHANT_KEY,
        webhookSecret: WEBHOOK_SECRET,
        google: { clientId: undefined, jwksUrl: 'http://127.0.0.1:9/jwks' },
        demoOrderProgress: false,
        clock,
        jobs: false,
        ...(stripe
          ? {
              paymentGateway: stripeGateway({
                secretKey: stripe.secretKey,
                webhookSecret: STRIPE_WEBHOOK_SECRET,
                publicBaseUrl: SHOP,
                host: stripe.host,
                port: stripe.port,
                protocol: stripe.protocol,
                maxNetworkRetries: 0,
              }),
            }
          : {}),
        ...(twilio ? { sender: twilioSender({ ...TWILIO, logger, httpClient: twilio.httpClient() }), devOutbox: false } : {}),
      });
      dist = makeDist();
      const app = createApp({
        config: testConfig({ distDir: dist.dist }),
        logger,
        providerBase: provider.baseUrl,
        secret: SECRET,
        outbox: (phone) => readOutbox(handle.db, phone),
        now: () => clock.now().getTime(),
      });
      gateway = await listen(app);
      // a browser: one cookie jar for every request
      agent = request.agent(gateway.url);
    });

    afterAll(async () => {
      await gateway?.close();
      await provider?.close();
      await new Promise((r) => setTimeout(r, 100));
      await handle?.close();
      await stripe?.close();
      await twilio?.close();
      dist?.cleanup();
    });

    const get = <C extends Call<any, any>>(call: C, query?: Record<string, string>) => callApi(viaGateway(agent), call, { query: query ?? {} });
    const post = <C extends Call<any, any>>(call: C, body: object, headers: Record<string, string> = {}) => callApi(viaGateway(agent), call, { body, headers });
    const profile = async () =>
      (await get(customersApi.profile).expect(200)).body.data as { id: number; name: string; phone: string; points: number; wallet_balance: number };

    /** Pays on the gateway's hosted page; answers the app path the customer comes back to. */
    const payOnHostedPage = (paymentUrl: string, expectFor: string) =>
      via === 'stripe' ? payAtStripe(paymentUrl, expectFor) : payOnSandbox(paymentUrl, expectFor);

    /**
     * Stripe's page: the customer pays there, Stripe posts its signed event to the shop's webhook address
     * (through the gateway, as a client of its own: no cookies) and sends the customer to success_url.
     */
    async function payAtStripe(paymentUrl: string, expectFor: string): Promise<string> {
      expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/);
      const session = [...stripe!.sessions.values()].find((s) => s.url === paymentUrl)!;
      const opened = stripe!.requests.find(
        (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.params.client_reference_id === session.client_reference_id,
      )!;
      expect(JSON.stringify(opened.params.line_items)).toContain(expectFor);
      const { session: done } = stripe!.completeSession(session.id);
      const payload = JSON.stringify(stripe!.event('checkout.session.completed', done), null, 2);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
      const hook = await callApi(viaGateway(request(gateway.url)), paymentsApi.stripeWebhook, {
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
      }).expect(200);
      expect(hook.body.data.applied).toBe(true);
      const back = new URL(String(opened.params.success_url));
      expect(back.origin).toBe(SHOP);
      const redirect = `${back.pathname}${back.search}`;
      const landing = await agent.get(redirect).expect(200);
      expect(landing.text).toContain('<div id="root">');
      return redirect;
    }

    /** The hosted page as the browser gets it, and the Pay click its script makes; answers where the page sends the customer. */
    async function payOnSandbox(paymentUrl: string, expectFor: string): Promise<string> {
      expect(paymentUrl).toMatch(/^\/api\/payment\/sandbox\/[0-9a-f-]{36}$/);
      const page = await agent.get(paymentUrl).expect(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.text).toContain('<button type="button" class="pay" data-outcome="pay">Pay</button>');
      expect(page.text).toContain('<button type="button" class="decline" data-outcome="decline">Decline</button>');
      expect(page.text).toContain(expectFor);
      const completeUrl = /data-complete-url="([^"]+)"/.exec(page.text)![1]!;
      expect(completeUrl).toBe(`${paymentUrl}/complete`);
      // its script and stylesheet load through the gateway too
      // (files beside the calls, which no declaration has)
      await rawCall(viaGateway(agent), 'get', 'payment/sandbox.js').expect(200);
      await rawCall(viaGateway(agent), 'get', 'payment/sandbox.css').expect(200);
      const clicked = await agent
        .post(completeUrl)
        .set('content-type', 'application/json')
        .set('accept', 'application/json')
        .send({ outcome: 'pay' })
        .expect(200);
      expect(clicked.body.data.status).toBe('paid');
      const redirect = clicked.body.data.redirect as string;
      // the script follows only a same-origin app path; the gateway serves the app there
      expect(redirect).toMatch(/^\/[^/\\]/);
      const landing = await agent.get(redirect).expect(200);
      expect(landing.text).toContain('<div id="root">');
      return redirect;
    }

    async function timeline(name: string) {
      const d = await get(ordersApi.detail, { name }).expect(200);
      return {
        status: d.body.data.order.status as string,
        steps: (d.body.data.order.timeline as Array<{ status: string; at: string }>).map((t) => t.status),
        order: d.body.data.order,
      };
    }

    it('registers, tops up, orders (pickup and delivery), earns, redeems, spins, reads notifications and logs out', async () => {
      // --- the app starts: settings, and no session yet ---
      const settings = await get(settingsApi.mainSetting).expect(200);
      expect(settings.body.data.setting_company).toBe('Kopi Senja');
      expect((await get(customersApi.profile).expect(401)).body.error.code).toBe('SESSION_EXPIRED');

      // --- register with a phone number and the code from the outbox (or the text message Twilio sent) ---
      const phone = newPhone();
      await post(authApi.otpRequest, { phone, purpose: 'register' }).expect(200);
      const code = twilio
        ? /\b(\d{6})\b/.exec(twilio.sent.find((m) => m.to === phone)!.body)![1]!
        : ((await agent.get('/__dev/outbox').query({ phone }).expect(200)).body.items[0].code as string);
      expect(code).toMatch(/^\d{6}$/);
      const verified = await post(authApi.otpVerify, { phone, code, purpose: 'register' }).expect(200);
      const registered = await post(authApi.register, {
        registration_token: verified.body.data.registration_token,
        name: 'Maria Clara',
        email: 'maria@example.com',
      }).expect(201);
      // the session is the gateway's cookie; the browser never sees the token
      expect(registered.body.data.token).toBeUndefined();
      expect(String(registered.headers['set-cookie'])).toMatch(/^sid=[A-Za-z0-9_-]{20,};.*HttpOnly/i);
      const me = await profile();
      expect(me).toMatchObject({ name: 'Maria Clara', phone, points: 0, wallet_balance: 0 });
      expect((await post(pointsApi.history, { customer_id: me.id }).expect(200)).body.data.balance).toBe(0);

      // --- top up on the gateway's hosted page ---
      const topup = await post(walletApi.topup, { amount: 500_000, idempotency_key: key() }).expect(201);
      const topupId = topup.body.data.topup_id as string;
      const back = await payOnHostedPage(topup.body.data.payment_url, 'Wallet top-up');
      expect(back).toBe(`/top-up-success?topup_id=${topupId}`);
      // the success page reads the result from the provider, not from its query
      const status = await get(walletApi.topupStatus, { topup_id: new URL(back, 'http://app').searchParams.get('topup_id')! }).expect(200);
      expect(status.body.data).toMatchObject({ topup: { id: topupId, amount: 500_000, status: 'paid' }, balance: 500_000 });
      expect((await get(walletApi.balance).expect(200)).body.data).toEqual({ balance: 500_000, gift_balance: 0, currency: 'PHP' });

      // --- a pickup order paid from the wallet ---
      const catalog = await get(shopApi.catalog).expect(200);
      const byName = new Map(
        (catalog.body.data.categories as Array<{ products: Array<{ id: number; name: string; price: number; available: boolean }> }>)
          .flatMap((c) => c.products)
          .map((p) => [p.name, p]),
      );
      const latte = byName.get('Spanish latte')!;
      expect(latte.available).toBe(true);
      const pickupBasket = { items: [{ product_id: latte.id, qty: 6 }], fulfilment: 'pickup' };
      const pickupQuote = (await post(ordersApi.quote, pickupBasket).expect(200)).body.data;
      expect(pickupQuote).toMatchObject({
        subtotal: 6 * latte.price,
        delivery_fee: 0,
        total: 6 * latte.price,
        points_to_earn: Math.floor((6 * latte.price) / 1000),
      });
      provider.ctx.demoOrderProgress = true;
      const pickup = (await post(ordersApi.create, { ...pickupBasket, payment_method: 'wallet', idempotency_key: key() }).expect(201)).body.data.order;
      expect(pickup).toMatchObject({ status: 'paid', total: pickupQuote.total, points_earned: pickupQuote.points_to_earn });
      // the points are on their way, not spendable until the order is completed
      expect(await profile()).toMatchObject({ wallet_balance: 500_000 - pickup.total, points: 0 });
      const onTheWay = (await post(pointsApi.history, { customer_id: me.id }).expect(200)).body.data;
      expect(onTheWay).toMatchObject({
        balance: 0,
        pending_points: pickup.points_earned,
        pending: [{ points: pickup.points_earned, available_from: null, order_name: pickup.name }],
      });

      // --- the demo progression moves it, one step per 45 s of the provider's clock, to completed ---
      for (const expected of ['preparing', 'ready', 'completed']) {
        clock.offset += 46 * SECOND;
        await advanceDemoOrders(provider.ctx);
        expect((await timeline(pickup.name)).status).toBe(expected);
      }
      provider.ctx.demoOrderProgress = false;
      expect((await timeline(pickup.name)).steps).toEqual(['pending_payment', 'paid', 'preparing', 'ready', 'completed']);
      // completed: its points credited (the shop holds none by default)
      expect(await profile()).toMatchObject({ points: pickup.points_earned });

      // --- a delivery order to a new address, paid on the hosted page ---
      const address = (
        await post(addressesApi.create, {
          label: 'Office',
          recipient: 'Maria Clara',
          phone: '0917 555 0199',
          line1: '6750 Ayala Avenue',
          city: 'Makati',
          postal_code: '1226',
          lat: 14.5547,
          lng: 121.0244,
          note: 'Reception, 12th floor',
        }).expect(201)
      ).body.data.address;
      expect(address.is_default).toBe(true);
      const deliveryBasket = { items: [{ product_id: latte.id, qty: 4 }], fulfilment: 'delivery', address_id: address.id };
      const deliveryQuote = (await post(ordersApi.quote, deliveryBasket).expect(200)).body.data;
      expect(deliveryQuote).toMatchObject({ subtotal: 4 * latte.price, delivery_fee: 4_900, total: 4 * latte.price + 4_900 });
      const created = (await post(ordersApi.create, { ...deliveryBasket, payment_method: 'gateway', idempotency_key: key() }).expect(201)).body.data;
      const delivery = created.order;
      expect(delivery).toMatchObject({
        status: 'pending_payment',
        fulfilment: 'delivery',
        payment_method: 'gateway',
        address: { line1: '6750 Ayala Avenue', note: 'Reception, 12th floor' },
      });
      const landed = await payOnHostedPage(created.payment_url, `Order ${delivery.name}`);
      expect(landed).toBe(`/payment-success?order=${encodeURIComponent(delivery.name)}`);
      expect((await timeline(delivery.name)).status).toBe('paid');
      // the gateway paid: the wallet is untouched, the points on their way
      expect(await profile()).toMatchObject({ wallet_balance: 500_000 - pickup.total, points: pickup.points_earned });
      expect((await post(pointsApi.history, { customer_id: me.id }).expect(200)).body.data.pending_points).toBe(deliveryQuote.points_to_earn);

      // --- the merchant moves it, through the gateway with the merchant key, to completed ---
      for (const next of ['preparing', 'ready', 'on_delivery', 'completed']) {
        const moved = await post(ordersApi.status, { name: delivery.name, status: next }, { 'x-merchant-key': MERCHANT_KEY }).expect(200);
        expect(moved.body.data.order.status).toBe(next);
      }
      const done = await timeline(delivery.name);
      expect(done.steps).toEqual(['pending_payment', 'paid', 'preparing', 'ready', 'on_delivery', 'completed']);
      for (let i = 1; i < done.order.timeline.length; i++)
        expect(Date.parse(done.order.timeline[i].at)).toBeGreaterThanOrEqual(Date.parse(done.order.timeline[i - 1].at));
      // both orders, newest first
      expect((await get(ordersApi.list).expect(200)).body.data.orders.map((o: { name: string }) => o.name)).toEqual([delivery.name, pickup.name]);

      // --- the points: 1 per 1,000 minor units of each total without the delivery fee, two earn entries ---
      const earned = Math.floor(pickup.total / 1000) + Math.floor((delivery.total - delivery.delivery_fee) / 1000);
      const history = (await post(pointsApi.history, { customer_id: me.id }).expect(200)).body.data;
      expect(history).toMatchObject({ balance: earned, pending_points: 0, pending: [] });
      expect(history.items.map((i: { type: string; points: number }) => [i.type, i.points])).toEqual([
        ['earn', Math.floor((delivery.total - delivery.delivery_fee) / 1000)],
        ['earn', Math.floor(pickup.total / 1000)],
      ]);
      expect(earned).toBeGreaterThanOrEqual(150);

      // --- redeem a reward; the voucher is in storage ---
      const redeemed = await post(rewardsApi.redeem, { name: 'php-50-off', idempotency_key: key() }).expect(201);
      const voucher = redeemed.body.data.voucher;
      expect(voucher).toMatchObject({ status: 'active', reward: { name: 'php-50-off' } });
      expect(voucher.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
      const storage = await get(rewardsApi.storage, { status: 'active' }).expect(200);
      expect(storage.body.data.vouchers.map((v: { code: string }) => v.code)).toEqual([voucher.code]);
      expect((await profile()).points).toBe(earned - 150);

      // --- the free daily spin ---
      const wheel = (await get(wheelApi.config).expect(200)).body.data;
      expect(wheel.free_spins_left).toBe(1);
      expect(wheel.spins_left).toBe(1 + Math.floor(wheel.points / wheel.spin_cost_points));
      expect(wheel.segments.reduce((a: number, s: { probability: number }) => a + s.probability, 0)).toBeCloseTo(1, 6);
      const spin = (await post(wheelApi.spin, { idempotency_key: key() }).expect(200)).body.data;
      expect(wheel.segments.map((s: { id: number }) => s.id)).toContain(spin.segment_id);
      expect(spin.free_spins_left).toBe(0);
      expect(spin.spins_left).toBe(Math.floor(spin.points / wheel.spin_cost_points));
      expect(spin.points).toBe(earned - 150 + (spin.prize.points ?? 0));
      expect((await profile()).points).toBe(spin.points);

      // --- notifications: unread, then all read ---
      const unread = (await get(notificationsApi.list).expect(200)).body.data;
      expect(unread.unread).toBeGreaterThan(0);
      const titles = unread.items.map((n: { title: string }) => n.title);
      for (const t of ['Top-up successful', `Order ${delivery.name} completed`, `Order ${pickup.name} completed`, 'Reward redeemed'])
        expect(titles).toContain(t);
      expect((await post(notificationsApi.read, { all: true }).expect(200)).body.data).toEqual({ unread: 0 });
      expect((await get(notificationsApi.list).expect(200)).body.data.unread).toBe(0);

      // --- log out: the session is gone ---
      const out = await post(authApi.logout, {}).expect(200);
      expect(String(out.headers['set-cookie'])).toMatch(/^sid=;.*Max-Age=0/i);
      const after = await get(customersApi.profile).expect(401);
      expect(after.body.error.code).toBe('SESSION_EXPIRED');
    });
  });
