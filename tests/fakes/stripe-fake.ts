import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe API endpoints the Stripe adapter uses, for tests that must not
 * reach the internet. The official library is pointed at it through its documented `host`, `port`
 * and `protocol` options, so what is checked here is exactly what the library puts on the wire.
 *
 * Every request is checked against Stripe's published API reference (stripe/openapi, spec3 for API
 * 2026-09-30 and the library's pinned 2026-10-28 version) for the parameters the adapter sends:
 * form encoding with bracketed names, known parameter names (an unknown one is refused as Stripe
 * refuses it), required ones, types, enums and documented lengths, plus the documented rules that
 * are not in the schema (metadata limits, a Checkout Session lives 30 minutes to 24 hours, Bearer
 * auth, Idempotency-Key replay and reuse). Parameters the reference lists but this fake does not
 * model are refused too, saying so, so nobody mistakes an unchecked call for a checked one.
 * Answers and errors are shaped as the reference documents (`checkout.session`, `refund`, `charge`,
 * `event`, and `{error: {type, message, param, code}}`).
 *
 * Endpoints: POST /v1/checkout/sessions (payment and setup mode), GET /v1/checkout/sessions/{session},
 * POST /v1/refunds, and for saved cards (issue 49) POST /v1/customers, POST /v1/payment_intents
 * (off-session, confirmed at once) and POST /v1/payment_methods/{id}/detach. completeSetupSession plays
 * the customer saving a card: one that works, one the bank declines, or one that needs the customer.
 * Test controls play the customer and Stripe's back office: completeSession, expireSession, event,
 * refundInDashboard (a refund the merchant makes in Stripe's Dashboard) and dispute (a customer's bank
 * opens a chargeback: a `dispute` object as the reference documents it).
 */

// ---------------------------------------------------------------------------------------------
// The rules: the reference's parameter schema for the fields the adapter sends
// ---------------------------------------------------------------------------------------------

type Rule =
  | { type: 'string'; maxLength?: number; enum?: readonly string[]; format?: 'currency' | 'url' | 'id'; allowEmpty?: boolean }
  | { type: 'integer'; min?: number; max?: number }
  | { type: 'boolean' }
  /** `metadata`: string values; documented limits of 50 keys, keys ≤ 40 chars without brackets, values ≤ 500 */
  | { type: 'metadata' }
  | { type: 'object'; properties: Record<string, Rule>; required?: readonly string[]; known?: readonly string[] }
  | { type: 'array'; items: Rule; maxItems?: number };

const str = (maxLength?: number): Rule => ({ type: 'string', ...(maxLength ? { maxLength } : {}) });
const oneOf = (...values: string[]): Rule => ({ type: 'string', enum: values });
const expand: Rule = { type: 'array', items: str(5000) };

/** POST /v1/checkout/sessions (operationId PostCheckoutSessions): no required parameter in the schema. */
const checkoutSessionCreate: Rule = {
  type: 'object',
  properties: {
    cancel_url: { type: 'string', format: 'url' },
    allowed_payment_method_types: { type: 'array', items: oneOf('card', 'link', 'us_bank_account', 'sepa_debit') },
    client_reference_id: str(200),
    currency: { type: 'string', format: 'currency' },
    customer: str(5000),
    customer_email: str(),
    expand,
    expires_at: { type: 'integer' },
    line_items: {
      type: 'array',
      // documented: at most 100 line items in payment mode
      maxItems: 100,
      items: {
        type: 'object',
        properties: {
          metadata: { type: 'metadata' },
          price: str(5000),
          price_data: {
            type: 'object',
            required: ['currency'],
            properties: {
              currency: { type: 'string', format: 'currency' },
              product: str(5000),
              product_data: {
                type: 'object',
                required: ['name'],
                properties: {
                  description: str(40000),
                  // documented: up to 8 images
                  images: { type: 'array', items: str(), maxItems: 8 },
                  metadata: { type: 'metadata' },
                  name: str(5000),
                  tax_code: str(5000),
                  unit_label: str(12),
                },
                known: ['tax_details'],
              },
              tax_behavior: oneOf('exclusive', 'inclusive', 'unspecified'),
              unit_amount: { type: 'integer', min: 0 },
            },
            known: ['recurring', 'unit_amount_decimal'],
          },
          quantity: { type: 'integer', min: 0 },
        },
        known: ['adjustable_quantity', 'tax_rates'],
      },
    },
    locale: oneOf(
      'auto',
      'bg',
      'cs',
      'da',
      'de',
      'el',
      'en',
      'en-GB',
      'es',
      'es-419',
      'et',
      'fi',
      'fil',
      'fr',
      'fr-CA',
      'hr',
      'hu',
      'id',
      'it',
      'ja',
      'ko',
      'lt',
      'lv',
      'ms',
      'mt',
      'nb',
      'nl',
      'pl',
      'pt',
      'pt-BR',
      'ro',
      'ru',
      'sk',
      'sl',
      'sv',
      'th',
      'tr',
      'vi',
      'zh',
      'zh-HK',
      'zh-TW',
    ),
    metadata: { type: 'metadata' },
    mode: oneOf('payment', 'setup', 'subscription'),
    payment_intent_data: {
      type: 'object',
      properties: {
        capture_method: oneOf('automatic', 'automatic_async', 'manual'),
        description: str(1000),
        metadata: { type: 'metadata' },
        receipt_email: str(),
        setup_future_usage: oneOf('off_session', 'on_session'),
        statement_descriptor: str(22),
        statement_descriptor_suffix: str(22),
      },
      known: ['application_fee_amount', 'on_behalf_of', 'shipping', 'transfer_data', 'transfer_group'],
    },
    setup_intent_data: { type: 'object', properties: { description: str(1000), metadata: { type: 'metadata' } }, known: ['on_behalf_of'] },
    submit_type: oneOf('auto', 'book', 'donate', 'pay', 'subscribe'),
    success_url: { type: 'string', format: 'url' },
    ui_mode: oneOf('elements', 'embedded_page', 'form', 'hosted_page'),
  },
  known: [
    'adaptive_pricing',
    'after_expiration',
    'allow_promotion_codes',
    'automatic_tax',
    'billing_address_collection',
    'branding_settings',
    'consent_collection',
    'custom_fields',
    'custom_text',
    'customer_account',
    'customer_creation',
    'customer_update',
    'discounts',
    'excluded_payment_method_types',
    'integration_identifier',
    'invoice_creation',
    'managed_payments',
    'name_collection',
    'optional_items',
    'origin_context',
    'payment_method_collection',
    'payment_method_configuration',
    'payment_method_data',
    'payment_method_options',
    'permissions',
    'phone_number_collection',
    'redirect_on_completion',
    'return_url',
    'saved_payment_method_options',
    'shipping_address_collection',
    'shipping_options',
    'subscription_data',
    'tax_id_collection',
    'wallet_options',
  ],
};

