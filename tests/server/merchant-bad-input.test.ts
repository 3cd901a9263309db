/**
 * Bad input on every merchant console call that takes input (its own table: the shared bad-input table
 * has no staff sessions or one-time links). Each field missing, of the wrong type, too long, an unknown
 * role, a string PostgreSQL cannot store (NUL); every field bad at once; the whole body an array, a JSON
 * string, null, broken JSON, text/plain, over 64 KiB. Every answer is 400 VALIDATION naming each bad
 * field (or 413), never a 5xx, and nothing is written: the console's tables keep their row counts.
 * Each call's good input is tried last, so a 400 above is the bad field's doing.
 */
import { sql } from 'kysely';
import sharp from 'sharp';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '#contract/endpoints';
import { readOutbox } from '../../server/provider/auth/sender';
import { memberCodesFor } from '../../server/provider/rewards/voucher-codes';
import { createOwnerSetupLink } from '../../server/provider/staff/setup-link';
import { newIp } from './auth.helpers';
import { newStaff, newStaffEmail, STAFF_PASSWORD, type TestStaff } from './merchant.helpers';
import { describeDb, useTestProvider } from './support/provider';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake';
import { fakeSid, startTwilioFake, type TwilioFake } from '../fakes/twilio-fake';
import type { Call } from '#contract/api';
import { boardApi } from '#contract/board.calls';
import { campaignsConsoleApi } from '#contract/campaigns.calls';
import { channelsApi } from '#contract/channels.calls';
import { counterApi } from '#contract/counter.calls';
import { customersConsoleApi } from '#contract/customers.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { locationsConsoleApi } from '#contract/locations.calls';
import { loyaltyConsoleApi } from '#contract/loyalty.calls';
import { mediaApi } from '#contract/media.calls';
import { membersApi } from '#contract/members.calls';
import { menuApi } from '#contract/menu.calls';
import { offersConsoleApi } from '#contract/offers.calls';
import { feedbackConsoleApi } from '#contract/feedback.calls';
import { giftCardsConsoleApi } from '#contract/gift-cards.calls';
import { giftCardsPhysicalApi } from '#contract/gift-cards-physical.calls';
import { GIFT_SETTINGS } from './gift-cards.helpers';
import { apiKeysConsoleApi } from '#contract/api-keys.calls';
import { optionsApi } from '#contract/options.calls';
import { ordersApi, ordersConsoleApi } from '#contract/orders.calls';
import { privacyConsoleApi } from '#contract/privacy.calls';
import { referralsConsoleApi } from '#contract/referrals.calls';
import { rewardsApi, rewardsEditorApi } from '#contract/rewards.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { staffApi } from '#contract/staff.calls';
import { stampsConsoleApi } from '#contract/stamps.calls';
import { themeApi } from '#contract/theme.calls';
import { tiersConsoleApi } from '#contract/tiers.calls';
import { wheelEditorApi } from '#contract/wheel.calls';
import { webhooksApi } from '#contract/webhooks.calls';
import { tipsApi } from '#contract/tips.calls';
import { stationsApi } from '#contract/stations.calls';
import { tablesConsoleApi } from '#contract/tables.calls';
import { callApi } from '../support/calls';

type Json = unknown;
const NUL = 'a\u0000b';
const BAD_ID: Json[] = ['abc', '', -1, 0, 1.5, null, true, [1, 2], {}, 2 ** 31];
/** an id in a query string: always text there */
const BAD_QUERY_ID: Json[] = ['abc', '', '-1', '0', '1.5', '2147483648'];
const BAD_EMAIL: Json[] = ['', 'not-an-address', 'a@b', 42, null, ['a@b.com'], `${'a'.repeat(250)}@example.com`, NUL];
const BAD_NAME: Json[] = ['', '   ', 42, null, 'x'.repeat(81), NUL];
/** a thing's words in other languages (translations.ts): an unknown language, an unknown field, too long, not text */
const badTranslations = (field: string, max: number): Json[] => [
  'Filipino',
  42,
  null,
  [],
  { xx: { [field]: 'Kape' } },
  { FIL: { [field]: 'Kape' } },
  { fil: { colour: 'pula' } },
  { fil: { [field]: 'x'.repeat(max + 1) } },
  { fil: { [field]: 42 } },
  { fil: 'Kape' },
  { fil: { [field]: NUL } },
];
const BAD_PASSWORD: Json[] = ['', 'short', 'eleven char', 'x'.repeat(201), 12345678901234, null, ['correct horse battery'], NUL + 'x'.repeat(12)];
const BAD_TOKEN: Json[] = ['', 'short', 'has spaces in it and is long', 'x'.repeat(201), 42, null, NUL];
/** a table's label or an area's name: blank, not text, too long */
const BAD_TABLE_NAME = (max: number): Json[] => ['', '   ', 42, null, ['12'], 'x'.repeat(max + 1)];
const BAD_ROLE: Json[] = ['', 'admin', 'OWNER', 42, null, ['owner']];
/** a webhook endpoint's bad fields: addresses that are no https address on the internet, events off the catalogue */
const BAD_WEBHOOK: Record<string, Json[]> = {
  url: [
    '',
    'not a url',
    'ftp://example.com/x',
    'http://example.com/hooks',
    'https://127.0.0.1/x',
    'https://10.1.2.3/x',
    'https://169.254.169.254/latest',
    'https://[::1]/x',
    'https://localhost/x',
    'https://db.internal/x',
    'https://user:pw@example.com/x',
    `https://example.com/${'x'.repeat(2000)}`,
    42,
    null,
  ],
  description: ['x'.repeat(201), 42, ['x']],
  events: [[], ['order.eaten'], ['order.created', 'order.created'], 'order.created', null, [42]],
  enabled: ['yes', 1, null],
};
const GOOD_WEBHOOK = { url: 'https://hooks.example.com/in', description: 'Till', events: ['order.created'] };
const COUNTED = [
  'webhook_endpoints',
  'webhook_deliveries',
  'staff',
  'staff_sessions',
  'staff_links',
  'audit_log',
  'staff_login_failures',
  'theme_drafts',
  'theme_versions',
  'theme_preview_links',
  'media',
  'counter_redemptions',
  'counter_earns',
  'order_refunds',
  'order_events',
  'categories',
  'products',
  'rewards',
  'points_ledger',
  'notifications',
  'wheel_segments',
  'wheel_versions',
  'option_groups',
  'options',
  'product_option_groups',
  'locations',
  'location_unavailable_products',
  'staff_locations',
  'loyalty_rules',
  'loyalty_rule_uses',
  'loyalty_action_awards',
  'stamp_programs',
  'stamp_cards',
  'stamp_events',
  'tiers',
  'customer_tiers',
  'tier_welcomes',
  'offers',
  'offer_uses',
  'offer_code_batches',
  'offer_single_codes',
  'gift_card_settings',
  'gift_card_batches',
  'gift_card_ledger',
  'api_keys',
  'merchant_key_state',
  'stations',
  'station_routes',
  'station_tickets',
] as const;
const BAD_IMAGE: Json[] = [
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  'http://plain.example/a.png',
  '//evil.example/a.png',
  '/a b.png',
  42,
  null,
  `/${'x'.repeat(500)}`,
  `/a${NUL}`,
];
/** a gift card's number: empty, too short, a typo (its check character wrong), not text, too long */
const BAD_GIFT_NUMBER: Json[] = ['', 'ABCD-EFGH', '00000000000000001', 42, null, 'x'.repeat(41), ['00000000000000000']];
const BAD_COLOUR: Json[] = ['red', '#12345', '#1234567', 'rgb(0,0,0)', '', 42, null, NUL];
const BAD_CATEGORY: Json[] = ['', '   ', 42, null, 'x'.repeat(61), NUL];
const BAD_PRICE: Json[] = [-1, 1.5, '100', null, 100_000_001, [100]];
/** a product's preparation time (issue 54): negative, over 240, not whole, text, a list (null is the location's time, allowed) */
const BAD_PREP_MINUTES: Json[] = [-1, 241, 2.5, '20', [20], true];
const BAD_CODE: Json[] = ['', '   ', 'x'.repeat(201), 42, null, ['K7QM2XHD'], { code: 'K7QM2XHD' }];
const BAD_ORDER_NAME: Json[] = ['', '   ', 'x'.repeat(41), 42, null, ['A1B2C3']];
const BAD_OPTION_NAME: Json[] = ['', '   ', 42, null, 'x'.repeat(41), NUL];
const BAD_CHOICES: Json[] = [-1, 1.5, '1', null, 11];
const BAD_OPTIONS: Json[] = [
  [{ name: 'Oat', translations: { xx: { name: 'Gatas' } } }],
  [{ name: 'Oat', translations: { fil: { name: 'x'.repeat(41) } } }],
  [],
  'abc',
  42,
  null,
  [{}],
  [{ name: '' }],
  [{ name: 'Large', price_delta: -1 }],
  [{ name: 'Oat', is_default: 'yes' }],
  [{ name: 'A' }, { name: 'a' }],
  Array.from({ length: 21 }, (_, i) => ({ name: `O${i}` })),
];
const BAD_GROUP_IDS: Json[] = ['abc', 42, null, [0], ['x'], [1.5], [1, 1], Array.from({ length: 11 }, (_, i) => i + 1)];
const BAD_STATUS: Json[] = ['', 'done', 'PAID', 42, null, ['paid']];
const BAD_LOCATION_IDS: Json[] = ['abc', 42, null, [0], ['x'], [1.5], [2 ** 31], Array.from({ length: 101 }, (_, i) => i + 1), [999_999]];
/**
 * A good earning rule (a window), and each of its fields bad in its own ways; without its kind no other field
 * can be named (a bad kind: loyalty-rules.test.ts).
 */
