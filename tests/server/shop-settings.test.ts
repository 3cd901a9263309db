import { beforeEach, expect, it } from 'vitest';
import { MERCHANTS } from '../../server/db/seed/merchants';
import { newStaff, type TestStaff } from './merchant.helpers';
import { key, makeAddress, makeVoucher, postWebhook, products, signature, unix, webhookEvent } from './orders.helpers';
import { describeDb, useTestProvider } from './support/provider';
import { dashboardApi } from '#contract/dashboard.calls';
import { ordersApi } from '#contract/orders.calls';
import { privacyApi } from '#contract/privacy.calls';
import { settingsApi } from '#contract/settings.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { staffApi } from '#contract/staff.calls';
import { walletApi } from '#contract/wallet.calls';
import { callApi } from '../support/calls';

/**
 * The owner's shop settings (issue 27): every field checked and the rules between them (400 naming the
 * field, nothing saved), owners only, every change audited with the changed fields before and after,
 * customers see it in settings/main-setting; the currency locked once money has moved; orders keep
 * their fee and points; points earned on what was bought, not on the delivery fee (unless the shop says so).
 */

const SEED = MERCHANTS.find((m) => m.id === 'kopi-senja')!;

describeDb('shop settings', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  beforeEach(async () => {
    // a reset keeps the merchants: each test starts from the seed's shop again
    await p.db
      .updateTable('merchants')
      .set({ settings: JSON.stringify(SEED.settings), rules: '{}' })
      .where('id', '=', SEED.id)
      .execute();
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
  });

  const read = async (token = owner.token) => callApi(p, shopSettingsApi.read, { token });
  const update = (body: unknown, token = owner.token) => callApi(p, shopSettingsApi.update, { token, body });
  const customerSettings = async () => (await callApi(p, settingsApi.mainSetting).expect(200)).body.data;

  it('answers the form: the seed shop with the default rules, the currency free to change', async () => {
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      setting_company: 'Kopi Senja',
      short_name: 'Kopi Senja',
      contact_phone: '',
      contact_email: '',
      privacy_url: '',
      terms_url: '',
      default_country_code: '63',
      currency: 'PHP',
      locale: 'en-PH',
      timezone: 'Asia/Manila',
      points_per_amount: 1_000,
      delivery_fee_earns_points: false,
      points_expiry_days: 365,
      points_hold_days: 0,
      counter_points_per_customer_per_day: 500,
      counter_points_per_staff_per_day: 5_000,
      counter_stamps_per_customer_per_day: 20,
      counter_stamps_per_staff_per_day: 300,
      birthday_reward: 'points',
      birthday_points: 50,
      birthday_reward_name: '',
      birthday_window_days: 0,
      referral_reward: 'points',
      referral_points: 100,
      referral_reward_name: '',
      referral_monthly_cap: 10,
      referral_min_order: 0,
      deletion_cooling_off_days: 14,
      min_order: 15_000,
      delivery_fee: 4_900,
      topup_min: 10_000,
      topup_max: 5_000_000,
      topup_presets: [10_000, 50_000, 100_000, 200_000],
      tax_rates: [],
      tax_inclusive: true,
      tax_number: '',
      dine_in: false,
      pay_at_counter: false,
      language_default: 'en',
      languages: ['en'],
      currency_locked: false,
    });
  });

  it('saves any subset, answers the whole settings, and customers see it in settings/main-setting at once', async () => {
    await customerSettings(); // cached now
    const res = await update({
      setting_company: '  Kopi Pagi  ',
      short_name: 'Kopi',
      contact_phone: '0917 123 4567',
      contact_email: 'hello@kopi.example',
      points_per_amount: 2_000,
      min_order: 20_000,
      topup_presets: [20_000, 40_000],
    }).expect(200);
    expect(res.body.message).toBe('Saved. Customers see it within 15 seconds.');
    expect(res.body.data).toMatchObject({
      setting_company: 'Kopi Pagi',
      short_name: 'Kopi',
      contact_phone: '+639171234567',
      delivery_fee: 4_900,
      topup_presets: [20_000, 40_000],
    });
    expect(await customerSettings()).toMatchObject({
      setting_company: 'Kopi Pagi',
      short_name: 'Kopi',
      contact_phone: '+639171234567',
      contact_email: 'hello@kopi.example',
      points_per_amount: 2_000,
      delivery_fee_earns_points: false,
      min_order: 20_000,
      topup_presets: [20_000, 40_000],
      // the theme's part untouched
      brand_color: '#9a4a1c',
      version: 'Full',
    });
    // the rules follow: a pickup order below the new minimum is refused
    const P = await products(p);
    const c = await p.newCustomer({ wallet: 100_000 });
    const below = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect([below.status, below.body.error.code, below.body.data.min_order]).toEqual([400, 'BELOW_MINIMUM', 20_000]);
  });

  it('audits a change with the changed fields only, before and after; a change to nothing is not audited', async () => {
    await update({ delivery_fee: 5_900, min_order: 15_000, setting_company: 'Kopi Senja' }).expect(200);
    await update({ min_order: 15_000 }).expect(200);
    const entries = await p.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staff_id: owner.id, target: 'settings', before: { delivery_fee: 4_900 }, after: { delivery_fee: 5_900 } });
    const log = await callApi(p, staffApi.audit, { token: owner.token, query: { kind: 'settings' } }).expect(200);
    expect(log.body.data.items.map((i: { action: string }) => i.action)).toEqual(['settings.update']);
  });

  it("keeps the counter's daily caps as rules: saved, read back and audited like the others", async () => {
    const res = await update({ counter_points_per_customer_per_day: 0, counter_points_per_staff_per_day: 12_000 }).expect(200);
    expect(res.body.data).toMatchObject({ counter_points_per_customer_per_day: 0, counter_points_per_staff_per_day: 12_000 });
    const row = await p.db.selectFrom('merchants').select('rules').where('id', '=', SEED.id).executeTakeFirstOrThrow();
    expect(row.rules).toMatchObject({ counter_points_per_customer_per_day: 0, counter_points_per_staff_per_day: 12_000 });
    const entry = await p.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').executeTakeFirstOrThrow();
    expect([entry.before, entry.after]).toEqual([
      { counter_points_per_customer_per_day: 500, counter_points_per_staff_per_day: 5_000 },
      { counter_points_per_customer_per_day: 0, counter_points_per_staff_per_day: 12_000 },
    ]);
    // customers never see them
    expect(await customerSettings()).not.toHaveProperty('counter_points_per_customer_per_day');
  });

  it('keeps the links to the privacy notice and terms with the words and the cooling-off days with the rules; customers see the links, and a deletion waits the new days', async () => {
    await customerSettings(); // cached now
    const res = await update({
      privacy_url: '  https://kopi.example/privacy  ',
      terms_url: 'https://kopi.example/terms?v=2',
      deletion_cooling_off_days: 3,
    }).expect(200);
    expect(res.body.data).toMatchObject({
      privacy_url: 'https://kopi.example/privacy',
      terms_url: 'https://kopi.example/terms?v=2',
      deletion_cooling_off_days: 3,
    });
    const row = await p.db.selectFrom('merchants').select(['settings', 'rules']).where('id', '=', SEED.id).executeTakeFirstOrThrow();
    expect(row.settings).toMatchObject({ privacy_url: 'https://kopi.example/privacy', terms_url: 'https://kopi.example/terms?v=2' });
    expect(row.settings).not.toHaveProperty('deletion_cooling_off_days');
    expect(row.rules).toEqual({ deletion_cooling_off_days: 3 });
    const entry = await p.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').executeTakeFirstOrThrow();
    expect([entry.before, entry.after]).toEqual([
      { privacy_url: '', terms_url: '', deletion_cooling_off_days: 14 },
      { privacy_url: 'https://kopi.example/privacy', terms_url: 'https://kopi.example/terms?v=2', deletion_cooling_off_days: 3 },
    ]);
    // the customer app shows the links at sign-up; the cooling-off days are the provider's
    const site = await customerSettings();
    expect(site).toMatchObject({ privacy_url: 'https://kopi.example/privacy', terms_url: 'https://kopi.example/terms?v=2' });
    expect(site).not.toHaveProperty('deletion_cooling_off_days');
    // a customer who asks for their account's deletion now waits 3 days, not 14
    const c = await p.newCustomer();
    expect((await callApi(p, privacyApi.deletion, { token: c.token }).expect(200)).body.data.cooling_off_days).toBe(3);
    const asked = await callApi(p, privacyApi.requestDeletion, { token: c.token, body: { confirm: 'DELETE' } }).expect(200);
    expect(asked.body.data.deletion.erase_after).toBe(new Date(p.clock.now().getTime() + 3 * 86_400_000).toISOString());
    // an empty link is none: the customers' settings carry it empty
    expect((await update({ terms_url: '' }).expect(200)).body.data).toMatchObject({ privacy_url: 'https://kopi.example/privacy', terms_url: '' });
    expect((await customerSettings()).terms_url ?? '').toBe('');
  });

  const BAD: Array<[string, unknown, RegExp]> = [
    ['setting_company', '   ', /required/],
    ['setting_company', 'x'.repeat(61), /at most 60/],
    ['short_name', 'Kopi Senja Coffee', /at most 12/],
    ['contact_phone', 'call me', /phone number/],
    ['contact_phone', '12', /phone number/],
    ['contact_email', 'not-an-address', /e-mail/],
    // pickup addresses are the locations' now (issue 28): no longer a setting
    ['pickup_address', '5 Jupiter Street', /not a field|unrecognized/i],
    ['default_country_code', '0', /calling code/],
    ['default_country_code', '+1234', /calling code/],
    ['currency', 'XXY', /ISO 4217/],
    ['currency', 'pesos', /ISO 4217/],
    // withdrawn, or not money a customer pays with: the engines still list them
    ['currency', 'HRK', /current three-letter ISO 4217/],
    ['currency', 'XDR', /current three-letter ISO 4217/],
    ['locale', 'not a locale', /language tag/],
    ['timezone', 'Mars/Olympus', /time zone/],
    ['timezone', '+08:00', /time zone/],
    ['points_per_amount', 0, /at least 1/],
    ['points_per_amount', 12.5, /whole number/],
    ['delivery_fee_earns_points', 'yes', /true or false/],
    ['points_expiry_days', 0, /at least 1/],
    ['points_expiry_days', 5000, /at most 3,650/],
    ['points_hold_days', -1, /at least 0/],
    ['points_hold_days', 31, /at most 30/],
    ['privacy_url', 'javascript:alert(1)', /https:\/\//],
    ['privacy_url', 'http://example.com/privacy', /https:\/\//],
    ['privacy_url', 'kopi.example/privacy', /https:\/\//],
    ['privacy_url', 'https://user:secret@kopi.example/privacy', /https:\/\//],
    ['privacy_url', `https://kopi.example/${'p'.repeat(300)}`, /at most 300/],
    ['terms_url', 'javascript:alert(1)', /https:\/\//],
    ['terms_url', 'data:text/html,<b>terms</b>', /https:\/\//],
    ['terms_url', '//kopi.example/terms', /https:\/\//],
    ['terms_url', 42, /text|string/i],
    ['deletion_cooling_off_days', 0, /at least 1/],
    ['deletion_cooling_off_days', 91, /at most 90/],
    ['deletion_cooling_off_days', 1.5, /whole number of days/],
    ['deletion_cooling_off_days', '14', /whole number of days/],
    ['counter_points_per_customer_per_day', -1, /at least 0/],
    ['counter_points_per_customer_per_day', 1_000_001, /at most 1,000,000/],
    ['counter_points_per_customer_per_day', 2.5, /whole number of points/],
    ['counter_points_per_staff_per_day', '5000', /whole number of points/],
    ['counter_points_per_staff_per_day', 10_000_001, /at most 10,000,000/],
    ['min_order', -1, /at least 0/],
    ['delivery_fee', '49', /whole number/],
    ['topup_min', 5, /at least 10,000/],
    ['topup_max', 6_000_000, /at most 5,000,000/],
    ['topup_presets', [], /at least 1/],
    ['topup_presets', [10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000], /at most 6/],
    ['topup_presets', [50_000, 20_000], /go up/],
    ['topup_presets', [20_000, 20_000], /go up/],
    ['topup_presets', '20000', /list/],
    ['topup_presets', [20_000.5], /whole numbers/],
    ['tax_rates', 'VAT 12', /list of rates/],
    [
      'tax_rates',
      [
        { name: 'VAT', rate: 1200 },
        { name: 'vat', rate: 500 },
      ],
      /each rate once/,
    ],
    ['tax_inclusive', 'yes', /true or false/],
    ['tax_number', 'x'.repeat(41), /at most 40/],
    ['colour', 'red', /not a field/],
  ];

  it('refuses bad input on every field, naming it in plain words; nothing is saved', async () => {
    for (const [field, value, message] of BAD) {
      const res = await update({ contact_email: 'new@kopi.example', [field]: value });
      expect([field, res.status, res.body.error?.code]).toEqual([field, 400, 'VALIDATION']);
      expect([field, res.body.error.fields[field]]).toEqual([field, expect.stringMatching(message)]);
    }
    const empty = await update({});
    expect([empty.status, empty.body.error.fields]).toEqual([400, { body: 'must name at least one setting to change' }]);
    expect((await read()).body.data.contact_email).toBe('');
    expect(await p.db.selectFrom('audit_log').select('id').where('action', '=', 'settings.update').execute()).toEqual([]);
  });

  it('refuses the rules between fields against what is stored: minimum over maximum, quick amounts outside them', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ topup_min: 300_000, topup_max: 200_000 }, 'topup_min'],
      [{ topup_min: 300_000 }, 'topup_presets'], // the stored presets (100 to 2,000) fall below the new minimum
      [{ topup_max: 150_000 }, 'topup_presets'],
      [{ topup_presets: [10_000, 6_000_000] }, 'topup_presets'],
      [{ topup_min: 20_000, topup_presets: [10_000, 30_000] }, 'topup_presets'],
    ];
    for (const [body, field] of cases) {
      const res = await update(body);
      expect([JSON.stringify(body), res.status, Object.keys(res.body.error.fields)]).toEqual([JSON.stringify(body), 400, [field]]);
      expect(res.body.error.fields[field]).toMatch(/minimum|maximum/);
    }
    expect((await read()).body.data).toMatchObject({ topup_min: 10_000, topup_max: 5_000_000, topup_presets: [10_000, 50_000, 100_000, 200_000] });
    // together, consistent: saved
    expect((await update({ topup_min: 300_000, topup_presets: [300_000, 500_000] }).expect(200)).body.data).toMatchObject({
      topup_min: 300_000,
      topup_presets: [300_000, 500_000],
    });
  });

  it('is for owners only: a staff member gets 403, a customer and a signed-out caller 401', async () => {
    const staff = await newStaff(p.db, p.clock, { role: 'staff' });
    for (const res of [await read(staff.token), await update({ min_order: 1 }, staff.token)]) {
      expect([res.status, res.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    }
    const c = await p.newCustomer();
    for (const token of [c.token, undefined]) {
      expect((await callApi(p, shopSettingsApi.read, { token })).status).toBe(401);
      expect((await callApi(p, shopSettingsApi.update, { token, body: { min_order: 1 } })).status).toBe(401);
    }
    expect((await read()).body.data.min_order).toBe(15_000);
  });

  it('changes the currency of a fresh shop; once a top-up exists, refuses it with CURRENCY_LOCKED and says why', async () => {
    expect((await update({ currency: 'sgd', locale: 'en-SG' }).expect(200)).body.data).toMatchObject({
      currency: 'SGD',
      locale: 'en-SG',
      currency_locked: false,
    });
    expect(await customerSettings()).toMatchObject({ currency: 'SGD', locale: 'en-SG' });
    const c = await p.newCustomer();
    await callApi(p, walletApi.topup, { token: c.token, body: { amount: 10_000, idempotency_key: key() } }).expect(201);
    expect((await read()).body.data.currency_locked).toBe(true);
    const res = await update({ currency: 'PHP', min_order: 1 });
    expect([res.status, res.body.error.code, res.body.message]).toEqual([
      409,
      'CURRENCY_LOCKED',
      'The currency cannot change once customers have paid or topped up in it.',
    ]);
    expect(res.body.error.fields.currency).toMatch(/cannot change/);
    expect((await read()).body.data).toMatchObject({ currency: 'SGD', min_order: 15_000 });
    // the same currency, named again, is no change
    expect((await update({ currency: 'SGD', min_order: 1 }).expect(200)).body.data.min_order).toBe(1);
  });

  it('refuses a currency change once an order exists', async () => {
    const P = await products(p);
    const c = await p.newCustomer();
    await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: key() },
    }).expect(201);
    await p.db.deleteFrom('payments').execute(); // the order alone is enough
    const res = await update({ currency: 'USD' });
    expect([res.status, res.body.error.code]).toEqual([409, 'CURRENCY_LOCKED']);
    expect((await read()).body.data.currency).toBe('PHP');
  });

  it("moves the dashboard's today with the time zone", async () => {
    p.clock.set(new Date('2026-11-20T20:00:00.000Z')); // Saturday 04:00 in Manila, Friday 15:00 in New York
    const today = async () => (await callApi(p, dashboardApi.dashboard, { token: owner.token, query: { period: 'today' } }).expect(200)).body.data.period;
    expect(await today()).toMatchObject({ from: '2026-11-20T16:00:00.000Z', days: ['2026-11-21'] });
    await update({ timezone: 'America/New_York' }).expect(200);
    expect(await today()).toMatchObject({ from: '2026-11-20T05:00:00.000Z', days: ['2026-11-20'] });
  });

  it('keeps the delivery fee, total and points of an order already placed', async () => {
    const P = await products(p);
    const c = await p.newCustomer({ wallet: 200_000 });
    const address = await makeAddress(p, c.id);
    const body = {
      items: [{ product_id: P.latte.id, qty: 2 }],
      fulfilment: 'delivery',
      address_id: address,
      payment_method: 'gateway',
      idempotency_key: key(),
    };
    const placed = await callApi(p, ordersApi.create, { token: c.token, body }).expect(201);
    const order = placed.body.data.order;
    expect(order).toMatchObject({ delivery_fee: 4_900, total: 2 * P.latte.price + 4_900 });
    await update({ delivery_fee: 9_900, points_per_amount: 100, delivery_fee_earns_points: true }).expect(200);
    // paid after the change: the fee, total and points it was placed with
    const paymentId = (placed.body.data.payment_url as string).split('/').pop()!;
    const raw = webhookEvent(paymentId, order.total, 'payment.succeeded', unix(p));
    await postWebhook(p, raw, signature(raw, unix(p))).expect(200);
    const detail = (await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.name } }).expect(200)).body.data.order;
    expect(detail).toMatchObject({ status: 'paid', delivery_fee: 4_900, total: order.total, points_earned: Math.floor((2 * P.latte.price) / 1_000) });
    // a new quote follows the new fee
    const quote = await callApi(p, ordersApi.quote, { token: c.token, body: { items: body.items, fulfilment: 'delivery', address_id: address } }).expect(200);
    expect(quote.body.data.delivery_fee).toBe(9_900);
  });

  it('earns points on the subtotal after discount without the delivery fee; with it when the shop says so', async () => {
    const P = await products(p);
    const c = await p.newCustomer({ wallet: 500_000 });
    const address = await makeAddress(p, c.id);
    await update({ points_per_amount: 100 }).expect(200);
    const items = [{ product_id: P.latte.id, qty: 1 }];
    const place = async (voucher_id?: number) =>
      (
        await callApi(p, ordersApi.create, {
          token: c.token,
          body: { items, fulfilment: 'delivery', address_id: address, voucher_id, payment_method: 'wallet', idempotency_key: key() },
        }).expect(201)
      ).body.data.order;
    const quote = async () =>
      (await callApi(p, ordersApi.quote, { token: c.token, body: { items, fulfilment: 'delivery', address_id: address } }).expect(200)).body.data;
    expect((await quote()).points_to_earn).toBe(Math.floor(P.latte.price / 100));
    const without = await place(await makeVoucher(p, c.id, { discount: 2_000 }));
    expect(without).toMatchObject({ discount: 2_000, delivery_fee: 4_900, points_earned: Math.floor((P.latte.price - 2_000) / 100) });
    await update({ delivery_fee_earns_points: true }).expect(200);
    expect((await quote()).points_to_earn).toBe(Math.floor((P.latte.price + 4_900) / 100));
    const withFee = await place();
    expect(withFee.points_earned).toBe(Math.floor((P.latte.price + 4_900) / 100));
  });
});