/** POST /v1/refunds (operationId PostRefunds): no required parameter in the schema. */
const refundCreate: Rule = {
  type: 'object',
  properties: {
    amount: { type: 'integer', min: 1 },
    charge: str(5000),
    currency: { type: 'string', format: 'currency' },
    expand,
    metadata: { type: 'metadata' },
    payment_intent: str(5000),
    reason: oneOf('duplicate', 'fraudulent', 'requested_by_customer'),
  },
  known: ['customer', 'instructions_email', 'origin', 'refund_application_fee', 'reverse_transfer'],
};

/** POST /v1/customers: no required parameter. */
const customerCreate: Rule = {
  type: 'object',
  properties: { description: str(350), email: str(512), expand, metadata: { type: 'metadata' }, name: str(256) },
  known: [
    'address',
    'balance',
    'invoice_settings',
    'payment_method',
    'phone',
    'preferred_locales',
    'shipping',
    'source',
    'tax',
    'tax_exempt',
    'tax_id_data',
    'test_clock',
  ],
};

/** POST /v1/payment_intents: `amount` and `currency` required. */
const paymentIntentCreate: Rule = {
  type: 'object',
  required: ['amount', 'currency'],
  properties: {
    amount: { type: 'integer', min: 1 },
    confirm: { type: 'boolean' },
    currency: { type: 'string', format: 'currency' },
    customer: str(5000),
    description: str(1000),
    expand,
    metadata: { type: 'metadata' },
    off_session: { type: 'boolean' },
    payment_method: str(5000),
  },
  known: [
    'automatic_payment_methods',
    'capture_method',
    'confirmation_method',
    'error_on_requires_action',
    'mandate',
    'payment_method_options',
    'payment_method_types',
    'receipt_email',
    'return_url',
    'setup_future_usage',
    'statement_descriptor',
    'statement_descriptor_suffix',
  ],
};

/** POST /v1/payment_methods/{id}/detach: only `expand`. */
const paymentMethodDetach: Rule = { type: 'object', properties: { expand } };

/** GET /v1/checkout/sessions/{session}: `expand` in the query; the path id is at most 66 characters. */
const checkoutSessionRetrieveQuery: Rule = { type: 'object', properties: { expand } };
/** GET /v1/balance: the API reference lists only `expand` */
const balanceRetrieveQuery: Rule = { type: 'object', properties: { expand } };
const SESSION_ID_MAX = 66;

/** Documented in "Minimum and maximum charge amounts"; other currencies are not modelled here. */
const MINIMUM_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30 };
/** Documented: an amount is at most eight digits of minor units. */
const MAXIMUM_AMOUNT = 99_999_999;

// ---------------------------------------------------------------------------------------------
// Errors as Stripe shapes them
// ---------------------------------------------------------------------------------------------