const GOOD_RULE = { kind: 'window', name: 'Happy hour', days: ['tue'], start: '14:00', end: '16:00', multiplier: 2, limit_per_day: 1 };
const BAD_RULE_FIELDS: Record<string, Json[]> = {
  name: ['', '   ', 42, null, 'x'.repeat(61), NUL],
  days: [[], 'tue', ['funday'], null, Array(8).fill('tue')],
  start: ['2pm', '25:00', 42, null, '14:60'],
  end: ['13:00', '9:00', 42, '24:01'],
  multiplier: [1, 10.5, 1.25, '2', null],
  limit_per_day: [-1, 1.5, 101, '1', null],
  limit_total: [-1, 1.5, 1001],
};
/** A good offer's fields (its code made afresh for each use: a code is one offer's), and each field bad in its own ways. */
let offerSeq = 0;
const goodOffer = () => ({ title: '10% off this weekend', kind: 'percent_off', value: 10, code: `GOOD${++offerSeq}` });
const BAD_OFFER_ITEMS: Json[] = [
  'x',
  42,
  {},
  [{ qty: 1 }],
  { qty: 0, product_ids: [1] },
  { qty: 21, category_ids: [1] },
  { qty: 1, product_ids: ['x'] },
  { qty: 1, product_ids: [1, 1] },
  { qty: 1, category_ids: [0] },
  { qty: 1, product_ids: [1] },
];
const BAD_OFFER_FIELDS: Record<string, Json[]> = {
  title: ['', '   ', 42, null, 'x'.repeat(61), NUL],
  description: ['x'.repeat(201), 42, null, NUL],
  kind: ['', 'free_drink', 'PERCENT_OFF', 42, null, ['percent_off']],
  value: [0, -1, 1.5, '10', null, 100_000_001, 101],
  max_discount: [0, -1, 1.5, '100', [100]],
  // on a percentage off, a product or items that are the menu's are refused too: they are another kind's
  product_id: [0, -1, 1.5, 'x', [1], 999_999],
  buy: BAD_OFFER_ITEMS,
  get: BAD_OFFER_ITEMS,
  max_applications: [0, -1, 1.5, '2', 101, 2],
  // null is an automatic offer's
  code: ['', 'ab', 'KOPI 10', 'K'.repeat(21), 'KÖPI10', 42, NUL],
  min_spend: [-1, 1.5, '0', null],
  starts_at: ['tomorrow', '2026-13-01T00:00:00Z', '2026-12-01', 42, null],
  ends_at: ['next week', 42, '2026-12-01', '2000-01-01T00:00:00Z'],
  days: ['mon', 42, null, ['funday'], ['mon', 'mon'], ['MON']],
  hours: ['14:00', 42, {}, { start: '14:00' }, { start: '2pm', end: '5pm' }, { start: '17:00', end: '09:00' }, { start: '25:00', end: '26:00' }],
  rrule: ['', 42, 'every day', 'FREQ=SOMETIMES', 'DTSTART:20260101T000000Z', 'x'.repeat(201), 'FREQ=DAILY;BYDAY=XX'],
  fulfilments: [[], 'pickup', ['eat_in'], null, ['pickup', 'pickup'], ['pickup', 'delivery', 'pickup']],
  location_ids: BAD_LOCATION_IDS,
  audience: ['', 'vip', 'EVERYONE', 42, null],
  // a tier or a list on an audience of everyone is refused too
  tier_position: [-1, 5, 1.5, '1', [1], 1],
  customers: ['x', 42, [''], ['ab'], [0], [null], [999_999], Array(5001).fill(1)],
  max_uses: [0, -1, 1.5, '5', 1_000_001],
  max_discount_total: [0, -1, 1.5, '100'],
  per_customer_limit: [0, -1, 1.5, '1', 1001],
  combines_with_voucher: ['yes', 1, null],
  single_use: ['yes', 1, null],
  points_on_discounted: ['no', 0, null],
};
/** A good tier programme, and its tiers bad in their own ways (each named by its place: tiers.1.threshold). */
const GOOD_TIERS = {
  enabled: true,
  basis: 'points',
  tiers: [
    { name: 'Bean', threshold: 0 },
    { name: 'Brew', threshold: 300, multiplier: 1.25 },
  ],
};
const BAD_TIERS: Json[] = [
  [],
  'three',
  null,
  [{ name: 'Bean', threshold: 10 }],
  Array.from({ length: 6 }, (_, i) => ({ name: `T${i}`, threshold: i * 10 })),
  [
    { name: 'Bean', threshold: 0 },
    { name: 'bean', threshold: 10 },
  ],
  [
    { name: 'Bean', threshold: 0 },
    { name: 'Brew', threshold: 0 },
  ],
  [{ name: '', threshold: 0 }],
  [{ name: 'Bean', threshold: 0, multiplier: 1.255 }],
  [{ name: 'Bean', threshold: 0, multiplier: 0.5 }],
  [{ name: 'Bean', threshold: -1 }],
  [{ name: 'Bean', threshold: 0, welcome_reward_id: 999_999 }],
  [{ name: 'Bean', threshold: 0, birthday_reward_id: 'cake' }],
  [{ name: 'Bean', threshold: 0, early_reward_ids: [999_999] }],
  [{ name: 'Bean', threshold: 0, early_reward_ids: 'all' }],
];
const BAD_RULE: Json[] = [
  null,
  'x',
  42,
  [],
  {},
  { kind: 'window', name: 'x' },
  { ...GOOD_RULE, kind: 'stamp' },
  { ...GOOD_RULE, start: '16:00', end: '14:00' },
];
/** A stamp card programme's fields, each bad in its own ways (products or categories that do not exist, a retired reward: stamp-cards.test.ts). */
const BAD_STAMP_FIELDS: Record<string, Json[]> = {
  name: ['', '   ', 42, null, 'x'.repeat(61), NUL],
  product_ids: [[], 'abc', 42, null, [0], ['x'], [1.5], Array.from({ length: 101 }, (_, i) => i + 1)],
  category_ids: ['abc', 42, null, [0], ['x'], Array.from({ length: 51 }, (_, i) => i + 1)],
  per: ['', 'day', 'ITEM', 42, null],
  stamps_needed: [1, 31, 1.5, '10', null],
  reward_id: BAD_ID,
  expiry_days: [-1, 731, 1.5, '30', null],
};
const BAD_STAMP_PROGRAM: Json[] = [null, 'x', 42, [], {}, { name: 'Coffee card' }];
const DAILY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '07:00', close: '19:00' }]]));
/** A location's fields, each bad in its own ways: its type, its range, and the rules between fields (checked on the location as it would be). */
const BAD_LOCATION: Record<string, Json[]> = {
  name: ['', '   ', 42, null, 'x'.repeat(61), NUL],
  address: ['', 42, null, 'x'.repeat(201), NUL],
  lat: [91, -91, '14.5', true, null],
  lng: [181, 'east', true],
  phone: ['not a phone', 42, null, 'x'.repeat(31)],
  timezone: ['Mars/Olympus', '+08:00', 42, null],
  hours: [
    null,
    'always',
    [],
    { ...DAILY, mon: [{ open: '7:00', close: '19:00' }] },
    {
      ...DAILY,
      mon: [
        { open: '07:00', close: '12:00' },
        { open: '11:00', close: '15:00' },
      ],
    },
    { ...DAILY, funday: [] },
    { ...DAILY, tue: Array.from({ length: 5 }, () => ({ open: '07:00', close: '08:00' })) },
  ],
  exceptions: [
    'none',
    null,
    [{ date: '2026-02-30', periods: [] }],
    [{ date: '2026-12-25' }],
    [
      { date: '2026-12-25', periods: [] },
      { date: '2026-12-25', periods: [] },
    ],
  ],
  pickup: ['yes', 1, null],
  prep_minutes: [-1, 1.5, '10', null, 241],
  slot_minutes: [0, 7, '15', null, 120],
  slot_capacity: [0, 1.5, '10', null, 1001],
  delivery_areas: [
    'everywhere',
    null,
    [{ kind: 'square', name: 'A', fee: null, min_order: null }],
    [{ kind: 'radius', name: 'Far', radius_km: 101, fee: null, min_order: null }],
    [{ kind: 'radius', name: 'A', radius_km: 3, fee: -1, min_order: null }],
    [
      {
        kind: 'polygon',
        name: 'Open ring',
        fee: null,
        min_order: null,
        polygon: {
          type: 'Polygon',
          coordinates: [
            [
              [121, 14],
              [121.1, 14],
              [121.1, 14.1],
              [121, 14.1],
            ],
          ],
        },
      },
    ],
    [{ kind: 'polygon', name: 'Not GeoJSON', fee: null, min_order: null, polygon: { type: 'Point', coordinates: [121, 14] } }],
  ],
  unavailable_product_ids: ['abc', null, [0], ['x'], [999_999]],
};
const GOOD_LOCATION = {
  name: 'BGC',
  address: '30th Street, Taguig',
  lat: 14.55,
  lng: 121.05,
  phone: '+63 2 8000 0000',
  timezone: 'Asia/Manila',
  hours: DAILY,
  exceptions: [{ date: '2026-12-25', periods: [], note: 'Christmas' }],
  pickup: true,
  prep_minutes: 10,
  slot_minutes: 15,
  slot_capacity: 10,
  delivery_areas: [{ kind: 'radius', name: 'Near', radius_km: 3, fee: null, min_order: null }],
  unavailable_product_ids: [],
};

interface Spec {
  /** the call's declaration: its method and path */
  call: Call<unknown, any>;
  /** who calls: nobody (sign-in calls) or an owner */
  owner: boolean;
  valid: () => Promise<Record<string, Json>>;
  bad: Record<string, Json[]>;
  required: string[];
}

