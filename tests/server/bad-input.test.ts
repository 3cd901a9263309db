/**
 * Bad input on every call. For each provider call of the contract's section 3 and our extensions
 * (top-up status, merchant calls, reward detail, voucher detail, the sandbox page's complete call, the
 * payment webhook), a table of bad bodies or queries: each field missing, of the wrong type, negative,
 * huge, too long, an array where a value goes, an unknown enum value, a string PostgreSQL cannot store
 * (NUL); every field bad at once; the whole body an array, a JSON string, not JSON, text/plain, over
 * 64 KiB. Every answer is a 400 VALIDATION naming each bad field in `error.fields` (or the specific
 * code the contract documents: 401, 404, 413, VOUCHER_INVALID, ADDRESS_REQUIRED ...), never a 5xx,
 * and nothing is written: the row counts of every table that holds customers' data are unchanged.
 * Each call's good input is tried last, so a 400 above is the bad field's doing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAddress, makeVoucher, products, signature, unix, webhookEvent } from './orders.helpers';
import { describeDb, useTestProvider, TEST_MERCHANT_KEY } from './support/provider';
import { ordersApi } from '#contract/orders.calls';
import { paymentsApi } from '#contract/payments.calls';
import { walletApi } from '#contract/wallet.calls';
import { savedCardApi } from '#contract/saved-card.calls';
import type request from 'supertest';
import type { Call } from '#contract/api';
import { ALL_CALLS } from '#contract/calls';
import { ENDPOINTS, type Endpoint } from '#contract/endpoints';
import { callApi, rawCall } from '../support/calls';
import { addressesApi } from '#contract/addresses.calls';
import { authApi } from '#contract/auth.calls';
import { menuMachineApi } from '#contract/menu.calls';
import { counterMachineApi } from '#contract/counter.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { pointsApi } from '#contract/points.calls';
import { pushApi } from '#contract/push.calls';
import { referralsApi } from '#contract/referrals.calls';
import { campaignsApi } from '#contract/campaigns.calls';
import { customersApi } from '#contract/customers.calls';
import { locationsApi } from '#contract/locations.calls';
import { membersApi } from '#contract/members.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { shopApi } from '#contract/shop.calls';
import { stampsApi } from '#contract/stamps.calls';
import { wheelApi } from '#contract/wheel.calls';
import { giftCardsApi } from '#contract/gift-cards.calls';
import { receiptsApi } from '#contract/receipts.calls';
import { tablesApi } from '#contract/tables.calls';
import { giftCardCheckChar } from '#contract/gift-cards';
import { GIFT_PURCHASE } from './gift-cards.helpers';

type Auth = 'public' | 'customer' | 'merchant';
type Json = unknown;

interface Expect {
  status: number;
  code: string;
  /** fields that must be named in error.fields (a nested name such as items.0.qty counts for items) */
  fields?: string[];
}
interface Case {
  name: string;
  /** the body (POST) or query (GET); a string is sent as is (raw JSON or a query string) */
  input?: Json;
  contentType?: string;
  headers?: Record<string, string>;
  /** no session, or no merchant key */
  noAuth?: boolean;
  expect: Expect;
}
/**
 * What a spec calls: a declared call, or a row of the documented table that is a file rather than a call
 * (the app's icon, the OpenAPI document), which has no declaration and goes through rawCall.
 */
type Target = Call<unknown, any> | Endpoint;
const DECLARED = new Set<Target>(ALL_CALLS);
const APP_ICON = ENDPOINTS.find((e) => e.answer.kind === 'image' && e.tag === 'Settings')!;
const OPENAPI = ENDPOINTS.find((e) => e.answer.kind === 'openapi')!;

interface Spec {
  call: Target;
  /** the values of the path's parameters (`{id}`) */
  params?: Record<string, string>;
  auth: Auth;
  /** a good body or query: tried last, it must not be refused as bad input */
  valid?: Record<string, Json>;
  /** bad values per field; a field named in `required` is also tried missing */
  bad?: Record<string, Json[]>;
  required?: string[];
  /** whole-input and semantic cases with their own expectations */
  cases?: Case[];
  /** the good input's answer (default: any 2xx) */
  validStatus?: number;
  /** a merchant call's key, when not the server's (the till's call needs a key with points:earn) */
  merchantKey?: string;
}

/** The till's key (an API key with points:earn, made in beforeAll) and the member it earns for. */
const TILL_KEY = `lk_${'T'.repeat(43)}`;
const TILL_PHONE = '+639175550101';

const V = (fields: string[]): Expect => ({ status: 400, code: 'VALIDATION', fields });
const NUL = 'a\u0000b';
const HUGE_ID = 2 ** 31;

/** Bad values every id field gets (coerced numbers: a one-element array would coerce to its element). */
const BAD_ID: Json[] = ['abc', '', -1, 0, 1.5, null, true, [1, 2], {}, HUGE_ID, 1e15, 1e308];
const BAD_KEY: Json[] = ['', 'k'.repeat(65), 42, null, ['k'], { k: 1 }, NUL];
const BAD_PAGE = ['0', '-1', '1.5', 'two', '100001', '1e400', ''];
/** a gift card number of the right shape whose check character holds, and which is no card's */
const NOBODYS_CARD = `0123456789ABCDEF${giftCardCheckChar('0123456789ABCDEF')}`;
/** numbers a look-up never sees: wrong length, letters not on a card, a typo the check catches */
const BAD_CARD = ['', 'ABC', `${NOBODYS_CARD}0`, 'U'.repeat(17), `${NOBODYS_CARD.slice(0, 16)}${NOBODYS_CARD.endsWith('0') ? '1' : '0'}`, 'x'.repeat(41), NUL];
const BAD_STRING = (max: number): Json[] => [42, null, ['x'], { x: 1 }, 'x'.repeat(max + 1), NUL];

/**
 * Tables whose rows a bad call must never add or remove. (idempotency_keys is left out: a business
 * refusal inside an idempotent call, such as BELOW_MINIMUM, is stored to be replayed, by design.)
 */
const COUNTED = [
  'customers',
  'sessions',
  'otp_codes',
  'registration_tokens',
  'orders',
  'order_items',
  'order_events',
  'wallet_ledger',
  'points_ledger',
  'vouchers',
  'addresses',
  'payments',
  'webhook_events',
  'notifications',
  'wheel_spins',
  'products',
  'email_codes',
  'code_failures',
  'dev_outbox',
  'push_subscriptions',
  'push_preferences',
  'offer_uses',
  'gift_cards',
  'counter_earns',
] as const;