class StripeFakeError extends Error {
  readonly status: number;
  readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';
  readonly param?: string;
  readonly code?: string;
  /** more of the error object: a card error's `decline_code` and `payment_intent` */
  readonly extra: Json;
  constructor(status: number, type: StripeFakeError['type'], message: string, param?: string, code?: string, extra: Json = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.param = param;
    this.code = code;
    this.extra = extra;
  }
  body(): object {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        ...(this.code ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}` } : {}),
        request_log_url: 'https://dashboard.stripe.com/test/logs',
        ...this.extra,
      },
    };
  }
}

const invalid = (message: string, param?: string, code?: string) => new StripeFakeError(400, 'invalid_request_error', message, param, code);
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

// ---------------------------------------------------------------------------------------------
// Form decoding: `a[b][0][c]=v` exactly as Stripe's API reads it
// ---------------------------------------------------------------------------------------------

type FormValue = string | FormTree;
interface FormTree {
  [key: string]: FormValue;
}

function splitName(name: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!m) throw invalid(`Invalid parameter name: ${name}`, name);
  const rest = [...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!);
  return [m[1]!, ...rest];
}

/** Decodes a form body or query string into a tree; arrays stay objects keyed '0', '1', … */
export function decodeForm(text: string): FormTree {
  const root: FormTree = {};
  const params = new URLSearchParams(text);
  for (const [name, value] of params) {
    const path = splitName(name);
    let node: FormTree = root;
    for (let i = 0; i < path.length; i++) {
      let key = path[i]!;
      if (key === '') key = String(Object.keys(node).length); // `expand[]=x`
      const last = i === path.length - 1;
      const here = node[key];
      if (last) {
        if (here !== undefined) throw invalid(`Received duplicate parameter: ${name}`, name);
        node[key] = value;
      } else {
        if (typeof here === 'string') throw invalid(`Invalid hash: ${path.slice(0, i + 1).join('][')}`, name);
        node = (node[key] ??= {}) as FormTree;
      }
    }
  }
  return root;
}

function paramName(path: string[]): string {
  return path.length === 0
    ? ''
    : path[0]! +
        path
          .slice(1)
          .map((p) => `[${p}]`)
          .join('');
}

function isCurrency(v: string): boolean {
  return /^[a-z]{3}$/.test(v);
}

function isUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Checks one decoded value against a rule; throws Stripe's error for the first problem. */
function check(rule: Rule, value: FormValue, path: string[]): void {
  const param = paramName(path);
  if (rule.type === 'object' || rule.type === 'array' || rule.type === 'metadata') {
    if (typeof value === 'string') {
      // an empty string unsets a hash (metadata=""), which the adapter never means to do
      throw invalid(`Invalid ${rule.type === 'array' ? 'array' : 'object'}`, param);
    }
  }
  switch (rule.type) {
    case 'string': {
      if (typeof value !== 'string') throw invalid(`Invalid string: {${Object.keys(value).join(', ')}}`, param);
      if (value === '' && !rule.allowEmpty) {
        throw invalid(
          `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
          param,
          'parameter_invalid_empty',
        );
      }
      if (rule.maxLength !== undefined && value.length > rule.maxLength) {
        throw invalid(`Invalid string: ${value.slice(0, 20)}...; must be at most ${rule.maxLength} characters`, param);
      }
      if (rule.enum && !rule.enum.includes(value)) {
        throw invalid(`Invalid ${path[path.length - 1]}: must be one of ${rule.enum.join(', ')}`, param);
      }
      if (rule.format === 'currency' && !isCurrency(value))
        throw invalid(`Invalid currency: ${value}. Currency codes are three lower-case letters (ISO 4217).`, param);
      if (rule.format === 'url' && !isUrl(value)) throw invalid('Not a valid URL', param, 'url_invalid');
      return;
    }
    case 'integer': {
      if (typeof value !== 'string' || !/^-?\d+$/.test(value))
        throw invalid(`Invalid integer: ${typeof value === 'string' ? value : '{…}'}`, param, 'parameter_invalid_integer');
      const n = Number(value);
      if (rule.min !== undefined && n < rule.min) throw invalid(`This value must be greater than or equal to ${rule.min}.`, param);
      if (rule.max !== undefined && n > rule.max) throw invalid(`This value must be less than or equal to ${rule.max}.`, param);
      return;
    }
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${typeof value === 'string' ? value : '{…}'}`, param);
      return;
    case 'metadata': {
      const entries = Object.entries(value as FormTree);
      if (entries.length > 50) throw invalid('You can specify up to 50 keys in metadata.', param);
      for (const [k, v] of entries) {
        if (k.length > 40) throw invalid(`Metadata keys can be at most 40 characters long: ${k}`, paramName([...path, k]));
        if (typeof v !== 'string') throw invalid('Metadata values must be strings.', paramName([...path, k]));
        if (v.length > 500)
          throw invalid(`Metadata values can have up to 500 characters, but you passed in a value that is ${v.length} characters.`, paramName([...path, k]));
      }
      return;
    }
    case 'array': {
      const tree = value as FormTree;
      const keys = Object.keys(tree);
      keys.forEach((k, i) => {
        if (k !== String(i)) throw invalid(`Invalid array: indices must be 0, 1, 2 … in order (got ${k})`, paramName([...path, k]));
      });
      if (rule.maxItems !== undefined && keys.length > rule.maxItems) throw invalid(`You can pass at most ${rule.maxItems} items in ${param}.`, param);
      keys.forEach((k) => check(rule.items, tree[k]!, [...path, k]));
      return;
    }
    case 'object': {
      const tree = value as FormTree;
      for (const k of Object.keys(tree)) {
        const sub = rule.properties[k];
        const name = paramName([...path, k]);
        if (!sub && rule.known?.includes(k)) {
          throw invalid(
            `${name} is in Stripe's API reference but this fake does not model it: teach tests/fakes/stripe-fake.ts its rules before sending it.`,
            name,
          );
        }
        if (!sub) throw invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
        check(sub, tree[k]!, [...path, k]);
      }
      for (const k of rule.required ?? []) if (tree[k] === undefined) throw missing(paramName([...path, k]));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Objects as the reference documents them