// the services the console connects, as local stand-ins: a good input is tested against them before it is saved
const STRIPE_KEY = 'sk_test_BADINPUTSTRIPEKEY0000';
const TWILIO = { accountSid: fakeSid('AC'), authToken: 'bad-input-token', from: '+14155550188' };
let stripe: StripeFake;
let twilio: TwilioFake;
const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
let smtpPort = 0;
beforeAll(async () => {
  stripe = await startStripeFake({ secretKey: STRIPE_KEY });
  twilio = await startTwilioFake({ ...TWILIO, numbers: [TWILIO.from] });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await stripe?.close();
  await twilio?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describeDb('bad input on every merchant console call', (kind) => {
  const p = useTestProvider(kind, () => ({ channelEndpoints: { stripeApiBase: `http://127.0.0.1:${stripe.port}`, twilioApiBase: twilio.origin } }));
  let owner: TestStaff;
  let member: TestStaff;

  beforeAll(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    member = await newStaff(p.db, p.clock, { role: 'staff' });
  });

  /** A customer's active voucher's fresh QR code, and a wallet order (for the counter's and the board's good input). */
  const voucherCode = async () => {
    const c = await p.newCustomer({ points: 10_000 });
    const { rewards } = (await callApi(p, rewardsApi.list)).body.data as { rewards: { name: string; points_cost: number; stock: number | null }[] };
    const reward = rewards.filter((r) => r.stock === null || r.stock > 5).sort((a, b) => a.points_cost - b.points_cost)[0]!;
    const v = (await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: `k-${Math.random()}` } }).expect(201)).body
      .data.voucher as { id: number };
    return (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id: v.id } }).expect(200)).body.data.current.qr as string;
  };
  /** A customer's member card's fresh QR code (for the counter's member look-up). */
  const memberCode = async (customer?: { token: string }) => {
    const c = customer ?? (await p.newCustomer());
    return (await callApi(p, membersApi.card, { token: c.token }).expect(200)).body.data.current.qr as string;
  };
  /** A customer with points enough for the cheapest reward in stock (for the counter's redemption from the member card). */
  const cheapestReward = async () => {
    const { rewards } = (await callApi(p, rewardsApi.list)).body.data as {
      rewards: { name: string; points_cost: number; stock: number | null; per_customer_limit: number | null }[];
    };
    const reward = rewards.filter((r) => (r.stock === null || r.stock > 5) && r.per_customer_limit === null).sort((a, b) => a.points_cost - b.points_cost)[0]!;
    return { customer_id: (await p.newCustomer({ points: 10_000 })).id, reward: reward.name };
  };
  const earnFor = async () => ({
    customer_id: (await p.newCustomer()).id,
    amount: 100_000,
    items: [{ product_id: await anyProduct(), qty: 2 }],
    idempotency_key: `k-${Math.random()}`,
  });
  /** an earning rule of the owner's, for the calls that change one */
  /** a referral of two new customers, for the console's void */
  const newReferral = async () => {
    const [a, b] = [await p.newCustomer(), await p.newCustomer()];
    return (
      await p.db.insertInto('referrals').values({ referrer_id: a.id, friend_id: b.id, signed_up_at: p.clock.now() }).returning('id').executeTakeFirstOrThrow()
    ).id;
  };
  /** a referral held for review (a fraud signal matched), with a paid order, for the console's approve and reject */
  const heldReferral = async () => {
    const [a, b] = [await p.newCustomer(), await p.newCustomer()];
    const order = await p.db
      .selectFrom('orders')
      .select('id')
      .where('name', '=', await walletOrder())
      .executeTakeFirstOrThrow();
    const values = {
      referrer_id: a.id,
      friend_id: b.id,
      signed_up_at: p.clock.now(),
      status: 'review' as const,
      order_id: order.id,
      signals: JSON.stringify(['address']),
    };
    return { id: (await p.db.insertInto('referrals').values(values).returning('id').executeTakeFirstOrThrow()).id };
  };
  /** a printed gift card's number (gift cards on), inactive, or sold for `amount` */
  const printedCard = async (amount?: number) => {
    await callApi(p, giftCardsConsoleApi.update, { token: owner.token, body: GIFT_SETTINGS }).expect(200);
    const batch = (await callApi(p, giftCardsPhysicalApi.createBatch, { token: owner.token, body: { label: 'Bad input', count: 1 } }).expect(201)).body.data
      .batch.id as number;
    const { number } = await p.db.selectFrom('gift_cards').select('number').where('batch_id', '=', batch).executeTakeFirstOrThrow();
    if (amount)
      await callApi(p, giftCardsPhysicalApi.activate, { token: owner.token, body: { number, amount, idempotency_key: `k-${Math.random()}` } }).expect(201);
    return { number, batch };
  };
  const newKey = async () =>
    (await callApi(p, apiKeysConsoleApi.create, { token: owner.token, body: { name: 'Front till', scopes: ['orders:write'] } }).expect(201)).body.data.key
      .id as number;
  const newOffer = async () => (await callApi(p, offersConsoleApi.create, { token: owner.token, body: goodOffer() }).expect(201)).body.data.offer.id as number;
  const newSingleUseOffer = async () =>
    (await callApi(p, offersConsoleApi.create, { token: owner.token, body: { ...goodOffer(), code: null, single_use: true } }).expect(201)).body.data.offer
      .id as number;
  const newCodeBatch = async () =>
    (await callApi(p, offersConsoleApi.createCodes, { token: owner.token, body: { offer_id: await newSingleUseOffer(), count: 2 } }).expect(201)).body.data
      .batch.id as number;
  const newWebhook = async () => (await callApi(p, webhooksApi.create, { token: owner.token, body: GOOD_WEBHOOK }).expect(201)).body.data.endpoint.id as number;
  const newDelivery = async () => {
    const endpointId = await newWebhook();
    const now = p.clock.now();
    const row = { endpoint_id: endpointId, event_type: 'order.created', message_id: 'msg_badinput', payload: '{}', next_at: now, created_at: now };
    return (await p.db.insertInto('webhook_deliveries').values(row).returning('id').executeTakeFirstOrThrow()).id;
  };
  const newRule = async () => (await callApi(p, loyaltyConsoleApi.create, { token: owner.token, body: GOOD_RULE }).expect(201)).body.data.rule.id as number;
  /** a stamp card programme: a product of the menu and an offered reward */
  const goodStamps = async () => ({
    name: 'Coffee card',
    product_ids: [await anyProduct()],
    category_ids: [],
    per: 'item',
    stamps_needed: 10,
    reward_id: (await p.db.selectFrom('rewards').select('id').where('active', '=', true).orderBy('id').executeTakeFirstOrThrow()).id,
    expiry_days: 365,
  });
  const newStamps = async () =>
    (await callApi(p, stampsConsoleApi.create, { token: owner.token, body: await goodStamps() }).expect(201)).body.data.program.id as number;
  const walletOrder = async () => {
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const product = await p.db.selectFrom('products').select('id').where('name', '=', 'Spanish latte').executeTakeFirstOrThrow();
    return (
      await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: product.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: `k-${Math.random()}` },
      }).expect(201)
    ).body.data.order.name as string;
  };

  /** A dine-in order to be paid at the counter (issue 54), at a table of its own: the shop's switches on for it. */
  const counterOrder = async () => {
    await callApi(p, shopSettingsApi.update, { token: owner.token, body: { dine_in: true, pay_at_counter: true } }).expect(200);
    const label = `PC${Math.random().toString(36).slice(2, 8)}`;
    const tables = await callApi(p, tablesConsoleApi.create, { token: owner.token, body: { location_id: await locationId(), label } }).expect(201);
    const code = (tables.body.data.tables as { label: string; code: string }[]).find((t) => t.label === label)!.code;
    const c = await p.newCustomer();
    const product = await p.db.selectFrom('products').select('id').where('name', '=', 'Spanish latte').executeTakeFirstOrThrow();
    return (
      await callApi(p, ordersApi.create, {
        token: c.token,
        body: {
          items: [{ product_id: product.id, qty: 2 }],
          fulfilment: 'dine_in',
          table_code: code,
          payment_method: 'counter',
          idempotency_key: `k-${Math.random()}`,
        },
      }).expect(201)
    ).body.data.order.name as string;
  };

  /** A kitchen display station of the test's own (a row, as the owner's call writes it). */
  const newStation = async () =>
    (await p.db.insertInto('stations').values({ name: 'Bar', created_at: p.clock.now() }).returning('id').executeTakeFirstOrThrow()).id;
  /** A paid order's ticket at a station: the order routed by a look at the screen, and the station its line went to. */
  const stationTicket = async () => {
    await newStation();
    const order = await walletOrder();
    const first = await p.db.selectFrom('stations').select('id').executeTakeFirstOrThrow();
    await callApi(p, stationsApi.tickets, { token: owner.token, query: { station_id: first.id } }).expect(200);
    const t = await p.db
      .selectFrom('station_tickets as t')
      .innerJoin('orders as o', 'o.id', 't.order_id')
      .select(['t.station_id', 't.order_item_id'])
      .where('o.name', '=', order)
      .executeTakeFirstOrThrow();
    return { station_id: t.station_id, order, line_ids: [t.order_item_id] };
  };

  /** A rating of a completed order (written as the customer's call writes it; the order moved on by the provider itself). */
  const newFeedback = async () => {
    const name = await walletOrder();
    const order = await p.db
      .updateTable('orders')
      .set({ status: 'completed' })
      .where('name', '=', name)
      .returning(['id', 'customer_id'])
      .executeTakeFirstOrThrow();
    const row = { order_id: order.id, customer_id: order.customer_id, rating: 2, created_at: p.clock.now() };
    return (await p.db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow()).id;
  };

  /** The first location's editable fields as they are (changing it to itself leaves the other rows' orders alone). */
  const firstLocation = async () => {
    const l = (await callApi(p, locationsConsoleApi.all, { token: owner.token }).expect(200)).body.data.locations[0] as Record<string, Json>;
    return Object.fromEntries(['id', ...Object.keys(GOOD_LOCATION)].map((k) => [k, l[k]]));
  };
  const locationId = async () => (await p.db.selectFrom('locations').select('id').orderBy('position').orderBy('id').executeTakeFirstOrThrow()).id;
  let made = 0;
  const newArea = async () =>
    (
      await p.db
        .insertInto('dining_areas')
        .values({ location_id: await locationId(), name: `Area ${++made}`, created_at: p.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const newTable = async () =>
    (
      await p.db
        .insertInto('dining_tables')
        .values({ location_id: await locationId(), label: `T${++made}`, created_at: p.clock.now(), updated_at: p.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const newCategory = async () =>
    (await callApi(p, menuApi.createCategory, { token: owner.token, body: { name: `C ${Math.random()}` } }).expect(201)).body.data.category.id as number;
  const anyProduct = async () => (await p.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const newGroup = async () =>
    (
      await callApi(p, optionsApi.createGroup, {
        token: owner.token,
        body: {
          name: 'Size',
          min_choices: 1,
          max_choices: 1,
          options: [
            { name: 'Regular', is_default: true },
            { name: 'Large', price_delta: 2_000 },
          ],
        },
      }).expect(201)
    ).body.data.group as { id: number; options: { id: number }[] };
  const freshProduct = async (categoryId?: number) =>
    (
      await callApi(p, menuApi.createProduct, {
        token: owner.token,
        body: { category_id: categoryId ?? (await newCategory()), name: 'Fresh scone', price: 9_000 },
      }).expect(201)
    ).body.data.product.id as number;
  const categoryOfTwo = async () => {
    const categoryId = await newCategory();
    return { category_id: categoryId, ids: [await freshProduct(categoryId), await freshProduct(categoryId)].reverse() };
  };
  const allCategories = async () => (await p.db.selectFrom('categories').select('id').orderBy('position').orderBy('id').execute()).map((c) => c.id);

  const inviteToken = async () =>
    (await callApi(p, staffApi.invite, { token: owner.token, body: { role: 'staff' } }).expect(201)).body.data.invite_token as string;

  const SPECS: Spec[] = [
    {
      call: staffApi.setup,
      owner: false,
      valid: async () => ({ token: await createOwnerSetupLink(p.db, p.clock), name: 'Olive Owner', email: newStaffEmail(), password: STAFF_PASSWORD }),
      bad: { token: BAD_TOKEN, name: BAD_NAME, email: BAD_EMAIL, password: BAD_PASSWORD },
      required: ['token', 'name', 'email', 'password'],
    },
    {
      call: staffApi.acceptInvite,
      owner: false,
      valid: async () => ({ token: await inviteToken(), name: 'Sam Staff', email: newStaffEmail(), password: STAFF_PASSWORD }),
      bad: { token: BAD_TOKEN, name: BAD_NAME, email: BAD_EMAIL, password: BAD_PASSWORD },
      required: ['token', 'name', 'email', 'password'],
    },
    {
      call: staffApi.login,
      owner: false,
      valid: async () => ({ email: member.email, password: STAFF_PASSWORD }),
      bad: { email: BAD_EMAIL, password: ['', 'x'.repeat(201), 42, null, ['x'], NUL] },
      required: ['email', 'password'],
    },
    {
      call: staffApi.invite,
      owner: true,
      valid: async () => ({ role: 'staff', email: newStaffEmail() }),
      bad: { role: BAD_ROLE, email: BAD_EMAIL.filter((e) => e !== null), password: ['', 'x'.repeat(201), 42, ['x'], NUL] },
      required: ['role'],
    },
    {
      call: staffApi.revokeInvite,
      owner: true,
      valid: async () => ({ id: (await callApi(p, staffApi.invite, { token: owner.token, body: { role: 'staff' } }).expect(201)).body.data.id }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: staffApi.link,
      owner: false,
      valid: async () => ({ token: await inviteToken() }),
      bad: { token: BAD_TOKEN },
      required: ['token'],
    },
    {
      call: staffApi.forgot,
      owner: false,
      valid: async () => ({ email: member.email }),
      bad: { email: BAD_EMAIL },
      required: ['email'],
    },
    {
      call: staffApi.reset,
      owner: false,
      valid: async () => {
        // someone of their own, from an address of their own: one client may ask 10 times an hour
        const forgetful = await newStaff(p.db, p.clock, { role: 'staff' });
        await callApi(p, staffApi.forgot, { body: { email: forgetful.email }, ip: newIp() }).expect(200);
        // the link and then its e-mail are made after the answer
        await expect.poll(async () => (await readOutbox(p.db, forgetful.email)).length).toBe(1);
        const [mail] = await readOutbox(p.db, forgetful.email);
        return { token: /#([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!, password: STAFF_PASSWORD };
      },
      bad: { token: BAD_TOKEN, password: BAD_PASSWORD },
      required: ['token', 'password'],
    },
    {
      call: staffApi.password,
      owner: true,
      valid: async () => ({ current_password: STAFF_PASSWORD, new_password: STAFF_PASSWORD }),
      bad: { current_password: ['', 'x'.repeat(201), 42, null, ['x']], new_password: BAD_PASSWORD },
      required: ['current_password', 'new_password'],
    },
    {
      call: staffApi.update,
      owner: true,
      valid: async () => ({ id: member.id, role: 'staff', location_ids: [] }),
      bad: { id: BAD_ID, role: BAD_ROLE, location_ids: BAD_LOCATION_IDS },
      required: ['id'],
    },
    {
      call: staffApi.remove,
      owner: true,
      valid: async () => ({ id: (await newStaff(p.db, p.clock, { role: 'staff' })).id }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: themeApi.saveDraft,
      owner: true,
      valid: async () => (await callApi(p, themeApi.draft, { token: owner.token }).expect(200)).body.data.theme,
      bad: {
        setting_company: BAD_NAME,
        post_title: BAD_IMAGE,
        post_file: BAD_IMAGE,
        landing_body_background_image: BAD_IMAGE,
        landing_body_background_color: BAD_COLOUR,
        version: ['Medium', 'lite', '', 42, null],
        brand_color: BAD_COLOUR,
        accent_color: BAD_COLOUR,
        brand_text_color: BAD_COLOUR.filter((c) => c !== null),
        landing_text_color: BAD_COLOUR.filter((c) => c !== null),
        unknown_setting: ['#000000', 1, null],
      },
      required: [
        'setting_company',
        'post_title',
        'post_file',
        'landing_body_background_image',
        'landing_body_background_color',
        'version',
        'brand_color',
        'accent_color',
      ],
    },
    {
      call: themeApi.restore,
      owner: true,
      valid: async () => ({ id: (await callApi(p, themeApi.publish, { token: owner.token }).expect(200)).body.data.version.id }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: themeApi.preview,
      owner: false,
      valid: async () => ({ token: (await callApi(p, themeApi.previewLink, { token: owner.token }).expect(201)).body.data.preview_token }),
      bad: { token: ['', 'short', 'has spaces in it and is long', 'x'.repeat(201), `${'x'.repeat(30)}${NUL}`] },
      required: ['token'],
    },
    {
      call: mediaApi.upload,
      owner: true,
      valid: async () => ({
        file: (
          await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
            .png()
            .toBuffer()
        ).toString('base64'),
        name: 'logo.png',
        type: 'image/png',
      }),
      bad: {
        file: ['', 'not base64!', '====', 42, null, ['iVBORw0KGgo='], { data: 'x' }, NUL, 'A'.repeat(2_796_208)],
        name: [42, null, 'x'.repeat(256), NUL],
        type: [42, null, 'x'.repeat(101), NUL],
        purpose: ['', 'poster', 42, null],
      },
      required: ['file'],
    },
    {
      call: staffApi.audit,
      owner: true,
      valid: async () => ({ page: '1', person: String(owner.id), kind: 'team', from: '2026-11-01', to: '2026-11-30' }),
      bad: {
        page: ['0', '-1', '1.5', 'two', '100001', ''],
        person: ['nobody', '0', '-1', '1.5', ''],
        kind: ['all', 'Team', ''],
        from: ['', '2026-02-30', '1 Nov'],
        to: ['', 'tomorrow'],
      },
      required: [],
    },
    {
      call: menuApi.createCategory,
      owner: true,
      valid: async () => ({ name: 'Seasonal' }),
      bad: { name: BAD_CATEGORY, translations: badTranslations('name', 60) },
      required: ['name'],
    },
    {
      call: menuApi.renameCategory,
      owner: true,
      valid: async () => ({ id: await newCategory(), name: 'Autumn' }),
      bad: { id: BAD_ID, name: BAD_CATEGORY, translations: badTranslations('name', 60) },
      required: ['id', 'name'],
    },
    {
      call: menuApi.reorderCategories,
      owner: true,
      valid: async () => ({ ids: (await allCategories()).reverse() }),
      bad: { ids: [[], 'abc', 42, null, [0], ['x'], [1.5], Array.from({ length: 201 }, (_, i) => i + 1)] },
      required: ['ids'],
    },
    {
      call: menuApi.deleteCategory,
      owner: true,
      valid: async () => ({ id: await newCategory() }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: menuApi.archiveCategoryProducts,
      owner: true,
      valid: async () => ({ id: await newCategory() }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: menuApi.createProduct,
      owner: true,
      valid: async () => ({ category_id: await newCategory(), name: 'Pumpkin latte', description: 'Autumn only.', price: 18_500, image: '', available: true }),
      bad: {
        category_id: BAD_ID,
        name: BAD_NAME,
        description: [42, null, 'x'.repeat(501), NUL],
        price: BAD_PRICE,
        image: BAD_IMAGE,
        available: ['yes', 1, null],
        option_group_ids: BAD_GROUP_IDS,
        prep_minutes: BAD_PREP_MINUTES,
        translations: [...badTranslations('name', 80), { id: { description: 'x'.repeat(501) } }],
      },
      required: ['category_id', 'name', 'price'],
    },
    {
      call: menuApi.updateProduct,
      owner: true,
      valid: async () => ({ id: await anyProduct(), price: 15_500 }),
      bad: {
        id: BAD_ID,
        price: BAD_PRICE,
        name: BAD_NAME,
        image: BAD_IMAGE,
        available: ['yes', 1, null],
        option_group_ids: BAD_GROUP_IDS,
        prep_minutes: BAD_PREP_MINUTES,
        translations: badTranslations('description', 500),
      },
      required: ['id'],
    },
    {
      call: menuApi.archiveProduct,
      owner: true,
      valid: async () => ({ id: await freshProduct() }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: menuApi.restoreProduct,
      owner: true,
      valid: async () => ({ id: await freshProduct() }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: menuApi.deleteProduct,
      owner: true,
      valid: async () => ({ id: await freshProduct() }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: menuApi.reorderProducts,
      owner: true,
      valid: categoryOfTwo,
      bad: { category_id: BAD_ID, ids: [[], 'abc', 42, null, [0], ['x'], [1.5], Array.from({ length: 501 }, (_, i) => i + 1)] },
      required: ['category_id', 'ids'],
    },
    {
      call: optionsApi.createGroup,
      owner: true,
      valid: async () => ({
        name: 'Milk',
        min_choices: 1,
        max_choices: 1,
        options: [
          { name: 'Whole', is_default: true },
          { name: 'Oat', price_delta: 2_500 },
        ],
      }),
      bad: {
        name: BAD_OPTION_NAME,
        min_choices: BAD_CHOICES,
        max_choices: [0, 1.5, '1', null, 11],
        options: BAD_OPTIONS,
        translations: badTranslations('name', 40),
      },
      required: ['name', 'min_choices', 'max_choices', 'options'],
    },
    {
      call: optionsApi.updateGroup,
      owner: true,
      valid: async () => {
        const g = await newGroup();
        return {
          id: g.id,
          name: 'Cup',
          min_choices: 0,
          max_choices: 1,
          options: [{ id: g.options[1]!.id, name: 'Large', price_delta: 3_000 }, { name: 'Small' }],
        };
      },
      bad: {
        id: BAD_ID,
        name: BAD_OPTION_NAME,
        min_choices: BAD_CHOICES,
        max_choices: [0, 1.5, '1', null, 11],
        options: [...BAD_OPTIONS, [{ id: 999_999, name: 'Large' }], [{ id: 'one', name: 'Large' }]],
      },
      required: ['id', 'name', 'min_choices', 'max_choices', 'options'],
    },
    {
      call: optionsApi.deleteGroup,
      owner: true,
      valid: async () => ({ id: (await newGroup()).id }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: optionsApi.setAvailability,
      owner: true,
      valid: async () => ({ id: (await newGroup()).options[0]!.id, available: false }),
      bad: { id: BAD_ID, available: ['yes', 1, null, 'false'] },
      required: ['id', 'available'],
    },
    {
      call: rewardsEditorApi.create,
      owner: true,
      valid: async () => ({
        title: 'Free matcha',
        description: 'Any size.',
        image: '',
        points_cost: 200,
        stock_total: 10,
        valid_days: 30,
        per_customer_limit: null,
        discount_amount: 0,
        active: true,
      }),
      bad: {
        title: BAD_NAME,
        description: [42, null, 'x'.repeat(501), NUL],
        image: BAD_IMAGE,
        points_cost: [0, -1, 1.5, '200', null, 1_000_001],
        stock_total: [-1, 1.5, '10', 1_000_001],
        valid_days: [0, 1.5, '30', null, 3651],
        per_customer_limit: [0, 1.5, '1', 1001],
        discount_amount: BAD_PRICE,
        active: ['yes', 1, null],
        product_id: BAD_ID.filter((v) => v !== null),
        translations: [...badTranslations('title', 80), { id: { description: 'x'.repeat(501) } }],
      },
      required: ['title', 'points_cost', 'stock_total', 'valid_days'],
    },
    {
      call: rewardsEditorApi.update,
      owner: true,
      valid: async () => ({ name: (await p.db.selectFrom('rewards').select('name').orderBy('id').executeTakeFirstOrThrow()).name, points_cost: 60 }),
      bad: {
        name: ['', 'Not A Slug', 42, null, 'x'.repeat(65)],
        points_cost: [0, -1, 1.5, '200', null],
        stock_total: [-1, 1.5, '10'],
        active: ['yes', 1, null],
        product_id: BAD_ID.filter((v) => v !== null),
        translations: badTranslations('description', 500),
      },
      required: ['name'],
    },
    {
      call: customersConsoleApi.search,
      owner: true,
      valid: async () => ({ q: 'ana', page: '1' }),
      bad: { q: ['x'.repeat(101), 'y'.repeat(150)], page: ['0', '-1', '1.5', 'two', ''] },
      required: [],
    },
    {
      call: customersConsoleApi.detail,
      owner: true,
      valid: async () => ({ id: String((await p.newCustomer()).id) }),
      bad: { id: ['abc', '0', '-1', '1.5', ''] },
      required: ['id'],
    },
    {
      call: privacyConsoleApi.dataExport,
      owner: true,
      valid: async () => ({ customer_id: String((await p.newCustomer()).id) }),
      bad: { customer_id: ['abc', '0', '-1', '1.5', ''] },
      required: ['customer_id'],
    },
    {
      call: privacyConsoleApi.requestDeletion,
      owner: true,
      valid: async () => ({ customer_id: (await p.newCustomer()).id }),
      bad: { customer_id: BAD_ID },
      required: ['customer_id'],
    },
    {
      call: privacyConsoleApi.cancelDeletion,
      owner: true,
      valid: async () => ({ customer_id: (await p.newCustomer()).id }),
      bad: { customer_id: BAD_ID },
      required: ['customer_id'],
    },
    {
      call: customersConsoleApi.adjustPoints,
      owner: true,
      valid: async () => ({ customer_id: (await p.newCustomer({ points: 100 })).id, points: 25, reason: 'A thank-you', idempotency_key: `k-${Math.random()}` }),
      bad: {
        customer_id: BAD_ID,
        points: [0, 1.5, '25', null, 1_000_001, -1_000_001],
        reason: ['', '  ', 'ab', 42, null, 'x'.repeat(201)],
        idempotency_key: ['', 42, null, 'x'.repeat(65)],
      },
      required: ['customer_id', 'points', 'reason', 'idempotency_key'],
    },
    {
      call: wheelEditorApi.publish,
      owner: true,
      valid: async () => ({
        segments: [
          { label: '10 pts', prize_type: 'points', points: 10, weight: 3 },
          { label: 'Try again', prize_type: 'none', weight: 1 },
        ],
        spin_cost_points: 20,
        free_spins_per_day: 1,
      }),
      bad: {
        segments: [
          [],
          'abc',
          null,
          42,
          [{ label: '', prize_type: 'none', weight: 1 }],
          [{ label: 'x', prize_type: 'cash', weight: 1 }],
          [{ label: 'x', prize_type: 'none', weight: 0 }],
          [{ label: 'x', prize_type: 'points', weight: 1 }],
          Array.from({ length: 25 }, () => ({ label: 'x', prize_type: 'none', weight: 1 })),
        ],
        spin_cost_points: [-1, 1.5, '20', null, 100_001],
        free_spins_per_day: [-1, 2, 1.5, '1', null],
      },
      required: ['segments', 'spin_cost_points', 'free_spins_per_day'],
    },
    {
      call: dashboardApi.exportOrders,
      owner: true,
      valid: async () => ({ from: '2026-11-01', to: '2026-11-30' }),
      bad: { from: ['', '2026-13-01', '2026-02-30', '1 Nov', '20261101'], to: ['', '2026-11-31', 'tomorrow', '2026/11/30'], location_id: BAD_QUERY_ID },
      required: ['from', 'to'],
    },
    {
      call: dashboardApi.exportLedger,
      owner: true,
      valid: async () => ({ from: '2026-11-01', to: '2026-11-30' }),
      bad: { from: ['', '2026-13-01', '2026-02-30', '1 Nov'], to: ['', '2026-11-31', 'tomorrow'], location_id: BAD_QUERY_ID },
      required: ['from', 'to'],
    },
    {
      call: dashboardApi.exportGiftCards,
      owner: true,
      valid: async () => ({ from: '2026-11-01', to: '2026-11-30' }),
      bad: { from: ['', '2026-13-01', '2026-02-30', '1 Nov'], to: ['', '2026-11-31', 'tomorrow'], location_id: BAD_QUERY_ID },
      required: ['from', 'to'],
    },
    {
      call: stationsApi.create,
      owner: true,
      valid: async () => ({ name: 'Pastry', late_minutes: 12 }),
      bad: { name: BAD_OPTION_NAME, late_minutes: [0, -1, 241, 1.5, '10', null] },
      required: ['name'],
    },
    {
      call: stationsApi.update,
      owner: true,
      valid: async () => ({ id: await newStation(), name: 'Kitchen', late_minutes: 15, is_default: true }),
      bad: { id: BAD_ID, name: BAD_OPTION_NAME, late_minutes: [0, 241, 1.5, '10', null], is_default: ['yes', 1, null] },
      required: ['id', 'name', 'late_minutes', 'is_default'],
    },
    {
      call: stationsApi.remove,
      owner: true,
      valid: async () => ({ id: await newStation() }),
      bad: { id: BAD_ID },
      required: ['id'],
    },
    {
      call: stationsApi.route,
      owner: true,
      valid: async () => ({
        target: 'category',
        id: (await p.db.selectFrom('categories').select('id').where('removed_at', 'is', null).executeTakeFirstOrThrow()).id,
        station_id: await newStation(),
      }),
      bad: { target: ['', 'menu', 'CATEGORY', 42, null], id: BAD_ID, station_id: ['abc', '', -1, 0, 1.5, true, [1], 2 ** 31] },
      required: ['target', 'id', 'station_id'],
    },
    {
      call: stationsApi.tickets,
      owner: true,
      valid: async () => ({ station_id: await newStation() }),
      bad: { station_id: BAD_QUERY_ID },
      required: ['station_id'],
    },
    {
      call: stationsApi.bump,
      owner: true,
      valid: stationTicket,
      bad: { station_id: BAD_ID, order: BAD_ORDER_NAME, line_ids: [[], 'abc', 42, null, [0], ['x'], [1.5], Array.from({ length: 101 }, (_, i) => i + 1)] },
      required: ['station_id', 'order'],
    },
    {
      call: stationsApi.unbump,
      owner: true,
      valid: stationTicket,
      bad: { station_id: BAD_ID, order: BAD_ORDER_NAME, line_ids: [[], 'abc', 42, null, [0], ['x'], [1.5]] },
      required: ['station_id', 'order'],
    },
    {
      call: tipsApi.update,
      owner: true,
      valid: async () => ({ enabled: true, kind: 'percent', presets: [10, 15, 20], custom: true, max: 50_000 }),
      bad: {
        enabled: ['yes', 1, null],
        kind: ['share', '', 'PERCENT', 42, null],
        presets: [[10, 10], [20, 10], [0], [1.5], ['10'], [1, 2, 3, 4, 5], [150], 'ten', null],
        custom: ['no', 0, null],
        max: [0, -1, 1.5, '500', 100_000_001, null],
      },
      required: ['enabled', 'kind', 'presets', 'custom', 'max'],
    },
    {
      call: tipsApi.report,
      owner: true,
      valid: async () => ({ from: '2026-11-01', to: '2026-11-30' }),
      bad: { from: ['', '2026-13-01', '2026-02-30', '1 Nov'], to: ['', '2026-11-31', 'tomorrow'], location_id: BAD_QUERY_ID },
      required: ['from', 'to'],
    },
    {
      call: tipsApi.exportTips,
      owner: true,
      valid: async () => ({ from: '2026-11-01', to: '2026-11-30' }),
      bad: { from: ['', '2026-13-01', '2026-02-30', '1 Nov'], to: ['', '2026-11-31', 'tomorrow'], location_id: BAD_QUERY_ID },
      required: ['from', 'to'],
    },
    {
      call: shopSettingsApi.update,
      owner: true,
      valid: async () => ({ contact_email: 'hello@kopi.example', min_order: 15_000, topup_presets: [10_000, 50_000] }),
      bad: {
        setting_company: ['', '   ', 42, null, 'x'.repeat(61), NUL],
        short_name: ['', 'Kopi Senja Coffee', 42, null],
        contact_email: ['not-an-address', 'a@b', 42, null],
        privacy_url: [
          'javascript:alert(1)',
          'http://kopi.example/privacy',
          '//kopi.example',
          'https://',
          `https://kopi.example/${'p'.repeat(300)}`,
          42,
          null,
          NUL,
        ],
        terms_url: ['data:text/html,terms', 'kopi.example/terms', 'https://a b.example', 42, null],
        currency: ['XXY', 'pesos', 42, null],
        timezone: ['Mars/Olympus', '+08:00', 42, null],
        points_per_amount: [0, 1.5, '100', null],
        delivery_fee_earns_points: ['yes', 1, null],
        min_order: [-1, 1.5, '100', null, 100_000_001],
        topup_presets: [[], [50_000, 20_000], 'abc', null, [1.5]],
        birthday_reward: ['cake', '', 42, null],
        birthday_points: [-1, 100_001, 1.5, '50', null],
        birthday_reward_name: [42, null, 'x'.repeat(61)],
        birthday_window_days: [-1, 31, 1.5, '7', null],
        referral_min_order: [-1, 1.5, '100', null, 100_000_001],
        deletion_cooling_off_days: [0, 91, 1.5, '14', null],
        language_default: ['de', 'EN', '', 42, null, ['en']],
        languages: [[], ['de'], ['en', 'en'], 'en', null, [42]],
        colour: ['red', '#000'],
      },
      required: [],
    },
    {
      call: dashboardApi.dashboard,
      owner: true,
      valid: async () => ({ period: '7d' }),
      bad: { period: ['', 'week', '7D', '365d'], location_id: BAD_QUERY_ID },
      required: [],
    },
    {
      call: counterApi.lookup,
      owner: true,
      valid: async () => ({ code: await voucherCode() }),
      bad: { code: BAD_CODE, location_id: BAD_ID },
      required: ['code'],
    },
    {
      call: counterApi.redeem,
      owner: true,
      valid: async () => ({ code: await voucherCode() }),
      bad: { code: BAD_CODE, location_id: BAD_ID },
      required: ['code'],
    },
    {
      call: counterApi.undo,
      owner: true,
      valid: async () => ({
        redemption_id: (await callApi(p, counterApi.redeem, { token: owner.token, body: { code: await voucherCode() } }).expect(201)).body.data.redemption.id,
      }),
      bad: { redemption_id: BAD_ID },
      required: ['redemption_id'],
    },
    {
      call: counterApi.member,
      owner: true,
      valid: async () => ({ code: await memberCode() }),
      bad: { code: BAD_CODE, phone: ['', 'x'.repeat(33), 42, null, ['0917 123 4567']], location_id: BAD_ID },
      // neither the code nor a phone: the code is asked for
      required: ['code'],
    },
    {
      call: counterApi.earn,
      owner: true,
      valid: earnFor,
      bad: {
        customer_id: BAD_ID,
        amount: [0, -1, 1.5, '18500', null, 100_000_001, 999],
        items: [
          'abc',
          null,
          {},
          [{}],
          [{ product_id: 0, qty: 1 }],
          [{ product_id: 1, qty: 0 }],
          [{ product_id: 1, qty: 100 }],
          [{ product_id: 1, qty: 1.5 }],
          [{ product_id: 999_999, qty: 1 }],
          Array.from({ length: 51 }, () => ({ product_id: 1, qty: 1 })),
          Array.from({ length: 50 }, () => ({ product_id: 1, qty: 99 })),
        ],
        location_id: BAD_ID,
        order_number: ['', 42, null, 'KS-7F3K9Q2M-and-more', 'KS 7F3K9Q2M', 'KS-NOSUCH12'],
        idempotency_key: ['', 42, null, 'x'.repeat(65)],
      },
      required: ['customer_id', 'amount', 'idempotency_key'],
    },
    {
      call: counterApi.earnQuote,
      owner: true,
      valid: async () => {
        const { idempotency_key: _, ...body } = await earnFor();
        return body;
      },
      bad: {
        customer_id: BAD_ID,
        amount: [0, -1, 1.5, '18500', null, 100_000_001, 999],
        items: [
          'abc',
          null,
          {},
          [{}],
          [{ product_id: 0, qty: 1 }],
          [{ product_id: 1, qty: 0 }],
          [{ product_id: 999_999, qty: 1 }],
          Array.from({ length: 50 }, () => ({ product_id: 1, qty: 99 })),
        ],
        location_id: BAD_ID,
      },
      required: ['customer_id', 'amount'],
    },
    {
      call: counterApi.undoEarn,
      owner: true,
      valid: async () => ({ earn_id: (await callApi(p, counterApi.earn, { token: owner.token, body: await earnFor() }).expect(201)).body.data.earn.id }),
      bad: { earn_id: BAD_ID },
      required: ['earn_id'],
    },
    {
      call: counterApi.memberRewards,
      owner: true,
      valid: async () => ({ customer_id: (await p.newCustomer({ points: 500 })).id }),
      bad: { customer_id: BAD_ID, location_id: BAD_ID },
      required: ['customer_id'],
    },
    {
      call: counterApi.memberRedeem,
      owner: true,
      valid: async () => {
        const body = await cheapestReward();
        return { ...body, code: (await memberCodesFor(p.ctx, body.customer_id)).current.qr, idempotency_key: `k-${Math.random()}` };
      },
      bad: {
        code: ['', 42, null, 'x'.repeat(201)],
        customer_id: BAD_ID,
        reward: ['', 'Free Coffee', 42, null, ['free-coffee'], 'x'.repeat(65)],
        location_id: BAD_ID,
        idempotency_key: ['', 42, null, 'x'.repeat(65)],
      },
      // without the customer's code: 403 MEMBER_CODE_REQUIRED (tests/security/counter-spend.test.ts)
      required: ['reward', 'idempotency_key'],
    },
    {
      call: channelsApi.testMessage,
      owner: true,
      valid: async () => ({ channel: 'sms', phone: '0917 123 4567' }),
      bad: { channel: ['', 'fax', 'SMS', 42, null, ['sms']], phone: ['not a phone', '', 42, null, 'x'.repeat(41)] },
      // a missing phone is refused too, once the channel says sms (tests/server/channels.test.ts)
      required: ['channel'],
    },
    {
      call: channelsApi.connectStripe,
      owner: true,
      valid: async () => ({ secret_key: STRIPE_KEY, webhook_secret: 'whsec_badinput0001' }),
      bad: {
        secret_key: ['', 'pk_live_abc', 'sk_live_has space', 42, null, `sk_live_${'x'.repeat(300)}`, `sk_live_${NUL}`, ['sk_live_a']],
        webhook_secret: ['', 'secret', 42, null, `whsec_${NUL}`, ['whsec_a']],
      },
      required: ['secret_key', 'webhook_secret'],
    },
    {
      call: channelsApi.connectTwilio,
      owner: true,
      valid: async () => ({ account_sid: TWILIO.accountSid, auth_token: TWILIO.authToken, from: TWILIO.from }),
      bad: {
        account_sid: ['', 'AC123', 42, null, `${TWILIO.accountSid}x`],
        auth_token: ['', 'has space', 42, null, 'x'.repeat(201), NUL],
        from: ['', '0917 123 4567', 42, null, 'MG12'],
      },
      required: ['account_sid', 'auth_token', 'from'],
    },
    {
      call: channelsApi.connectSmtp,
      owner: true,
      valid: async () => ({ url: `smtp://127.0.0.1:${smtpPort}`, from: 'Kopi Senja <no-reply@kopisenja.test>' }),
      bad: {
        url: ['', 'http://mail.example.com', 'smtp://', 'smtp://mail.example.com/path', 42, null, `smtp://${NUL}`],
        from: ['', 'not-an-address', 42, null, `${'x'.repeat(201)}@example.com`, NUL],
      },
      required: ['url', 'from'],
    },
    {
      call: channelsApi.disconnect,
      owner: true,
      // something to disconnect: the e-mail server, connected first (the row above connects it too)
      valid: async () => {
        await callApi(p, channelsApi.connectSmtp, {
          token: owner.token,
          body: { url: `smtp://127.0.0.1:${smtpPort}`, from: 'no-reply@kopisenja.test' },
        }).expect(200);
        return { service: 'smtp' };
      },
      bad: { service: ['', 'paypal', 'STRIPE', 42, null, ['stripe']] },
      required: ['service'],
    },
    { call: boardApi.board, owner: true, valid: async () => ({ location_id: 1 }), bad: { location_id: BAD_QUERY_ID }, required: [] },
    {
      call: boardApi.detail,
      owner: true,
      valid: async () => ({ name: await walletOrder() }),
      bad: { name: ['', 'x'.repeat(41)] },
      required: ['name'],
    },
    {
      call: boardApi.advance,
      owner: true,
      valid: async () => ({ name: await walletOrder(), from: 'paid' }),
      bad: { name: BAD_ORDER_NAME, from: BAD_STATUS },
      required: ['name', 'from'],
    },
    {
      call: boardApi.cancel,
      owner: true,
      valid: async () => ({ name: await walletOrder(), reason: 'Out of oat milk' }),
      bad: { name: BAD_ORDER_NAME, reason: ['', '   ', 'x'.repeat(201), 42, null, ['why']] },
      required: ['name', 'reason'],
    },
    {
      call: boardApi.markPaid,
      owner: true,
      valid: async () => ({ name: await counterOrder(), how: 'cash' }),
      bad: { name: BAD_ORDER_NAME, how: ['', 'gcash', 'CASH', 42, null, ['card']] },
      required: ['name', 'how'],
    },
    // last: their good input pauses the one location, changes it to what it is, and adds a second
    {
      call: locationsConsoleApi.pause,
      owner: true,
      valid: async () => ({ location_id: (await firstLocation()).id, pause: 'resume' }),
      bad: { location_id: BAD_ID, pause: ['', 'forever', '15', 15, null, ['resume']] },
      required: ['location_id', 'pause'],
    },
    { call: locationsConsoleApi.update, owner: true, valid: firstLocation, bad: { id: BAD_ID, ...BAD_LOCATION }, required: ['id'] },
    { call: locationsConsoleApi.create, owner: true, valid: async () => GOOD_LOCATION, bad: BAD_LOCATION, required: ['name', 'address'] },
    // dine-in tables: each good input adds, renames or removes its own area or table at the first location
    {
      call: tablesConsoleApi.list,
      owner: true,
      valid: async () => ({ location_id: await locationId() }),
      bad: { location_id: BAD_QUERY_ID },
      required: ['location_id'],
    },
    {
      call: tablesConsoleApi.createArea,
      owner: true,
      valid: async () => ({ location_id: await locationId(), name: `Area ${++made}` }),
      bad: { location_id: BAD_ID, name: BAD_TABLE_NAME(40) },
      required: ['location_id', 'name'],
    },
    {
      call: tablesConsoleApi.renameArea,
      owner: true,
      valid: async () => ({ id: await newArea(), name: `Area ${++made}` }),
      bad: { id: BAD_ID, name: BAD_TABLE_NAME(40) },
      required: ['id', 'name'],
    },
    { call: tablesConsoleApi.removeArea, owner: true, valid: async () => ({ id: await newArea() }), bad: { id: BAD_ID }, required: ['id'] },
    {
      call: tablesConsoleApi.create,
      owner: true,
      valid: async () => ({ location_id: await locationId(), label: `T${++made}`, area_id: await newArea() }),
      bad: { location_id: BAD_ID, label: BAD_TABLE_NAME(20), area_id: ['abc', '', -1, 0, 1.5, true, [1, 2], {}, 2 ** 31] },
      required: ['location_id', 'label'],
    },
    {
      call: tablesConsoleApi.update,
      owner: true,
      valid: async () => ({ id: await newTable(), label: `T${++made}`, active: false, area_id: null }),
      bad: { id: BAD_ID, label: BAD_TABLE_NAME(20), active: ['yes', 1, null], area_id: ['abc', -1, 1.5, true, {}] },
      required: ['id'],
    },
    { call: tablesConsoleApi.remove, owner: true, valid: async () => ({ id: await newTable() }), bad: { id: BAD_ID }, required: ['id'] },
    { call: loyaltyConsoleApi.create, owner: true, valid: async () => GOOD_RULE, bad: BAD_RULE_FIELDS, required: ['kind'] },
    {
      call: loyaltyConsoleApi.update,
      owner: true,
      valid: async () => ({ id: await newRule(), rule: GOOD_RULE }),
      bad: { id: BAD_ID, rule: BAD_RULE },
      required: ['id', 'rule'],
    },
    {
      call: loyaltyConsoleApi.status,
      owner: true,
      valid: async () => ({ id: await newRule(), status: 'paused' }),
      bad: { id: BAD_ID, status: ['', 'deleted', 'ACTIVE', 42, null, ['active']] },
      required: ['id', 'status'],
    },
    {
      call: offersConsoleApi.create,
      owner: true,
      valid: async () => goodOffer(),
      bad: BAD_OFFER_FIELDS,
      required: ['title', 'kind', 'value', 'code'],
    },
    {
      call: offersConsoleApi.update,
      owner: true,
      valid: async () => ({ id: await newOffer(), title: 'Now 15% off', value: 15 }),
      bad: { id: BAD_ID, ...BAD_OFFER_FIELDS },
      required: ['id'],
    },
    {
      call: ordersConsoleApi.tryPricing,
      owner: true,
      valid: async () => ({ items: [{ product_id: await anyProduct(), qty: 2 }] }),
      bad: {
        items: [[], 'latte', null, [{ product_id: 'x', qty: 1 }], [{ product_id: 1, qty: 0 }], [{ product_id: 1, qty: 100 }]],
        location_id: BAD_ID,
        promo_code: [42, null, '', '   ', 'X'.repeat(41), NUL],
      },
      required: ['items'],
    },
    {
      call: offersConsoleApi.createCodes,
      owner: true,
      valid: async () => ({ offer_id: await newSingleUseOffer(), count: 3, prefix: 'fly' }),
      bad: { offer_id: BAD_ID, count: [0, -1, 1.5, 10_001, '5', null], prefix: ['FLY-1', 'x'.repeat(9), 42, null, ['FLY'], NUL] },
      required: ['offer_id', 'count'],
    },
    {
      call: offersConsoleApi.codeBatches,
      owner: true,
      valid: async () => ({ offer_id: String(await newSingleUseOffer()) }),
      bad: { offer_id: BAD_QUERY_ID },
      required: ['offer_id'],
    },
    {
      call: offersConsoleApi.codesCsv,
      owner: true,
      valid: async () => ({ batch_id: String(await newCodeBatch()) }),
      bad: { batch_id: BAD_QUERY_ID },
      required: ['batch_id'],
    },
    {
      call: offersConsoleApi.status,
      owner: true,
      valid: async () => ({ id: await newOffer(), status: 'paused' }),
      bad: { id: BAD_ID, status: ['', 'deleted', 'ACTIVE', 42, null, ['active']] },
      required: ['id', 'status'],
    },
    { call: webhooksApi.create, owner: true, valid: async () => GOOD_WEBHOOK, bad: BAD_WEBHOOK, required: ['url', 'events'] },
    {
      call: webhooksApi.update,
      owner: true,
      valid: async () => ({ id: await newWebhook(), description: 'Accounts' }),
      bad: { id: BAD_ID, ...BAD_WEBHOOK },
      required: ['id'],
    },
    { call: webhooksApi.remove, owner: true, valid: async () => ({ id: await newWebhook() }), bad: { id: BAD_ID }, required: ['id'] },
    { call: webhooksApi.rotate, owner: true, valid: async () => ({ id: await newWebhook() }), bad: { id: BAD_ID }, required: ['id'] },
    {
      call: webhooksApi.deliveries,
      owner: true,
      valid: async () => ({ id: String(await newWebhook()) }),
      bad: { id: BAD_QUERY_ID, page: ['abc', '0', '-1', '1.5'] },
      required: ['id'],
    },
    {
      call: webhooksApi.replay,
      owner: true,
      valid: async () => ({ delivery_id: await newDelivery() }),
      bad: { delivery_id: BAD_ID },
      required: ['delivery_id'],
    },
    {
      call: feedbackConsoleApi.list,
      owner: true,
      valid: async () => ({ low: 'true' }),
      bad: { page: ['abc', '0', '-1', '1.5'], low: ['yes', '1', 'TRUE', ''] },
      required: [],
    },
    {
      call: feedbackConsoleApi.reply,
      owner: true,
      valid: async () => ({ id: await newFeedback(), reply: 'Sorry! Your next latte is on us.' }),
      bad: { id: BAD_ID, reply: ['', '   ', 'x'.repeat(1001), 42, null, ['x']] },
      required: ['id', 'reply'],
    },
    {
      call: feedbackConsoleApi.settings,
      owner: true,
      valid: async () => ({ review_url: 'https://g.page/r/kopisenja/review' }),
      bad: { review_url: ['http://kopisenja.example', 'g.page/r/x', 'https://has space.example', 'x'.repeat(501), 42, null] },
      required: ['review_url'],
    },
    {
      call: apiKeysConsoleApi.create,
      owner: true,
      valid: async () => ({ name: 'Front till', scopes: ['orders:write', 'menu:write'] }),
      bad: {
        name: ['', '   ', 'x'.repeat(61), 42, null, ['x'], NUL],
        scopes: [[], ['orders:read'], ['orders:write', 'orders:write'], 'orders:write', [42], null, {}, ['ORDERS:WRITE']],
      },
      required: ['name', 'scopes'],
    },
    { call: apiKeysConsoleApi.rotate, owner: true, valid: async () => ({ id: await newKey() }), bad: { id: BAD_ID }, required: ['id'] },
    { call: apiKeysConsoleApi.revoke, owner: true, valid: async () => ({ id: await newKey() }), bad: { id: BAD_ID }, required: ['id'] },
    {
      call: apiKeysConsoleApi.legacyOff,
      owner: true,
      valid: async () => ({ confirm: true }),
      bad: { confirm: [false, 'true', 1, null, {}] },
      required: ['confirm'],
    },
    {
      call: giftCardsConsoleApi.update,
      owner: true,
      valid: async () => GIFT_SETTINGS,
      bad: {
        enabled: ['yes', 1, null],
        amounts: [[99], [50_000, 50_000], [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => n * 10_000), '50000', null, [50_000.5]],
        custom: [{ min: 50_000, max: 20_000 }, { min: 0, max: 100 }, 5, 'range', []],
        expiry_months: [0, 6, 121, 12.5, '12'],
        designs: [
          [],
          [{ id: 'celebrate', name: 'x', message: 'y', enabled: true }],
          'all',
          null,
          [
            { id: 'other', name: 'x', message: 'y', enabled: true },
            { id: 'thank-you', name: 'x', message: 'y', enabled: true },
            { id: 'winter', name: 'x', message: 'y', enabled: true },
          ],
        ],
      },
      required: ['enabled', 'amounts', 'custom', 'expiry_months', 'designs'],
    },
    {
      call: giftCardsConsoleApi.report,
      owner: true,
      valid: async () => ({ from: '2026-11-01', to: '2026-11-30' }),
      bad: { from: ['', '2026-13-01', '2026-02-30', '1 Nov'], to: ['', '2026-11-31', 'tomorrow', '2026-10-31', '2027-12-01'] },
      required: ['from', 'to'],
    },
    {
      call: referralsConsoleApi.void,
      owner: true,
      valid: async () => ({ id: await newReferral(), reason: 'Same household' }),
      bad: { id: BAD_ID, reason: ['', '   ', 'x'.repeat(201), 5, null, ['x']] },
      required: ['id', 'reason'],
    },
    { call: referralsConsoleApi.approve, owner: true, valid: heldReferral, bad: { id: BAD_ID }, required: ['id'] },
    { call: referralsConsoleApi.reject, owner: true, valid: heldReferral, bad: { id: BAD_ID }, required: ['id'] },
    { call: loyaltyConsoleApi.simulate, owner: true, valid: async () => ({ rule: GOOD_RULE }), bad: { rule: BAD_RULE }, required: ['rule'] },
    {
      call: stampsConsoleApi.create,
      owner: true,
      valid: goodStamps,
      bad: BAD_STAMP_FIELDS,
      required: ['name', 'stamps_needed', 'reward_id'],
    },
    {
      call: stampsConsoleApi.update,
      owner: true,
      valid: async () => ({ id: await newStamps(), program: await goodStamps() }),
      bad: { id: BAD_ID, program: BAD_STAMP_PROGRAM },
      required: ['id', 'program'],
    },
    {
      call: stampsConsoleApi.status,
      owner: true,
      valid: async () => ({ id: await newStamps(), status: 'paused' }),
      bad: { id: BAD_ID, status: ['', 'deleted', 'ACTIVE', 42, null, ['active']] },
      required: ['id', 'status'],
    },
    {
      call: tiersConsoleApi.update,
      owner: true,
      valid: async () => GOOD_TIERS,
      bad: { enabled: ['yes', 1, null], basis: ['', 'spend', 'POINTS', 42, null], tiers: BAD_TIERS },
      required: ['enabled', 'basis', 'tiers'],
    },
    {
      call: campaignsConsoleApi.update,
      owner: true,
      valid: async () => ({
        kind: 'win_back',
        enabled: true,
        title: 'We miss you, {name}',
        body: 'Come back: {points} points wait for you.',
        reward_id: null,
        timing: 30,
      }),
      bad: {
        kind: ['', 'flash_sale', 'WELCOME', 5, null, ['welcome']],
        enabled: ['yes', 1, null],
        title: ['', '   ', 'x'.repeat(81), 5, null, 'Hi {nmae}', 'Get {reward}', 'two\nlines'],
        body: ['', 'x'.repeat(301), 5, null, 'Hello {first_name}', '{reward} is yours'],
        reward_id: BAD_ID.filter((v) => v !== null),
        timing: ['30', 1.5, 6, 366, null, [30]],
        translations: [
          ...badTranslations('title', 80),
          { fil: { body: 'x'.repeat(301) } },
          { fil: { title: 'Hi {nmae}' } },
          { id: { body: '{reward} milikmu' } },
          { fil: { title: 'dalawang\nlinya' } },
        ],
      },
      required: ['kind', 'enabled', 'title', 'body'],
    },
    {
      call: campaignsConsoleApi.broadcastAudience,
      owner: true,
      valid: async () => ({ tier: '0' }),
      bad: { tier: ['-1', '1.5', 'two', '21'] },
      required: [],
    },
    {
      call: campaignsConsoleApi.broadcast,
      owner: true,
      valid: async () => ({ title: 'Hello {name}', body: 'New pastries today.', tier: null, reward_id: null, idempotency_key: `k-${Math.random()}` }),
      bad: {
        title: ['', '   ', 'x'.repeat(81), 5, null, 'Hi {nmae}', 'two\nlines'],
        body: ['', 'x'.repeat(301), 5, null, 'You have {points} points'],
        tier: [-1, 1.5, '1', 21],
        reward_id: BAD_ID.filter((v) => v !== null),
        idempotency_key: ['', 42, null, 'x'.repeat(65)],
      },
      required: ['title', 'body', 'idempotency_key'],
    },
    {
      call: giftCardsPhysicalApi.createBatch,
      owner: true,
      valid: async () => ({ label: 'December till cards', count: 3 }),
      bad: { label: ['', '   ', 'x'.repeat(61), 42, null, 'two\nlines', NUL], count: [0, -1, 1001, 1.5, '3', null, [3]] },
      required: ['label', 'count'],
    },
    {
      call: giftCardsPhysicalApi.batchCsv,
      owner: true,
      valid: async () => ({ batch_id: (await printedCard()).batch }),
      bad: { batch_id: ['abc', '0', '-1', '1.5', '99999999999'] },
      required: ['batch_id'],
    },
    {
      call: giftCardsPhysicalApi.check,
      owner: true,
      valid: async () => ({ number: (await printedCard(50_000)).number }),
      bad: { number: BAD_GIFT_NUMBER },
      required: ['number'],
    },
    {
      call: giftCardsPhysicalApi.activate,
      owner: true,
      valid: async () => ({ number: (await printedCard()).number, amount: 50_000, idempotency_key: `k-${Math.random()}` }),
      bad: { number: BAD_GIFT_NUMBER, amount: [0, 99, -1, 10_000_001, 1.5, '50000', null], idempotency_key: ['', 42, null, 'x'.repeat(65)] },
      required: ['number', 'amount', 'idempotency_key'],
    },
    {
      call: giftCardsPhysicalApi.spend,
      owner: true,
      valid: async () => ({ number: (await printedCard(50_000)).number, amount: 1_000, idempotency_key: `k-${Math.random()}` }),
      bad: { number: BAD_GIFT_NUMBER, amount: [0, -1, 10_000_001, 1.5, '1000', null], idempotency_key: ['', 42, null, 'x'.repeat(65)] },
      required: ['number', 'amount', 'idempotency_key'],
    },
    {
      call: giftCardsPhysicalApi.add,
      owner: true,
      valid: async () => ({ number: (await printedCard(50_000)).number, customer_id: (await p.newCustomer()).id }),
      bad: { number: BAD_GIFT_NUMBER, customer_id: BAD_ID },
      required: ['number', 'customer_id'],
    },
    // last: the good input archives the demo's menu and retires its rewards, which rows above use
    {
      call: channelsApi.clearDemo,
      owner: true,
      valid: async () => ({ confirm: true }),
      bad: { confirm: [false, 'yes', 1, null], shop_name: ['', '   ', 42, null, ['Café'], 'x'.repeat(81)] },
      required: ['confirm'],
    },
  ];

  it('has a row for every merchant console call that takes input', () => {
    const withInput = ENDPOINTS.filter(
      (e) => (e.path.startsWith('merchant/') || e.path === themeApi.preview.path) && e.auth !== 'merchant' && (e.body || e.query),
    ).map((e) => e.path);
    expect(SPECS.map((s) => s.call.path).sort()).toEqual(withInput.sort());
  });

  async function counts(): Promise<Record<string, number>> {
    const parts = COUNTED.map((t) => sql`(select count(*)::int from ${sql.table(t)}) as ${sql.ref(t)}`);
    const { rows } = await sql<Record<string, number>>`select ${sql.join(parts)}`.execute(p.db);
    return rows[0]!;
  }

  for (const spec of SPECS) {
    it(`${spec.call.method.toUpperCase()} ${spec.call.path}: 400 naming each bad field, nothing written; the good input passes`, async () => {
      const valid = await spec.valid();
      const cases: { name: string; input?: Json; raw?: string; contentType?: string; status: number; fields: string[] }[] = [];
      for (const [field, values] of Object.entries(spec.bad)) {
        for (const v of values)
          cases.push({ name: `${field} = ${JSON.stringify(v)?.slice(0, 30)}`, input: { ...valid, [field]: v }, status: 400, fields: [field] });
      }
      for (const field of spec.required) {
        const { [field]: _gone, ...rest } = valid;
        cases.push({ name: `${field} missing`, input: rest, status: 400, fields: [field] });
      }
      const fields = Object.keys(spec.bad);
      if (fields.length > 1)
        cases.push({
          name: 'every field bad at once',
          input: { ...valid, ...Object.fromEntries(fields.map((f) => [f, spec.bad[f]![1]])) },
          status: 400,
          fields,
        });
      if (spec.call.method === 'post') {
        cases.push({ name: 'an array', input: [valid], status: 400, fields: ['body'] });
        cases.push({ name: 'a JSON string', raw: '"hello"', status: 400, fields: ['body'] });
        cases.push({ name: 'JSON null', raw: 'null', status: 400, fields: ['body'] });
        cases.push({ name: 'broken JSON', raw: '{"a":', status: 400, fields: ['body'] });
        cases.push({ name: 'text/plain', raw: 'hello', contentType: 'text/plain', status: 400, fields: spec.required });
        // the image upload alone takes up to 2 MB (in base64); every other call 64 KiB
        const limit = spec.call === mediaApi.upload ? 2_900_000 : 70_000;
        cases.push({ name: `over ${limit} bytes`, raw: JSON.stringify({ ...valid, padding: 'x'.repeat(limit) }), status: 413, fields: [] });
      } else {
        for (const f of spec.required.length ? spec.required : Object.keys(spec.bad)) {
          cases.push({
            name: `${f} given twice`,
            raw: `${f}=${encodeURIComponent(String(valid[f] ?? '1'))}&${f}=${encodeURIComponent(String(valid[f] ?? '2'))}`,
            status: 400,
            fields: [f],
          });
        }
        if (spec.required.length) cases.push({ name: 'no query at all', raw: '', status: 400, fields: spec.required });
      }

      const before = await counts();
      const problems: string[] = [];
      for (const c of cases) {
        let t = callApi(p, spec.call, { token: spec.owner ? owner.token : undefined, ip: newIp() });
        if (spec.call.method === 'get') t = c.raw !== undefined ? t.query(c.raw) : t.query(c.input as Record<string, string>);
        else if (c.raw !== undefined) t = t.set('content-type', c.contentType ?? 'application/json').send(c.raw);
        else t = t.send(c.input as object);
        const res = await t;
        if (res.status !== c.status) {
          problems.push(`${c.name}: ${res.status} ${JSON.stringify(res.body?.error)}`);
          continue;
        }
        if (c.status === 400) {
          const named = Object.keys(res.body.error?.fields ?? {});
          if (res.body.error?.code !== 'VALIDATION') problems.push(`${c.name}: code ${res.body.error?.code}`);
          // a list's bad item is named by its place (ids.0)
          for (const f of c.fields) if (!named.some((k) => k === f || k.startsWith(`${f}.`))) problems.push(`${c.name}: ${f} not named (${named.join(', ')})`);
        }
      }
      expect(problems).toEqual([]);
      expect(await counts()).toEqual(before);

      const good = await (spec.call.method === 'get'
        ? callApi(p, spec.call, { token: spec.owner ? owner.token : undefined, query: valid as Record<string, string> })
        : callApi(p, spec.call, { token: spec.owner ? owner.token : undefined, body: valid, ip: newIp() }));
      expect(good.status, JSON.stringify(good.body)).toBeLessThan(300);
    });
  }
});