describeDb('bad input on every call', (kind) => {
  const p = useTestProvider(kind);
  let c: { id: number; token: string };
  let P: Awaited<ReturnType<typeof products>>;
  let addressId: number;
  let voucherId: number;
  let orderName: string;
  let topupId: string;
  /** a pending top-up the sandbox's complete call is tried on, and one the webhook is tried on */
  let paymentId: string;
  let webhookPaymentId: string;

  beforeAll(async () => {
    P = await products(p);
    c = await p.newCustomer({ points: 5_000, wallet: 500_000, phone: TILL_PHONE });
    // a till's API key with points:earn, as the console would make it (kept as its hash)
    await p.db
      .insertInto('api_keys')
      .values({
        name: 'Bad-input till',
        scopes: JSON.stringify(['points:earn']),
        shown: TILL_KEY.slice(0, 9),
        secret_hash: createHash('sha256').update(TILL_KEY).digest(),
        created_at: p.clock.now(),
      })
      .execute();
    addressId = await makeAddress(p, c.id);
    voucherId = await makeVoucher(p, c.id, { discount: 5_000 });
    const order = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
    }).expect(201);
    orderName = order.body.data.order.name;
    const topup = await callApi(p, walletApi.topup, { token: c.token, body: { amount: 10_000, idempotency_key: randomUUID() } }).expect(201);
    topupId = topup.body.data.topup_id;
    const topupIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await callApi(p, walletApi.topup, { token: c.token, body: { amount: 10_000, idempotency_key: randomUUID() } }).expect(201);
      topupIds.push(r.body.data.topup_id);
    }
    [paymentId, webhookPaymentId] = topupIds as [string, string];
  });

  async function counts(): Promise<Record<string, number>> {
    const parts = COUNTED.map((t) => sql`(select count(*)::int from ${sql.table(t)}) as ${sql.ref(t)}`);
    const { rows } = await sql<Record<string, number>>`select ${sql.join(parts)}`.execute(p.db);
    return rows[0]!;
  }

  function send(spec: Spec, k: Omit<Case, 'name' | 'expect'>) {
    const headers: Record<string, string> = { ...(k.headers ?? {}) };
    if (spec.auth === 'merchant' && !k.noAuth) headers['x-merchant-key'] = spec.merchantKey ?? TEST_MERCHANT_KEY;
    const opts = { token: spec.auth === 'customer' && !k.noAuth ? c.token : undefined, headers };
    let t = DECLARED.has(spec.call)
      ? (callApi(p, spec.call as Call<unknown, any>, { ...opts, params: spec.params }) as unknown as request.Test)
      : rawCall(p, spec.call.method, spec.call.path, opts);
    if (spec.call.method === 'get') return k.input === undefined ? t : t.query(k.input as string | Record<string, string>);
    if (k.contentType) t = t.set('content-type', k.contentType);
    if (k.input === undefined) return t;
    if (typeof k.input === 'string') return t.set('content-type', k.contentType ?? 'application/json').send(k.input);
    return t.send(k.input as object);
  }

  /** The cases of a spec: each field bad in each way, each required field missing, all bad at once, the whole input bad. */
  function casesOf(spec: Spec): Case[] {
    const out: Case[] = [];
    const valid = spec.valid ?? {};
    for (const [field, values] of Object.entries(spec.bad ?? {})) {
      for (const v of values) out.push({ name: `${field} = ${JSON.stringify(v)?.slice(0, 40)}`, input: { ...valid, [field]: v }, expect: V([field]) });
    }
    for (const field of spec.required ?? []) {
      const { [field]: _gone, ...rest } = valid;
      out.push({ name: `${field} missing`, input: rest, expect: V([field]) });
    }
    const fields = Object.keys(spec.bad ?? {});
    if (fields.length > 1) {
      // every field bad at once: each one is named, not just the first
      out.push({ name: 'every field bad at once', input: { ...valid, ...Object.fromEntries(fields.map((f) => [f, spec.bad![f]![0]])) }, expect: V(fields) });
    }
    if (spec.call.method === 'post') {
      const first = spec.required ?? [];
      out.push({ name: 'an array where the object goes', input: [valid], expect: V(['body']) });
      out.push({ name: 'a JSON string', input: '"hello"', expect: V(['body']) });
      out.push({ name: 'a JSON null', input: 'null', expect: V(['body']) });
      out.push({ name: 'broken JSON', input: '{"a":', expect: V(['body']) });
      out.push({ name: 'text/plain, not JSON', input: 'hello', contentType: 'text/plain', expect: first.length ? V(first) : V([]) });
      out.push({ name: 'no body at all', expect: first.length ? V(first) : V([]) });
      out.push({
        name: 'a body over 64 KiB',
        input: JSON.stringify({ ...valid, padding: 'x'.repeat(70_000) }),
        expect: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
      });
    } else if (spec.required?.length) {
      out.push({ name: 'no query at all', expect: V(spec.required) });
      for (const f of spec.required) {
        out.push({
          name: `${f} given twice`,
          input: `${f}=${encodeURIComponent(String(valid[f]))}&${f}=${encodeURIComponent(String(valid[f]))}`,
          expect: V([f]),
        });
        out.push({ name: `${f} as an object`, input: `${f}[a]=1`, expect: V([f]) });
      }
    }
    if (spec.auth !== 'public') {
      out.push({
        name: spec.auth === 'customer' ? 'no session' : 'no merchant key',
        input: spec.valid,
        noAuth: true,
        expect: spec.auth === 'customer' ? { status: 401, code: 'SESSION_EXPIRED' } : { status: 401, code: 'FORBIDDEN' },
      });
    }
    return [...out, ...(spec.cases ?? [])];
  }

  const addressBody = () => ({
    label: 'Work',
    recipient: 'Ana Cruz',
    phone: '0917 123 4567',
    line1: '1 Ayala Avenue',
    city: 'Makati',
    postal_code: '1226',
    lat: 14.55,
    lng: 121.02,
    note: 'Lobby',
    is_default: false,
  });
  const basket = () => ({ items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup' });
  const badItems: Json[] = [
    [],
    'latte',
    { product_id: 1, qty: 1 },
    null,
    [null],
    [[1, 1]],
    [{ qty: 1 }],
    [{ product_id: 1 }],
    [{ product_id: 'abc', qty: 1 }],
    [{ product_id: HUGE_ID, qty: 1 }],
    [{ product_id: 1e15, qty: 1 }],
    [{ product_id: -3, qty: 1 }],
    [{ product_id: 1, qty: 0 }],
    [{ product_id: 1, qty: -1 }],
    [{ product_id: 1, qty: 1.5 }],
    [{ product_id: 1, qty: 100 }],
    [{ product_id: 1, qty: '2' }],
    Array.from({ length: 51 }, () => ({ product_id: 1, qty: 1 })),
    // a line's chosen options: a list of option ids, each once
    [{ product_id: 1, qty: 1, options: 'large' }],
    [{ product_id: 1, qty: 1, options: [0] }],
    [{ product_id: 1, qty: 1, options: ['x'] }],
    [{ product_id: 1, qty: 1, options: [1.5] }],
    [{ product_id: 1, qty: 1, options: [2, 2] }],
    [{ product_id: 1, qty: 1, options: null }],
  ];
  const badOrderFields = () => ({
    items: badItems,
    fulfilment: ['drone', '', 'PICKUP', 42, null, ['pickup']],
    address_id: BAD_ID,
    voucher_id: BAD_ID,
    promo_code: [42, null, ['KOPI10'], { code: 'KOPI10' }, '', '   ', 'X'.repeat(41), NUL],
    tip: [-1, 1.5, '1000', null, [1_000], { amount: 1_000 }, 100_000_001],
    table_code: [42, null, '', 't1', 't1.1.1.short', `t1.1.1.${'A'.repeat(17)}`, 't2.1.1.AAAAAAAAAAAAAAAA', 'x'.repeat(41), ['t1.1.1.AAAAAAAAAAAAAAAA'], NUL],
  });

  const specs = (): Spec[] => [
    // --- sign-in ---
    {
      call: authApi.otpRequest,
      auth: 'public',
      valid: { phone: '+639171234567', purpose: 'login' },
      required: ['phone', 'purpose'],
      bad: { phone: [...BAD_STRING(32), '12', 'not a phone', '+1 555 0100 9999 9999'], purpose: ['admin', '', 'LOGIN', 1, null, ['login']] },
    },
    {
      call: authApi.otpVerify,
      auth: 'public',
      valid: { phone: '+639171234567', code: '123456', purpose: 'login' },
      required: ['phone', 'code', 'purpose'],
      bad: { code: ['12345', '1234567', 'abcdef', 123456, null, '', ['123456'], NUL], phone: [...BAD_STRING(32), '12'], purpose: ['admin', 7] },
      // the good shape with a code never sent: its own code, not VALIDATION
      validStatus: 400,
    },
    {
      call: authApi.register,
      auth: 'public',
      valid: { registration_token: 't'.repeat(43), name: 'Ana Cruz', email: 'ana@example.com' },
      required: ['registration_token', 'name'],
      bad: {
        registration_token: ['short', 1, null, 't'.repeat(201), ['t'.repeat(43)]],
        name: [...BAD_STRING(80), '', '   '],
        email: ['not-an-email', 5, 'a@b', `${'x'.repeat(250)}@example.com`, ['ana@example.com'], NUL],
        referral_code: ['x'.repeat(41), 5, null, ['ABCD2345']],
      },
      validStatus: 400,
    },
    {
      call: authApi.google,
      auth: 'public',
      valid: { id_token: 'i'.repeat(40) },
      required: ['id_token'],
      bad: { id_token: ['short', 1, null, 'i'.repeat(4097), ['i'.repeat(40)], {}], referral_code: ['x'.repeat(41), 5, ['ABCD2345']] },
      validStatus: 401,
    },
    // --- the menu in the reader's language ---
    {
      call: shopApi.catalog,
      auth: 'public',
      valid: { lang: 'fil' },
      bad: { lang: ['', 'xx', 'FIL', 'tl', 'en-US', 'fil,id', NUL] },
    },
    {
      call: rewardsApi.list,
      auth: 'public',
      valid: { lang: 'id' },
      bad: { lang: ['', 'xx', 'ID', 'ms', NUL] },
    },
    // --- referrals ---
    {
      call: referralsApi.lookup,
      auth: 'public',
      valid: { code: 'zzzz2222' },
      required: ['code'],
      bad: { code: ['', 'ABC', 'x'.repeat(13), 'AB-CD-EF', '../../etc', NUL] },
      // the good shape of a code that is nobody's
      validStatus: 404,
    },
    // --- receipts ---
    {
      call: receiptsApi.view,
      auth: 'public',
      valid: { token: 'r1.KS-NOSUCH1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      required: ['token'],
      bad: { token: ['', 'x'.repeat(121), ['r1.KS-NOSUCH1.x', 'r1']] },
      // the good shape of a token that is nobody's: 404, never told why
      validStatus: 404,
    },
    {
      call: receiptsApi.choose,
      auth: 'customer',
      valid: { receipts: 'none' },
      required: ['receipts'],
      bad: { receipts: ['', 'fax', 'EMAIL', 1, null, ['email'], {}] },
    },
    // --- web push (this provider has no VAPID keys: the good subscription answers 503 PUSH_UNAVAILABLE, after every check of its input) ---
    {
      call: pushApi.subscribe,
      auth: 'customer',
      valid: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
      required: ['endpoint', 'keys'],
      bad: {
        endpoint: [
          ...BAD_STRING(2048),
          '',
          'http://fcm.googleapis.com/x',
          'ftp://push.example/x',
          'https://10.0.0.1/x',
          'https://169.254.169.254/latest',
          'https://localhost/x',
          'http://127.0.0.1:9/x',
          'https://intranet/x',
          'https://push.example:8443/x',
          'javascript:alert(1)',
        ],
        keys: [
          null,
          'x',
          [],
          { p256dh: 'short', auth: 'A'.repeat(22) },
          { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(40) },
          { p256dh: `A${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
          { auth: 'A'.repeat(22) },
        ],
      },
      validStatus: 503,
    },
    {
      call: pushApi.unsubscribe,
      auth: 'customer',
      valid: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' },
      required: ['endpoint'],
      bad: { endpoint: [...BAD_STRING(2048), '', 'not a url'] },
    },
    {
      call: pushApi.preferences,
      auth: 'customer',
      valid: { points: false },
      required: [],
      bad: { points: ['no', 0, null, [true]], order_status: ['true', 1], campaigns: [{}] },
    },
    // --- campaigns ---
    {
      call: campaignsApi.unsubscribe,
      auth: 'customer',
      valid: { subscribed: false },
      required: ['subscribed'],
      bad: { subscribed: ['false', 0, null, [false], {}] },
    },
    {
      call: campaignsApi.unsubscribeLink,
      auth: 'public',
      valid: { code: '1_AAAAAAAAAAAAAAAAAAAAAAAA' },
      required: ['code'],
      bad: { code: ['', 'short', 'x'.repeat(201), '../../etc/passwd', 5, null, ['1_AAAAAAAAAAAAAAAAAAAAAAAA'], NUL] },
      // the good shape of a code the shop did not sign
      validStatus: 404,
    },
    // --- customer ---
    {
      call: pointsApi.history,
      auth: 'customer',
      valid: { customer_id: 0, page: 1 },
      required: ['customer_id'],
      bad: { customer_id: BAD_ID, page: [0, -1, 1.5, 'two', 100_001, 1e15, [1, 2]] },
      cases: [{ name: "another customer's id", input: { customer_id: 999_999 }, expect: { status: 404, code: 'NOT_FOUND' } }],
    },
    {
      call: customersApi.changeEmail,
      auth: 'customer',
      valid: { email: 'ana.cruz@example.com' },
      required: ['email'],
      bad: { email: ['nope', '', 5, null, `${'x'.repeat(300)}@example.com`, ['a@example.com'], 'a\u0000@example.com'] },
    },
    {
      call: customersApi.birthday,
      auth: 'customer',
      valid: { day: 14, month: 3, year: 1990 },
      required: ['day', 'month'],
      bad: {
        day: [0, 32, 1.5, '14', null, [14], {}, NUL],
        month: [0, 13, 2.5, 'March', null, [3]],
        year: [1899, 10_000, 1990.5, '1990', [1990], {}, 3000],
      },
      cases: [
        { name: '31 April', input: { day: 31, month: 4 }, expect: V(['day']) },
        { name: '29 February 2023', input: { day: 29, month: 2, year: 2023 }, expect: V(['day']) },
      ],
    },
    {
      call: customersApi.language,
      auth: 'customer',
      valid: { language: 'fil' },
      required: ['language'],
      bad: { language: ['de', 'EN', 'tl', '', 42, null, ['fil'], {}, NUL] },
    },
    // --- rewards ---
    {
      call: rewardsApi.detail,
      auth: 'public',
      valid: { name: 'php-50-off' },
      required: ['name'],
      bad: { name: ['', 'PHP-50-OFF', 'free coffee', 'x'.repeat(65), '../../etc/passwd', NUL] },
      cases: [{ name: 'a reward that does not exist', input: { name: 'no-such-reward' }, expect: { status: 404, code: 'NOT_FOUND' } }],
    },
    {
      // the app's icon is a file, not a declared call: its row of the documented table, sent with rawCall
      call: APP_ICON,
      auth: 'public',
      valid: { size: '192', purpose: 'maskable' },
      required: ['size'],
      bad: { size: ['', '0', '64', '193', '5120', '192x192', '1e3', NUL], purpose: ['', 'monochrome', 'ANY', NUL], v: ['', 'V1', '../x', 'x'.repeat(17), NUL] },
    },
    {
      call: rewardsApi.redeem,
      auth: 'customer',
      valid: { name: 'php-50-off', idempotency_key: 'KEY' },
      required: ['name', 'idempotency_key'],
      bad: { name: ['PHP 50', '', 'x'.repeat(65), 5, null, ['php-50-off'], '../etc', NUL], idempotency_key: BAD_KEY },
      cases: [
        { name: 'a reward that does not exist', input: { name: 'no-such-reward', idempotency_key: randomUUID() }, expect: { status: 404, code: 'NOT_FOUND' } },
      ],
    },
    {
      call: rewardsApi.storage,
      auth: 'customer',
      valid: { status: 'active' },
      bad: { status: ['archived', '', 'ACTIVE', 'used,expired', NUL] },
      cases: [{ name: 'status given twice', input: 'status=active&status=used', expect: V(['status']) }],
    },
    // one of the customer's vouchers, and its rotating code for the counter: the same query
    ...[rewardsApi.voucher, rewardsApi.voucherCode].map((call) => ({
      call,
      auth: 'customer' as const,
      valid: { id: 'VOUCHER' },
      required: ['id'],
      bad: { id: ['abc', '0', '-1', '1.5', '', String(HUGE_ID), '1e15', NUL] },
      cases: [{ name: 'a voucher that does not exist', input: { id: '999999' }, expect: { status: 404, code: 'NOT_FOUND' as const } }],
    })),
    // --- wallet ---
    { call: walletApi.history, auth: 'customer', valid: { page: '1' }, bad: { page: BAD_PAGE } },
    {
      call: walletApi.topup,
      auth: 'customer',
      valid: { amount: 10_000, idempotency_key: 'KEY', return_to: 'profile' },
      required: ['amount', 'idempotency_key'],
      bad: { amount: [9_999, 5_000_001, -10_000, 0, 10_000.5, '10000', null, 1e300, [10_000], {}], idempotency_key: BAD_KEY, return_to: ['home', '', 5, null] },
    },
    {
      call: walletApi.topupStatus,
      auth: 'customer',
      valid: { topup_id: 'TOPUP' },
      required: ['topup_id'],
      bad: { topup_id: ['abc', '', '123', `${randomUUID()}x`, NUL] },
      cases: [{ name: 'a top-up that does not exist', input: { topup_id: randomUUID() }, expect: { status: 404, code: 'NOT_FOUND' } }],
    },
    // --- gift cards (off in this shop: a good purchase answers 409 CONFLICT, after every check of its input) ---
    {
      call: giftCardsApi.buy,
      auth: 'customer',
      valid: { ...GIFT_PURCHASE, idempotency_key: 'KEY' },
      required: ['amount', 'design', 'from_name', 'to_name', 'payment_method', 'idempotency_key'],
      bad: {
        amount: [99, 10_000_001, -1, 0, 100.5, '50000', null, [50_000]],
        design: ['', 'birthday', 5, null],
        message: ['m'.repeat(301), 5, null],
        from_name: ['', '   ', 'n'.repeat(61), 5, null],
        to_name: ['', 'n'.repeat(61), ['Ben']],
        to_phone: ['12', 'phone', 5],
        to_email: ['not-an-address', 5],
        deliver_at: ['tomorrow', '2026-12-24', '2026-12-24T09:00:00Z', 5],
        payment_method: ['card', '', 'WALLET', null],
        idempotency_key: BAD_KEY,
      },
      cases: [
        {
          name: 'a phone number and an e-mail address both',
          input: {
            amount: 50_000,
            design: 'celebrate',
            from_name: 'A',
            to_name: 'B',
            to_phone: '09175550101',
            to_email: 'b@example.test',
            payment_method: 'wallet',
            idempotency_key: randomUUID(),
          },
          expect: { status: 400, code: 'VALIDATION', fields: ['to_email'] },
        },
        {
          name: 'neither a phone number nor an e-mail address',
          input: { amount: 50_000, design: 'celebrate', from_name: 'A', to_name: 'B', payment_method: 'wallet', idempotency_key: randomUUID() },
          expect: { status: 400, code: 'VALIDATION', fields: ['to_phone'] },
        },
      ],
      validStatus: 409,
    },
    { call: giftCardsApi.sent, auth: 'customer', valid: { page: '1' }, bad: { page: BAD_PAGE } },
    // the good shape of a number that is no card's (counted as a wrong try: one each)
    { call: giftCardsApi.view, auth: 'customer', valid: { number: NOBODYS_CARD }, required: ['number'], bad: { number: BAD_CARD }, validStatus: 404 },
    {
      call: giftCardsApi.claim,
      auth: 'customer',
      valid: { number: NOBODYS_CARD },
      required: ['number'],
      bad: { number: [...BAD_CARD, 5, null, [NOBODYS_CARD]] },
      validStatus: 404,
    },
    {
      call: giftCardsApi.refund,
      auth: 'customer',
      valid: { id: 999_999 },
      required: ['id'],
      bad: { id: BAD_ID },
      validStatus: 404,
    },
    // --- addresses ---
    {
      call: addressesApi.create,
      auth: 'customer',
      valid: addressBody(),
      required: ['label', 'recipient', 'phone', 'line1', 'city', 'postal_code', 'lat', 'lng'],
      bad: {
        label: [...BAD_STRING(40), '', '   '],
        recipient: [...BAD_STRING(80), ''],
        phone: [...BAD_STRING(32), '12', 'call me maybe'],
        line1: [...BAD_STRING(200), 'ab'],
        city: [...BAD_STRING(80), ''],
        postal_code: ['!!!', '12', 'x'.repeat(11), 1200, null, NUL],
        lat: [90.5, -91, '14.5', null, [14.5]],
        lng: [180.5, -181, 'east', null],
        note: BAD_STRING(200),
        is_default: ['yes', 1, null],
      },
    },
    {
      call: addressesApi.update,
      auth: 'customer',
      valid: { id: 'ADDRESS', label: 'Home' },
      required: ['id'],
      bad: { id: BAD_ID, label: ['', 'x'.repeat(41), 5, NUL], lat: [91, 'north'], postal_code: ['!!'], is_default: ['true'] },
      cases: [{ name: 'an address that does not exist', input: { id: 999_999, label: 'Home' }, expect: { status: 404, code: 'NOT_FOUND' } }],
    },
    {
      call: addressesApi.remove,
      auth: 'customer',
      valid: { id: 'ADDRESS' },
      required: ['id'],
      bad: { id: BAD_ID },
      cases: [{ name: 'an address that does not exist', input: { id: 999_999 }, expect: { status: 404, code: 'NOT_FOUND' } }],
    },
    // --- orders ---
    {
      call: ordersApi.quote,
      auth: 'customer',
      valid: basket(),
      required: ['items', 'fulfilment'],
      bad: badOrderFields(),
      cases: [
        { name: 'a product not on the menu', input: { ...basket(), items: [{ product_id: 999_999, qty: 1 }] }, expect: V(['items.0.product_id']) },
        {
          name: 'delivery without an address',
          input: { ...basket(), fulfilment: 'delivery' },
          expect: { status: 400, code: 'ADDRESS_REQUIRED', fields: ['address_id'] },
        },
        {
          name: 'an address that does not exist',
          input: { ...basket(), fulfilment: 'delivery', address_id: 999_999 },
          expect: { status: 404, code: 'NOT_FOUND' },
        },
        {
          name: 'a voucher that does not exist',
          input: { ...basket(), voucher_id: 999_999 },
          expect: { status: 400, code: 'VOUCHER_INVALID', fields: ['voucher_id'] },
        },
        {
          name: 'a promo code no offer has',
          input: { ...basket(), promo_code: 'NOSUCHCODE' },
          expect: { status: 400, code: 'PROMO_CODE_INVALID', fields: ['promo_code'] },
        },
        { name: 'a tip where the shop takes none (off by default)', input: { ...basket(), tip: 1_000 }, expect: V(['tip']) },
        {
          name: 'dine-in where the shop takes none (off by default)',
          input: { ...basket(), fulfilment: 'dine_in', table_code: 't1.1.1.AAAAAAAAAAAAAAAA' },
          expect: V(['fulfilment']),
        },
      ],
    },
    // --- dine-in tables ---
    {
      call: tablesApi.resolve,
      auth: 'public',
      valid: { code: 't1.1.zz.AAAAAAAAAAAAAAAA' },
      required: ['code'],
      bad: {
        code: [
          '',
          't1',
          't1.1.1',
          't1.1.1.short',
          't1.-1.1.AAAAAAAAAAAAAAAA',
          't2.1.1.AAAAAAAAAAAAAAAA',
          'x'.repeat(41),
          ['t1.1.1.AAAAAAAAAAAAAAAA', 't1'],
          NUL,
        ],
      },
      // the good shape of a code that is no table's: 404, never told why
      validStatus: 404,
    },
    {
      call: tablesApi.guest,
      auth: 'public',
      valid: { table_code: 't1.1.zz.AAAAAAAAAAAAAAAA', name: 'Ana' },
      required: ['table_code', 'name'],
      bad: {
        table_code: ['', 't1', 't1.1.1.short', 5, null, ['t1.1.1.AAAAAAAAAAAAAAAA'], NUL],
        name: ['', '   ', 'A'.repeat(41), '1234', 'Ana<script>', 'Ana\u0000', 5, null, ['Ana'], { first: 'Ana' }, NUL],
      },
      cases: [{ name: 'a field it does not take', input: { table_code: 't1.1.zz.AAAAAAAAAAAAAAAA', name: 'Ana', phone: '+639171234567' }, expect: V([]) }],
      // the good shape of a code that is no table's: 404, never told why
      validStatus: 404,
    },
    {
      call: ordersApi.create,
      auth: 'customer',
      valid: { ...basket(), payment_method: 'wallet', idempotency_key: 'KEY' },
      required: ['items', 'fulfilment', 'payment_method', 'idempotency_key'],
      bad: {
        ...badOrderFields(),
        payment_method: ['cash', '', 'WALLET', 'COUNTER', 5, null, ['wallet']],
        idempotency_key: BAD_KEY,
        expected_total: ['165', 1.5, null, [16_500]],
      },
      cases: [
        {
          name: 'a product not on the menu',
          input: { ...basket(), items: [{ product_id: 999_999, qty: 1 }], payment_method: 'wallet', idempotency_key: randomUUID() },
          expect: V(['items.0.product_id']),
        },
        {
          name: 'an unavailable product',
          input: { ...basket(), items: [{ product_id: 'COLD_BREW', qty: 1 }], payment_method: 'wallet', idempotency_key: randomUUID() },
          expect: { status: 409, code: 'PRODUCT_UNAVAILABLE', fields: ['items.0.product_id'] },
        },
        {
          name: 'delivery without an address',
          input: { ...basket(), fulfilment: 'delivery', payment_method: 'gateway', idempotency_key: randomUUID() },
          expect: { status: 400, code: 'ADDRESS_REQUIRED', fields: ['address_id'] },
        },
        {
          name: 'a voucher that does not exist',
          input: { ...basket(), voucher_id: 999_999, payment_method: 'wallet', idempotency_key: randomUUID() },
          expect: { status: 400, code: 'VOUCHER_INVALID', fields: ['voucher_id'] },
        },
        {
          name: 'a promo code no offer has',
          input: { ...basket(), promo_code: 'NOSUCHCODE', payment_method: 'wallet', idempotency_key: randomUUID() },
          expect: { status: 400, code: 'PROMO_CODE_INVALID', fields: ['promo_code'] },
        },
        {
          name: 'a tip where the shop takes none (off by default)',
          input: { ...basket(), tip: 1_000, payment_method: 'wallet', idempotency_key: randomUUID() },
          expect: V(['tip']),
        },
        {
          name: 'paying at the counter where the shop takes none (off by default)',
          input: { ...basket(), payment_method: 'counter', idempotency_key: randomUUID() },
          expect: V(['payment_method']),
        },
        {
          name: 'below the minimum order',
          input: { items: [{ product_id: P.croissant.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
          expect: { status: 400, code: 'BELOW_MINIMUM', fields: ['items'] },
        },
      ],
    },
    { call: ordersApi.list, auth: 'customer', valid: { page: '1' }, bad: { page: BAD_PAGE } },
    {
      call: ordersApi.detail,
      auth: 'customer',
      valid: { name: 'ORDER' },
      required: ['name'],
      bad: { name: ['', 'ks-abc', 'KS', 'X'.repeat(41), 'KS 1234', '<script>', 'KS-%', NUL] },
      cases: [{ name: 'an order that does not exist', input: { name: 'KS-ZZZZZZZZ' }, expect: { status: 404, code: 'NOT_FOUND' } }],
    },
    {
      call: ordersApi.claim,
      auth: 'customer',
      valid: { token: `c1.KS-ZZZZZZZZ.${'A'.repeat(32)}` },
      required: ['token'],
      bad: { token: ['', 'KS-ZZZZZZZZ', 'r1.KS-ZZZZZZZZ.' + 'A'.repeat(32), 'c1.KS-ZZZZZZZZ.short', 'c1.ks-z.' + 'A'.repeat(32), 5, null, ['c1'], NUL] },
      // the good shape of a token that is no order's (its mac wrong): 404
      validStatus: 404,
    },
    {
      call: ordersApi.again,
      auth: 'customer',
      valid: { name: 'ORDER' },
      required: ['name'],
      bad: { name: ['', 'ks-abc', 'KS', 'X'.repeat(41), 'KS 1234', '<script>', 'KS-%', NUL] },
      cases: [{ name: 'an order that does not exist', input: { name: 'KS-ZZZZZZZZ' }, expect: { status: 404, code: 'NOT_FOUND' } }],
    },
    // --- notifications ---
    { call: notificationsApi.list, auth: 'customer', valid: { page: '1' }, bad: { page: BAD_PAGE } },
    {
      call: notificationsApi.read,
      auth: 'customer',
      valid: { all: true },
      cases: [
        { name: 'neither ids nor all', input: {}, expect: V(['ids']) },
        { name: 'ids empty', input: { ids: [] }, expect: V(['ids']) },
        { name: 'ids not an array', input: { ids: 'all' }, expect: V(['ids']) },
        { name: 'ids an object', input: { ids: { 0: 1 } }, expect: V(['ids']) },
        { name: 'an id of 0', input: { ids: [0] }, expect: V(['ids.0']) },
        { name: 'an id that is a word', input: { ids: [1, 'x'] }, expect: V(['ids.1']) },
        { name: 'an id past the integer range', input: { ids: [HUGE_ID] }, expect: V(['ids.0']) },
        { name: 'an id of 1e15', input: { ids: [1e15] }, expect: V(['ids.0']) },
        { name: 'over 200 ids', input: { ids: Array.from({ length: 201 }, (_, i) => i + 1) }, expect: V(['ids']) },
        { name: 'all: false', input: { all: false }, expect: V(['all']) },
        { name: "all: 'true'", input: { all: 'true' }, expect: V(['all']) },
        { name: 'all: 1', input: { all: 1 }, expect: V(['all']) },
      ],
    },
    // --- locations ---
    {
      call: locationsApi.slots,
      auth: 'public',
      // the fresh database's one location
      valid: { location_id: '1' },
      required: ['location_id'],
      bad: {
        location_id: ['abc', '', '-1', '0', '1.5', String(HUGE_ID), NUL],
        // a cart's product ids, comma-separated (issue 54)
        products: ['', 'abc', '1,', ',1', '1,,2', '-1', '0', '1.5', String(HUGE_ID), '1 2', Array.from({ length: 101 }, (_, i) => i + 1).join(','), NUL],
      },
      cases: [{ name: 'a location that does not exist', input: { location_id: '999999' }, expect: { status: 404, code: 'NOT_FOUND' } }],
    },
    {
      call: locationsApi.deliveryCheck,
      auth: 'public',
      valid: { lat: '14.5547', lng: '121.0244' },
      required: ['lat', 'lng'],
      bad: { lat: ['abc', '', '90.5', '-91', '1e3', NUL], lng: ['east', '', '180.01', '-181', NUL] },
    },
    // --- wheel ---
    {
      call: wheelApi.spin,
      auth: 'customer',
      valid: { idempotency_key: 'KEY' },
      required: ['idempotency_key'],
      bad: { idempotency_key: BAD_KEY },
    },
    // --- merchant ---
    {
      call: ordersApi.status,
      auth: 'merchant',
      valid: { name: 'ORDER', status: 'preparing', note: 'On it' },
      required: ['name', 'status'],
      bad: { name: ['', 'ks-1', 'X'.repeat(41), 5, null, ['ORDER']], status: ['shipped', '', 'PAID', 5, null, ['ready']], note: ['x'.repeat(201), 5, NUL] },
      cases: [
        { name: 'an order that does not exist', input: { name: 'KS-ZZZZZZZZ', status: 'preparing' }, expect: { status: 404, code: 'NOT_FOUND' } },
        {
          name: 'a wrong merchant key',
          input: { name: 'KS-ZZZZZZZZ', status: 'preparing' },
          noAuth: true,
          headers: { 'x-merchant-key': 'not-the-key' },
          expect: { status: 401, code: 'FORBIDDEN' },
        },
      ],
    },
    {
      call: menuMachineApi.updateProduct,
      auth: 'merchant',
      valid: { product_id: 'CROISSANT', price: 9_500 },
      required: ['product_id'],
      bad: { product_id: BAD_ID, price: [-1, 1.5, '9500', 100_000_001, null, [9_500]], available: ['yes', 1, null] },
      cases: [
        { name: 'neither price nor available', input: { product_id: 'CROISSANT' }, expect: V(['price']) },
        { name: 'a product that does not exist', input: { product_id: 999_999, price: 100 }, expect: { status: 404, code: 'NOT_FOUND' } },
      ],
    },
    {
      call: counterMachineApi.earn,
      auth: 'merchant',
      merchantKey: TILL_KEY,
      valid: { phone: TILL_PHONE, amount: 25_000, idempotency_key: 'KEY' },
      required: ['amount', 'idempotency_key'],
      bad: {
        phone: ['', 'abc', '+63', 5, null, ['+639175550101'], NUL],
        code: ['', 'x'.repeat(201), 5, null, ['ABCD1234']],
        amount: [0, -1, 1.5, '25000', 100_000_001, null, [25_000]],
        items: ['latte', [{ product_id: 'abc', qty: 1 }], [{ product_id: 1, qty: 0 }], [{ product_id: 1, qty: 100 }], null],
        location_id: BAD_ID,
      },
      validStatus: 201,
      cases: [
        {
          name: 'a member card code and a phone at once',
          input: { phone: TILL_PHONE, code: 'ABCD1234', amount: 25_000, idempotency_key: 'KEY' },
          expect: V(['code']),
        },
        {
          name: 'the server key (it may not give points)',
          input: { phone: TILL_PHONE, amount: 25_000, idempotency_key: 'KEY' },
          noAuth: true,
          headers: { 'x-merchant-key': TEST_MERCHANT_KEY },
          expect: { status: 403, code: 'SCOPE_FORBIDDEN' },
        },
      ],
    },
    // --- payments ---
    {
      call: paymentsApi.sandboxComplete,
      params: { id: 'PAYMENT' },
      // only the customer who started the payment may complete it
      auth: 'customer',
      valid: { outcome: 'decline' },
      required: ['outcome'],
      bad: { outcome: ['maybe', '', 'PAY', 5, null, ['pay']] },
    },
    // --- the saved card and auto-reload (issue 49) ---
    {
      call: savedCardApi.update,
      auth: 'customer',
      valid: { enabled: false, threshold: 20_000, amount: 50_000 },
      required: ['enabled', 'threshold', 'amount'],
      bad: {
        enabled: ['yes', 1, null, ['true'], NUL],
        threshold: [0, -1, 100.5, '20000', null, 5_000_001, 1e308, [20_000]],
        // below the shop's smallest top-up: refused by the shop's own limits
        amount: [0, -1, 9_999, 100.5, '50000', null, 5_000_001, [50_000]],
      },
    },
    {
      call: savedCardApi.confirm,
      auth: 'customer',
      valid: { setup_id: randomUUID() },
      required: ['setup_id'],
      bad: { setup_id: ['abc', '', 5, null, `${randomUUID()}x`, [randomUUID()], NUL] },
      validStatus: 404,
    },
    // --- e-mail verification and Google linking ---
    {
      call: customersApi.emailVerifyRequest,
      auth: 'customer',
      // not the customer's address (none, or the one change-email saved): 409 NO_EMAIL or CONFLICT, never a code
      valid: { email: 'someone.else@example.com' },
      required: ['email'],
      bad: { email: ['nope', '', 5, null, `${'x'.repeat(300)}@example.com`, ['a@example.com'], 'a\u0000@example.com'] },
      validStatus: 409,
    },
    {
      call: customersApi.emailVerify,
      auth: 'customer',
      // a code never sent (CODE_EXPIRED) or not the one sent (INVALID_CODE): its own code, not VALIDATION
      valid: { code: '123456' },
      required: ['code'],
      bad: { code: ['12345', '1234567', 'abcdef', 123456, null, '', ['123456'], NUL] },
      validStatus: 400,
    },
    {
      call: authApi.googleLink,
      auth: 'customer',
      valid: { id_token: 'i'.repeat(40) },
      required: ['id_token'],
      bad: { id_token: ['short', 1, null, 'i'.repeat(4097), ['i'.repeat(40)], {}] },
      validStatus: 401,
    },
  ];

  /** Placeholders in specs stand for ids made in beforeAll; KEY becomes a fresh key per case, so no case can spoil another's key. */
  function fill(v: Json, keys: boolean): Json {
    if (typeof v === 'string') {
      if (v === 'KEY') return keys ? randomUUID() : v;
      const map: Record<string, Json> = {
        VOUCHER: String(voucherId),
        TOPUP: topupId,
        ORDER: orderName,
        CROISSANT: P.croissant.id,
        COLD_BREW: P.coldBrew.id,
        ADDRESS: addressId,
      };
      return v in map ? map[v] : v;
    }
    if (Array.isArray(v)) return v.map((x) => fill(x, keys));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, keys)]));
    return v;
  }

  function resolve(spec: Spec): Spec {
    // the call is kept as it is (DECLARED knows it by identity)
    const s = { ...(fill(spec, false) as Spec), call: spec.call };
    if (s.params?.id === 'PAYMENT') s.params = { id: paymentId };
    // point/history's good id is the customer's own
    if (s.call === pointsApi.history) s.valid = { ...s.valid, customer_id: c.id };
    return s;
  }

  function named(fields: Record<string, string> | undefined, f: string): boolean {
    return Object.keys(fields ?? {}).some((k) => k === f || k.startsWith(`${f}.`));
  }

  // the calls are listed here for the it() names; the specs themselves are built once P is known
  const CALLS: Target[] = [
    authApi.otpRequest,
    authApi.otpVerify,
    authApi.register,
    authApi.google,
    pointsApi.history,
    customersApi.changeEmail,
    rewardsApi.detail,
    APP_ICON,
    rewardsApi.redeem,
    rewardsApi.storage,
    rewardsApi.voucher,
    rewardsApi.voucherCode,
    walletApi.history,
    walletApi.topup,
    walletApi.topupStatus,
    giftCardsApi.buy,
    giftCardsApi.sent,
    giftCardsApi.view,
    giftCardsApi.claim,
    giftCardsApi.refund,
    addressesApi.create,
    addressesApi.update,
    addressesApi.remove,
    ordersApi.quote,
    ordersApi.create,
    ordersApi.list,
    ordersApi.detail,
    ordersApi.claim,
    ordersApi.again,
    notificationsApi.list,
    notificationsApi.read,
    wheelApi.spin,
    ordersApi.status,
    menuMachineApi.updateProduct,
    counterMachineApi.earn,
    paymentsApi.sandboxComplete,
    savedCardApi.update,
    savedCardApi.confirm,
    customersApi.emailVerifyRequest,
    customersApi.emailVerify,
    authApi.googleLink,
    customersApi.birthday,
    customersApi.language,
    referralsApi.lookup,
    receiptsApi.view,
    receiptsApi.choose,
    tablesApi.resolve,
    tablesApi.guest,
    pushApi.subscribe,
    pushApi.unsubscribe,
    pushApi.preferences,
    campaignsApi.unsubscribe,
    campaignsApi.unsubscribeLink,
  ];

  describe.each(CALLS.map((call) => [call.path, call] as const))('%s', (path, call) => {
    it('answers every bad input with 400 naming the bad fields (or its documented code), never 5xx, and writes nothing', async () => {
      const spec = resolve(specs().find((s) => s.call === call)!);
      const problems: string[] = [];
      let n = 0;
      for (const k of casesOf(spec)) {
        const kase = fill(k, true) as Case;
        const before = await counts();
        const res = await send(spec, kase);
        n++;
        const body = res.body as { status?: number; error?: { code?: string; fields?: Record<string, string> } };
        const said = `${spec.call.method.toUpperCase()} ${path} with ${kase.name}: ${res.status} ${res.text.slice(0, 300)}`;
        if (res.status >= 500) problems.push(`5xx: ${said}`);
        else if (res.status !== kase.expect.status || body.error?.code !== kase.expect.code)
          problems.push(`expected ${kase.expect.status} ${kase.expect.code}: ${said}`);
        else if (body.status !== res.status) problems.push(`envelope status differs: ${said}`);
        else for (const f of kase.expect.fields ?? []) if (!named(body.error?.fields, f)) problems.push(`field ${f} not named: ${said}`);
        const after = await counts();
        for (const t of COUNTED) if (after[t] !== before[t]) problems.push(`${t} went from ${before[t]} to ${after[t]}: ${said}`);
      }
      expect(problems).toEqual([]);
      // the good input is not refused as bad input (so each 400 above was the bad field's doing)
      const good = await send(spec, { input: fill(spec.valid, true) });
      const status = spec.validStatus;
      if (status !== undefined) expect(good.status, good.text).toBe(status);
      else expect(good.status, good.text).toBeLessThan(300);
      if (good.status === 400) expect(good.body.error.code).not.toBe('VALIDATION');
      expect(n).toBeGreaterThan(0);
    });
  });

  describe('calls that take no input', () => {
    const noInput = [
      [settingsApi.mainSetting, 'public'],
      [locationsApi.list, 'public'],
      [customersApi.profile, 'customer'],
      [walletApi.balance, 'customer'],
      [savedCardApi.status, 'customer'],
      [giftCardsApi.options, 'customer'],
      [addressesApi.list, 'customer'],
      [wheelApi.config, 'customer'],
      [membersApi.card, 'customer'],
      [stampsApi.cards, 'customer'],
      [campaignsApi.preferences, 'customer'],
      [receiptsApi.settings, 'customer'],
      // the OpenAPI document is not a declared call: its row of the documented table
      [OPENAPI, 'public'],
    ] as const;
    it.each(noInput.map(([call, auth]) => [call.method, call.path, call, auth] as const))(
      '%s %s ignores a junk query, and answers 401 without a session where it needs one',
      async (_method, _path, call, auth) => {
        const before = await counts();
        const junk = await send({ call, auth }, { input: `page=-1&page=x&id[a]=1&status=${encodeURIComponent(NUL)}&${'q'.repeat(2000)}=1` });
        expect(junk.status, junk.text).toBe(200);
        if (auth === 'customer') {
          const none = await send({ call, auth }, { noAuth: true });
          expect(none.status).toBe(401);
          expect(none.body.error.code).toBe('SESSION_EXPIRED');
        }
        expect(await counts()).toEqual(before);
      },
    );
  });

  describe('payment/webhook (signed by the payment gateway)', () => {
    const post = (raw: string, sig?: string, contentType = 'application/json') => {
      let t = callApi(p, paymentsApi.webhook).set('content-type', contentType);
      if (sig !== undefined) t = t.set('x-sandbox-signature', sig);
      return t.send(raw);
    };

    it('refuses unsigned, wrongly signed, stale and malformed signatures with 401 BAD_SIGNATURE, writing nothing', async () => {
      const before = await counts();
      const raw = webhookEvent(webhookPaymentId, 10_000, 'payment.succeeded', unix(p));
      for (const sig of [
        undefined,
        '',
        'nonsense',
        `t=${unix(p)}`,
        `t=${unix(p)},v1=zz`,
        signature(raw, unix(p), 'another-secret'),
        signature(raw, unix(p) - 301),
        signature(raw, unix(p) + 301),
        signature(`${raw} `, unix(p)),
        `t=${'9'.repeat(13)},v1=${'a'.repeat(64)}`,
      ]) {
        const res = await post(raw, sig);
        expect(res.status, `${sig}: ${res.text}`).toBe(401);
        expect(res.body.error.code).toBe('BAD_SIGNATURE');
      }
      expect(await counts()).toEqual(before);
      expect((await p.db.selectFrom('payments').select('status').where('id', '=', webhookPaymentId).executeTakeFirstOrThrow()).status).toBe('pending');
    });

    it('refuses a correctly signed body that is not a valid event with 400 naming each bad field, writing nothing', async () => {
      const t = unix(p);
      const good = { id: randomUUID(), type: 'payment.failed', payment_id: webhookPaymentId, amount: 10_000, created: t };
      const bad: Array<[string, Json, string[]]> = [
        ['type unknown', { ...good, type: 'payment.refunded' }, ['type']],
        ['payment_id not a uuid', { ...good, payment_id: 'abc' }, ['payment_id']],
        ['amount negative', { ...good, amount: -10_000 }, ['amount']],
        ['amount fractional', { ...good, amount: 1.5 }, ['amount']],
        ['amount a string', { ...good, amount: '10000' }, ['amount']],
        ['created a string', { ...good, created: 'now' }, ['created']],
        ['id empty', { ...good, id: '' }, ['id']],
        ['id too long', { ...good, id: 'e'.repeat(101) }, ['id']],
        ['id with a NUL', { ...good, id: 'a\u0000b' }, ['id']],
        ['everything missing', {}, ['id', 'type', 'payment_id', 'amount', 'created']],
        ['an array', [good], ['body']],
        ['everything wrong', { id: 5, type: 5, payment_id: 5, amount: 'x', created: 'y' }, ['id', 'type', 'payment_id', 'amount', 'created']],
      ];
      const before = await counts();
      for (const [name, event, fields] of bad) {
        const raw = JSON.stringify(event);
        const res = await post(raw, signature(raw, t));
        expect(res.status, `${name}: ${res.text}`).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION');
        for (const f of fields) expect(named(res.body.error.fields, f), `${name}: ${f} in ${res.text}`).toBe(true);
      }
      // not JSON at all, signed: the body parser's 400, or the handler's when it is not sent as JSON
      for (const [raw, type] of [
        ['{"id":', 'application/json'],
        ['hello', 'text/plain'],
      ] as const) {
        const res = await post(raw, signature(raw, t), type);
        expect(res.status, res.text).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION');
        expect(named(res.body.error.fields, 'body')).toBe(true);
      }
      const big = JSON.stringify({ ...good, padding: 'x'.repeat(70_000) });
      expect((await post(big, signature(big, t))).status).toBe(413);
      expect(await counts()).toEqual(before);
    });
  });

  it('serves a 404 page, not a 5xx, for a sandbox page whose id is not a payment', async () => {
    for (const id of ['abc', randomUUID(), '%00', 'x'.repeat(500)]) {
      const res = await rawCall(p, 'get', `payment/sandbox/${id}`);
      expect(res.status, id).toBe(404);
    }
  });
});