// ---------------------------------------------------------------------------------------------

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function rid(prefix: string, n = 24): string {
  const bytes = randomBytes(n);
  let s = '';
  for (const b of bytes) s += ALNUM[b % ALNUM.length];
  return `${prefix}${s}`;
}

type Json = Record<string, unknown>;

export interface FakeSession extends Json {
  id: string;
  object: 'checkout.session';
  amount_total: number | null;
  currency: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  expires_at: number;
  mode: 'payment' | 'setup' | 'subscription';
  livemode: boolean;
}

export interface FakeCharge extends Json {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  refunded: boolean;
  livemode: boolean;
}

export interface FakePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  status: 'succeeded' | 'requires_payment_method';
  latest_charge: string | null;
  customer?: string | null;
  payment_method?: string | null;
  off_session?: boolean;
}

/** How a saved card behaves when charged off-session (a test control: Stripe's test cards 4242, 0002, 3155). */
export type FakeCardBehaviour = 'works' | 'declines' | 'needs_customer';

export interface FakePaymentMethod extends Json {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string; funding: string };
}

function sessionObject(p: FormTree, now: number, checkoutUrlBase: string, livemode: boolean): FakeSession {
  const items = Object.values((p.line_items as FormTree | undefined) ?? {}) as FormTree[];
  const amount = items.reduce(
    (sum, li) => sum + Number(((li.price_data as FormTree | undefined)?.unit_amount as string | undefined) ?? 0) * Number(li.quantity ?? 1),
    0,
  );
  const currency = ((items[0]?.price_data as FormTree | undefined)?.currency as string | undefined) ?? (p.currency as string | undefined) ?? null;
  const id = rid(livemode ? 'cs_live_' : 'cs_test_', 58);
  const mode = (p.mode as FakeSession['mode'] | undefined) ?? 'payment';
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: items.length ? amount : null,
    amount_total: items.length ? amount : null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: (p.cancel_url as string | undefined) ?? null,
    client_reference_id: (p.client_reference_id as string | undefined) ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: (p.customer as string | undefined) ?? null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: (p.customer_email as string | undefined) ?? null,
    discounts: [],
    expires_at: p.expires_at !== undefined ? Number(p.expires_at) : now + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null },
    },
    livemode,
    locale: (p.locale as string | undefined) ?? null,
    managed_payments: null,
    metadata: { ...((p.metadata as Record<string, string> | undefined) ?? {}) },
    mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: (p.submit_type as string | undefined) ?? null,
    subscription: null,
    success_url: (p.success_url as string | undefined) ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: (p.ui_mode as string | undefined) ?? 'hosted_page',
    url: `${checkoutUrlBase}${id}`,
    wallet_options: null,
  };
}

function chargeObject(pi: FakePaymentIntent, now: number, livemode: boolean): FakeCharge {
  const id = rid('ch_');
  return {
    id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: pi.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: rid('txn_'),
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: 'LOYALTY APP',
    captured: true,
    created: now,
    currency: pi.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode,
    // a charge a PaymentIntent makes carries the PaymentIntent's metadata
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: pi.id,
    payment_method: rid('pm_'),
    payment_method_details: {
      type: 'card',
      card: { brand: 'visa', country: 'US', exp_month: 12, exp_year: 2034, funding: 'credit', last4: '4242', network: 'visa' },
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

export interface RecordedRequest {
  method: string;
  /** path without the query */
  path: string;
  query: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
  /** the decoded form (POST) or query (GET); {} when it could not be decoded */
  params: FormTree;
  status: number;
  answer: Json;
}

export interface StripeFakeOptions {
  /** the one API key accepted (default: a fresh sk_test_…) */
  secretKey?: string;
  /** where session.url points; default Stripe's own hosted page address */
  checkoutUrlBase?: string;
  /** the fake's clock in ms (created, expires_at windows) */
  now?: () => number;
}

export interface StripeFake {
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  refunds: Map<string, Json>;
  customers: Map<string, Json>;
  paymentMethods: Map<string, FakePaymentMethod>;
  /** the customer saves a card on a setup-mode session's page: the session completes with a SetupIntent and its PaymentMethod */
  completeSetupSession(id: string, o?: { behaviour?: FakeCardBehaviour; last4?: string }): { session: FakeSession; paymentMethod: FakePaymentMethod };
  /** the customer pays on Stripe's page: the session completes, a PaymentIntent and its charge exist */
  completeSession(
    id: string,
    o?: { paymentStatus?: 'paid' | 'unpaid' },
  ): { session: FakeSession; paymentIntent: FakePaymentIntent | null; charge: FakeCharge | null };
  /** the session's time ran out (or it was expired) */
  expireSession(id: string): FakeSession;
  /** an event as Stripe delivers it to a webhook endpoint (snapshot payload of `object`) */
  event(type: string, object: Json, o?: { livemode?: boolean; created?: number }): Json;
  /** the merchant refunds part or all of a charge in Stripe's Dashboard: the charge as it now is */
  refundInDashboard(chargeId: string, amount: number): FakeCharge;
  /** the customer's bank disputes a charge: the Dispute object (`charge.dispute.created` carries it) */
  dispute(chargeId: string, o?: { amount?: number; reason?: string }): Json;
  reset(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function canonical(tree: FormTree): string {
  const sort = (v: FormValue): unknown =>
    typeof v === 'string'
      ? v
      : Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sort(v[k]!)]),
        );
  return JSON.stringify(sort(tree));
}

export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const secretKey = options.secretKey ?? `sk_test_${rid('', 32)}`;
  const livemode = secretKey.includes('_live_');
  const nowS = () => Math.floor((options.now ? options.now() : Date.now()) / 1000);
  const checkoutUrlBase = options.checkoutUrlBase ?? 'https://checkout.stripe.com/c/pay/';

  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const behaviours = new Map<string, FakeCardBehaviour>();
  /** Idempotency-Key → what was asked and answered (Stripe keeps them 24 hours) */
  const idempotency = new Map<string, { endpoint: string; params: string; status: number; answer: Json }>();

  function authenticate(req: IncomingMessage): void {
    const auth = req.headers.authorization;
    if (!auth) {
      throw new StripeFakeError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    const m = /^Bearer ((?:sk|rk)_(?:test|live)_\S+)$/.exec(auth);
    if (!m) throw new StripeFakeError(401, 'invalid_request_error', 'Invalid authorization header: use Bearer auth with your secret key.');
    if (m[1] !== secretKey)
      throw new StripeFakeError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${m[1]!.slice(0, 8)}${'*'.repeat(12)}${m[1]!.slice(-4)}`,
        undefined,
        'api_key_invalid',
      );
  }

  function checkHeaders(req: IncomingMessage): void {
    const version = req.headers['stripe-version'];
    if (version !== undefined && !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(String(version))) throw invalid(`Invalid Stripe API version: ${version}`);
    const key = req.headers['idempotency-key'];
    if (key !== undefined && (String(key).length === 0 || String(key).length > 255)) throw invalid('Idempotency keys must be 1 to 255 characters long.');
    if (req.method === 'POST') {
      const type = String(req.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (type !== 'application/x-www-form-urlencoded')
        throw invalid(
          `Invalid request: unsupported Content-Type ${type || '(none)'}. Stripe's API takes form-encoded bodies (application/x-www-form-urlencoded).`,
        );
    }
    const ua = String(req.headers['user-agent'] ?? '');
    if (!/^Stripe\/v1 NodeBindings\/\d+\.\d+\.\d+/.test(ua))
      throw invalid(`This fake only answers the official Node library (User-Agent was ${ua || 'missing'}).`);
  }

  function createSession(p: FormTree): FakeSession {
    check(checkoutSessionCreate, p, []);
    const mode = (p.mode as string | undefined) ?? 'payment';
    const ui = (p.ui_mode as string | undefined) ?? 'hosted_page';
    const items = (p.line_items as FormTree | undefined) ?? {};
    if ((mode === 'payment' || mode === 'subscription') && Object.keys(items).length === 0) throw missing('line_items');
    if (mode === 'setup') {
      if (Object.keys(items).length > 0) throw invalid('You can not pass `line_items` in `setup` mode.', 'line_items');
      if (p.payment_intent_data !== undefined) throw invalid('You can not pass `payment_intent_data` in `setup` mode.', 'payment_intent_data');
      // documented: dynamic payment methods need the currency in setup mode
      if (p.currency === undefined && p.allowed_payment_method_types === undefined) throw missing('currency');
    } else if (p.setup_intent_data !== undefined) throw invalid('`setup_intent_data` can only be used in `setup` mode.', 'setup_intent_data');
    if (p.customer !== undefined && !customers.has(p.customer as string)) throw invalid(`No such customer: '${p.customer}'`, 'customer', 'resource_missing');
    for (const k of ['success_url', 'cancel_url']) {
      if (p[k] !== undefined && (ui === 'embedded_page' || ui === 'elements')) throw invalid(`\`${k}\` is not allowed when \`ui_mode\` is \`${ui}\`.`, k);
    }
    let currency: string | undefined;
    let total = 0;
    for (const [i, raw] of Object.entries(items)) {
      const li = raw as FormTree;
      const at = `line_items[${i}]`;
      if ((li.price === undefined) === (li.price_data === undefined)) throw invalid(`You must specify either \`price\` or \`price_data\` in \`${at}\`.`, at);
      if (li.price !== undefined) throw invalid(`${at}[price] refers to a Price this fake does not hold; send price_data.`, `${at}[price]`, 'resource_missing');
      if (li.quantity === undefined) throw invalid(`Quantity is required. Add \`quantity\` to \`${at}\``, `${at}[quantity]`, 'parameter_missing');
      const pd = li.price_data as FormTree;
      if (pd.unit_amount === undefined) throw missing(`${at}[price_data][unit_amount]`);
      if (pd.product === undefined && pd.product_data === undefined)
        throw invalid(`You must specify either \`product\` or \`product_data\` in \`${at}[price_data]\`.`, `${at}[price_data]`);
      if (pd.product !== undefined)
        throw invalid(
          `${at}[price_data][product] refers to a Product this fake does not hold; send product_data.`,
          `${at}[price_data][product]`,
          'resource_missing',
        );
      if (currency !== undefined && pd.currency !== currency) throw invalid('All line items must use the same currency.', `${at}[price_data][currency]`);
      currency = pd.currency as string;
      total += Number(pd.unit_amount) * Number(li.quantity);
    }
    if (mode === 'payment' && currency !== undefined) {
      const min = MINIMUM_CHARGE[currency];
      if (min !== undefined && total < min)
        throw invalid(`The Checkout Session's total amount due must add up to at least ${min} ${currency} minor units.`, undefined, 'amount_too_small');
      if (total > MAXIMUM_AMOUNT)
        throw invalid(`The Checkout Session's total amount due must be no more than ${MAXIMUM_AMOUNT} minor units.`, undefined, 'amount_too_large');
    }
    if (p.expires_at !== undefined) {
      const left = Number(p.expires_at) - nowS();
      if (left < 30 * 60) throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at');
      if (left > 24 * 60 * 60) throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at');
    }
    const session = sessionObject(p, nowS(), checkoutUrlBase, livemode);
    // payment_intent_data travels to the PaymentIntent made when the customer pays
    const pid = (p.payment_intent_data ?? p.setup_intent_data) as FormTree | undefined;
    pendingIntentData.set(session.id, { metadata: { ...((pid?.metadata as Record<string, string> | undefined) ?? {}) } });
    sessions.set(session.id, session);
    return session;
  }
  const pendingIntentData = new Map<string, { metadata: Record<string, string> }>();

  function retrieveSession(id: string, q: FormTree): FakeSession {
    check(checkoutSessionRetrieveQuery, q, []);
    if (id.length > SESSION_ID_MAX) throw invalid(`Invalid string: ${id.slice(0, 20)}...; must be at most ${SESSION_ID_MAX} characters`, 'session');
    const s = sessions.get(id);
    if (!s) throw new StripeFakeError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'session', 'resource_missing');
    const wanted = Object.values((q.expand as FormTree | undefined) ?? {}) as string[];
    for (const e of wanted) if (e !== 'setup_intent' && e !== 'setup_intent.payment_method') throw invalid(`This fake does not expand ${e}.`, 'expand');
    if (wanted.length === 0 || typeof s.setup_intent !== 'string') return s;
    const intent = { ...setupIntents.get(s.setup_intent)! };
    if (wanted.includes('setup_intent.payment_method')) intent.payment_method = paymentMethods.get(intent.payment_method as string) ?? null;
    return { ...s, setup_intent: intent };
  }

  function createCustomer(p: FormTree): Json {
    check(customerCreate, p, []);
    const customer: Json = {
      id: rid('cus_', 14),
      object: 'customer',
      created: nowS(),
      description: (p.description as string | undefined) ?? null,
      email: (p.email as string | undefined) ?? null,
      livemode,
      metadata: { ...((p.metadata as Record<string, string> | undefined) ?? {}) },
      name: (p.name as string | undefined) ?? null,
    };
    customers.set(customer.id as string, customer);
    return customer;
  }

  function intentObject(pi: FakePaymentIntent, error: Json | null = null): Json {
    return { ...pi, object: 'payment_intent', created: nowS(), livemode, last_payment_error: error, next_action: null };
  }

  /** An off-session charge of a saved card, confirmed at once: as the card behaves (a card error 402 when it does not pay). */
  function createPaymentIntent(p: FormTree): Json {
    check(paymentIntentCreate, p, []);
    if (p.off_session === 'true' && p.confirm !== 'true') throw invalid('`off_session` can only be used with `confirm=true`.', 'off_session');
    if (p.confirm !== 'true') throw invalid('This fake only makes PaymentIntents confirmed at once (confirm=true).', 'confirm');
    const method = paymentMethods.get(p.payment_method as string);
    if (!method) throw invalid(`No such PaymentMethod: '${p.payment_method}'`, 'payment_method', 'resource_missing');
    if (method.customer === null || method.customer !== p.customer)
      throw invalid(`The provided PaymentMethod ${method.id} does not belong to the Customer ${String(p.customer)}.`, 'payment_method');
    const pi: FakePaymentIntent = {
      id: rid('pi_'),
      amount: Number(p.amount),
      currency: p.currency as string,
      metadata: { ...((p.metadata as Record<string, string> | undefined) ?? {}) },
      status: 'requires_payment_method',
      latest_charge: null,
      customer: p.customer as string,
      payment_method: method.id,
      off_session: p.off_session === 'true',
    };
    paymentIntents.set(pi.id, pi);
    const behaviour = behaviours.get(method.id) ?? 'works';
    if (behaviour === 'works') {
      const charge = chargeObject(pi, nowS(), livemode);
      charges.set(charge.id, charge);
      pi.latest_charge = charge.id;
      pi.status = 'succeeded';
      return intentObject(pi);
    }
    const [code, decline, message] =
      behaviour === 'declines'
        ? ['card_declined', 'insufficient_funds', 'Your card has insufficient funds.']
        : ['authentication_required', 'authentication_required', 'Your card was declined. This transaction requires authentication.'];
    const error = { type: 'card_error', code, decline_code: decline, message, payment_method: method };
    throw new StripeFakeError(402, 'card_error', message, undefined, code, { decline_code: decline, payment_intent: intentObject(pi, error) });
  }

  function detachPaymentMethod(id: string, p: FormTree): Json {
    check(paymentMethodDetach, p, []);
    const method = paymentMethods.get(id);
    if (!method) throw new StripeFakeError(404, 'invalid_request_error', `No such PaymentMethod: '${id}'`, 'payment_method', 'resource_missing');
    if (method.customer === null)
      throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', undefined, 'payment_method_unexpected_state');
    method.customer = null;
    return method;
  }

  function createRefund(p: FormTree): Json {
    check(refundCreate, p, []);
    if (p.charge === undefined && p.payment_intent === undefined)
      throw invalid('One of `charge` or `payment_intent` is required.', undefined, 'parameter_missing');
    if (p.charge !== undefined && p.payment_intent !== undefined) throw invalid('You can only pass one of `charge` or `payment_intent`.', 'charge');
    let charge: FakeCharge | undefined;
    if (p.payment_intent !== undefined) {
      const pi = paymentIntents.get(p.payment_intent as string);
      if (!pi) throw invalid(`No such payment_intent: '${p.payment_intent}'`, 'payment_intent', 'resource_missing');
      if (!pi.latest_charge) throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent');
      charge = charges.get(pi.latest_charge);
    } else {
      charge = charges.get(p.charge as string);
      if (!charge) throw invalid(`No such charge: '${p.charge}'`, 'charge', 'resource_missing');
    }
    const c = charge!;
    const left = c.amount - c.amount_refunded;
    if (left === 0) throw invalid(`Charge ${c.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    const amount = p.amount !== undefined ? Number(p.amount) : left;
    if (amount > left) throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount');
    if (p.currency !== undefined && p.currency !== c.currency) throw invalid(`The refund's currency must be the charge's (${c.currency}).`, 'currency');
    const refund: Json = {
      id: rid('re_'),
      object: 'refund',
      amount,
      balance_transaction: rid('txn_'),
      charge: c.id,
      created: nowS(),
      currency: c.currency,
      customer: null,
      customer_account: null,
      destination_details: { type: 'card', card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' } },
      metadata: { ...((p.metadata as Record<string, string> | undefined) ?? {}) },
      payment_intent: c.payment_intent,
      payment_method: c.payment_method,
      reason: (p.reason as string | undefined) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    refunds.set(refund.id as string, refund);
    c.amount_refunded += amount;
    c.refunded = c.amount_refunded === c.amount;
    const list = c.refunds as { data: Json[] };
    list.data.unshift(refund);
    return refund;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const entry: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      headers: { ...req.headers },
      rawBody,
      params: {},
      status: 0,
      answer: {},
    };
    requests.push(entry);
    const version = String(req.headers['stripe-version'] ?? Stripe.API_VERSION);
    const answer = (status: number, body: Json, extra: Record<string, string> = {}) => {
      entry.status = status;
      entry.answer = body;
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': rid('req_', 14),
        'stripe-version': version,
        ...(req.headers['idempotency-key'] ? { 'idempotency-key': String(req.headers['idempotency-key']) } : {}),
        ...extra,
      });
      res.end(JSON.stringify(body));
    };
    try {
      authenticate(req);
      checkHeaders(req);
      const params = decodeForm(req.method === 'POST' ? rawBody : entry.query);
      entry.params = params;
      if (req.method === 'POST' && entry.query) throw invalid('Parameters of a POST go in its body, not in the query string.');

      const endpoint = `${req.method} ${url.pathname}`;
      const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      if (key !== undefined) {
        const seen = idempotency.get(key);
        if (seen) {
          if (seen.endpoint !== endpoint || seen.params !== canonical(params)) {
            throw new StripeFakeError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          }
          return answer(seen.status, seen.answer, { 'idempotent-replayed': 'true' });
        }
      }

      const status = 200;
      let body: Json;
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') body = createSession(params);
      else if (req.method === 'POST' && url.pathname === '/v1/customers') body = createCustomer(params);
      else if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        try {
          body = createPaymentIntent(params);
        } catch (err) {
          // a card error ran the request: its answer is saved under the key like a success
          if (err instanceof StripeFakeError && err.type === 'card_error' && key !== undefined)
            idempotency.set(key, { endpoint, params: canonical(params), status: err.status, answer: err.body() as Json });
          throw err;
        }
      } else if (req.method === 'POST' && /^\/v1\/payment_methods\/[^/]+\/detach$/.test(url.pathname))
        body = detachPaymentMethod(decodeURIComponent(url.pathname.split('/')[3]!), params);
      else if (req.method === 'GET' && /^\/v1\/checkout\/sessions\/[^/]+$/.test(url.pathname))
        body = retrieveSession(decodeURIComponent(url.pathname.split('/')[4]!), params);
      else if (req.method === 'POST' && url.pathname === '/v1/refunds') body = createRefund(params);
      // the console's test of a key before it is saved (GET /v1/balance, no parameters)
      else if (req.method === 'GET' && url.pathname === '/v1/balance') {
        check(balanceRetrieveQuery, params, []);
        body = {
          object: 'balance',
          available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
          livemode,
          pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
        };
      } else
        throw new StripeFakeError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${req.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      if (key !== undefined) idempotency.set(key, { endpoint, params: canonical(params), status, answer: body });
      return answer(status, body);
    } catch (err) {
      if (err instanceof StripeFakeError) {
        // documented: a request refused before the endpoint began executing saves no idempotent result
        return answer(
          err.status,
          err.body() as Json,
          err.type === 'invalid_request_error' || err.type === 'card_error' ? { 'stripe-should-retry': 'false' } : {},
        );
      }
      return answer(500, new StripeFakeError(500, 'api_error', `The fake failed: ${String(err)}`).body() as Json);
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    requests,
    sessions,
    paymentIntents,
    charges,
    refunds,
    customers,
    paymentMethods,
    completeSetupSession(id, o = {}) {
      const s = sessions.get(id);
      if (!s) throw new Error(`stripe fake: no session ${id}`);
      if (s.mode !== 'setup' || s.status !== 'open') throw new Error(`stripe fake: session ${id} is not an open setup session`);
      const behaviour = o.behaviour ?? 'works';
      const last4 = o.last4 ?? { works: '4242', declines: '0002', needs_customer: '3155' }[behaviour];
      const paymentMethod: FakePaymentMethod = {
        id: rid('pm_'),
        object: 'payment_method',
        type: 'card',
        created: nowS(),
        livemode,
        customer: (s.customer as string | null) ?? null,
        card: { brand: 'visa', last4, exp_month: 4, exp_year: 2031, country: 'US', funding: 'credit' },
        metadata: {},
      };
      paymentMethods.set(paymentMethod.id, paymentMethod);
      behaviours.set(paymentMethod.id, behaviour);
      const intent: Json = {
        id: rid('seti_'),
        object: 'setup_intent',
        created: nowS(),
        customer: s.customer,
        livemode,
        metadata: pendingIntentData.get(id)?.metadata ?? {},
        payment_method: paymentMethod.id,
        status: 'succeeded',
        usage: 'off_session',
      };
      setupIntents.set(intent.id as string, intent);
      s.status = 'complete';
      s.payment_status = 'no_payment_required';
      s.setup_intent = intent.id;
      s.url = null;
      return { session: s, paymentMethod };
    },
    completeSession(id, o = {}) {
      const s = sessions.get(id);
      if (!s) throw new Error(`stripe fake: no session ${id}`);
      if (s.status !== 'open') throw new Error(`stripe fake: session ${id} is ${s.status}`);
      const pi: FakePaymentIntent = {
        id: rid('pi_'),
        amount: s.amount_total ?? 0,
        currency: s.currency ?? 'usd',
        metadata: pendingIntentData.get(id)?.metadata ?? {},
        status: o.paymentStatus === 'unpaid' ? 'requires_payment_method' : 'succeeded',
        latest_charge: null,
      };
      paymentIntents.set(pi.id, pi);
      let charge: FakeCharge | null = null;
      if (pi.status === 'succeeded') {
        charge = chargeObject(pi, nowS(), livemode);
        charges.set(charge.id, charge);
        pi.latest_charge = charge.id;
      }
      s.status = 'complete';
      s.payment_status = o.paymentStatus ?? 'paid';
      s.payment_intent = pi.id;
      s.url = null;
      return { session: s, paymentIntent: pi, charge };
    },
    expireSession(id) {
      const s = sessions.get(id);
      if (!s) throw new Error(`stripe fake: no session ${id}`);
      if (s.status !== 'open') throw new Error(`stripe fake: session ${id} is ${s.status}`);
      s.status = 'expired';
      s.url = null;
      return s;
    },
    event(type, object, o = {}) {
      return {
        id: rid('evt_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: o.created ?? nowS(),
        // a snapshot: the object as it was when the event happened
        data: { object: JSON.parse(JSON.stringify(object)) },
        livemode: o.livemode ?? livemode,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    refundInDashboard(chargeId, amount) {
      const c = charges.get(chargeId);
      if (!c) throw new Error(`stripe fake: no charge ${chargeId}`);
      if (amount <= 0 || c.amount_refunded + amount > c.amount) throw new Error(`stripe fake: cannot refund ${amount} of charge ${chargeId}`);
      c.amount_refunded += amount;
      c.refunded = c.amount_refunded === c.amount;
      return JSON.parse(JSON.stringify(c)) as FakeCharge;
    },
    dispute(chargeId, o = {}) {
      const c = charges.get(chargeId);
      if (!c) throw new Error(`stripe fake: no charge ${chargeId}`);
      c.disputed = true;
      const created = nowS();
      return {
        id: rid('dp_'),
        object: 'dispute',
        amount: o.amount ?? c.amount,
        balance_transactions: [],
        charge: c.id,
        created,
        currency: c.currency,
        enhanced_eligibility_types: [],
        evidence: {
          access_activity_log: null,
          billing_address: null,
          cancellation_policy: null,
          customer_name: null,
          product_description: null,
          receipt: null,
          refund_policy: null,
          uncategorized_text: null,
        },
        evidence_details: { due_by: created + 7 * 24 * 3600, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: c.amount_refunded < c.amount,
        livemode: c.livemode,
        metadata: {},
        network_reason_code: null,
        payment_intent: c.payment_intent,
        payment_method_details: { type: 'card', card: { brand: 'visa', case_type: 'chargeback', network_reason_code: '10.4' } },
        reason: o.reason ?? 'fraudulent',
        status: 'needs_response',
      };
    },
    reset() {
      requests.length = 0;
      sessions.clear();
      paymentIntents.clear();
      charges.clear();
      refunds.clear();
      customers.clear();
      setupIntents.clear();
      paymentMethods.clear();
      behaviours.clear();
      idempotency.clear();
      pendingIntentData.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
