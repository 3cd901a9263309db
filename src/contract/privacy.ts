/**
 * Each customer's data is theirs (issue 45): "Download my data" (everything the shop holds on them, in
 * the documented JSON format below, version 1) and "Delete my account" (a cooling-off period the owner
 * sets, cancelled by signing in again; then the person is erased and the money records kept, with
 * nobody's name on them). The owner can do both for a customer who asks at the counter, audited. The
 * schemas of the calls privacy.calls.ts declares (privacy.spec.ts describes them). docs/customer-data.md describes the
 * format and what deletion removes and keeps.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, time } from './answer-fields';
import { id } from './fields';
import { RECEIPT_CHOICES } from './receipt-rules';
import { FULFILMENTS, PAYMENT_METHODS } from './order-lifecycle';

/** The format's name and version, the first fields of every export: a reader checks both. */
export const DATA_EXPORT_FORMAT = 'loyalty-customer-data';
export const DATA_EXPORT_VERSION = 1;
/** The cooling-off period when the owner has not set one, and its bounds (days). */
export const DELETION_COOLING_OFF_DEFAULT_DAYS = 14;
export const DELETION_COOLING_OFF_MAX_DAYS = 90;
/** What the customer types to confirm a deletion in the app, and what the body carries. */
export const DELETION_CONFIRMATION = 'DELETE';

const nullableTime = () => time().nullable();
const points = () => int().meta({ description: 'points (whole numbers)' });

const exportProfile = z.object({
  id: int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  email_verified_at: nullableTime(),
  google_linked: z.boolean().meta({ description: 'a Google account signs in to this account (its id is not exported)' }),
  birthday: z.object({ day: int(), month: int(), year: int().nullable() }).nullable(),
  referral_code: z.string().nullable(),
  receipts: z
    .enum(RECEIPT_CHOICES)
    .nullable()
    .meta({ description: 'how receipts reach them (`receipt/settings`); null: never chosen (by e-mail once the address is verified, else none)' }),
  points: points(),
  wallet_balance: money(),
  tier: z.string().nullable().meta({ description: "the tier's name now; null: none" }),
  created_at: time(),
  deletion_requested_at: nullableTime(),
  erase_after: nullableTime().meta({ description: 'a deletion asked for is carried out after this time, unless the customer signs in before' }),
});

export const customerDataExport = z
  .object({
    format: z.literal(DATA_EXPORT_FORMAT),
    version: z.literal(DATA_EXPORT_VERSION),
    exported_at: time(),
    shop: z.object({ name: z.string() }),
    profile: exportProfile,
    addresses: z.array(
      z.object({
        label: z.string(),
        recipient: z.string(),
        phone: z.string(),
        line1: z.string(),
        city: z.string(),
        postal_code: z.string(),
        note: z.string().nullable(),
        is_default: z.boolean(),
        created_at: time(),
      }),
    ),
    orders: z.array(
      z.object({
        name: z.string().meta({ description: 'the order number the customer saw' }),
        status: z.string(),
        fulfilment: z.enum(FULFILMENTS),
        payment_method: z.enum(PAYMENT_METHODS),
        subtotal: money(),
        discount: money(),
        delivery_fee: money(),
        tip: money().optional().meta({ description: 'the tip, part of total; absent: none' }),
        total: money(),
        points_earned: points(),
        address: z.record(z.string(), z.unknown()).nullable().meta({ description: 'the delivery address as the order kept it' }),
        items: z.array(z.object({ name: z.string(), price: money(), qty: int() })),
        created_at: time(),
        paid_at: nullableTime(),
      }),
    ),
    points_ledger: z.array(
      z.object({ type: z.string(), points: points(), balance_after: points(), reason: z.string(), expires_at: nullableTime(), created_at: time() }),
    ),
    pending_points: z.array(z.object({ points: points(), reason: z.string(), status: z.string(), available_at: nullableTime(), created_at: time() })),
    wallet_ledger: z.array(z.object({ type: z.string(), amount: money(), balance_after: money(), reason: z.string(), created_at: time() })),
    vouchers: z.array(
      z.object({ reward: z.string(), status: z.string(), source: z.string(), created_at: time(), expires_at: time(), used_at: nullableTime() }),
    ),
    stamp_cards: z.array(
      z.object({ card: z.string(), stamps: int(), status: z.string(), started_at: nullableTime(), filled_at: nullableTime(), created_at: time() }),
    ),
    referrals: z.array(
      z.object({
        role: z
          .enum(['referrer', 'friend'])
          .meta({ description: 'referrer: this customer invited someone (who is not named); friend: this customer was invited' }),
        status: z.string(),
        signed_up_at: time(),
        rewarded_at: nullableTime(),
      }),
    ),
    notifications: z.array(z.object({ type: z.string(), title: z.string(), body: z.string(), read_at: nullableTime(), created_at: time() })),
    wheel_spins: z.array(z.object({ free: z.boolean(), cost_points: points(), prize: z.record(z.string(), z.unknown()), created_at: time() })),
    devices: z.array(
      z.object({
        kind: z.string().meta({
          description:
            'what was seen at sign-in, sign-up, orders and push subscriptions: the app cookie, the address, the browser (kept as keyed hashes, not readable)',
        }),
        first_seen_at: time(),
        last_seen_at: time(),
      }),
    ),
    push_subscriptions: z.array(
      z.object({ service: z.string().meta({ description: "the push service's host" }), created_at: time(), last_success_at: nullableTime() }),
    ),
    wallet_cards: z.array(
      z.object({ created_at: time(), turned_off: int().meta({ description: 'how many times the customer turned their wallet cards off' }) }),
    ),
    offers: z.array(
      z.object({
        offer: z.string().meta({ description: "the offer's title as it was when the order used it" }),
        code: z.string().nullable().meta({ description: 'the code given (a promo code, or one of its single-use codes); null: an automatic offer' }),
        order: z.string().meta({ description: "the order's number (`name`)" }),
        discount: money(),
        state: z.string().meta({ description: '`used`, or `given_back` (the order was cancelled or let go unpaid)' }),
        used_at: time(),
        given_back_at: nullableTime(),
      }),
    ),
    feedback: z.array(
      z.object({
        order: z.string().meta({ description: "the order's number (`name`)" }),
        rating: int(),
        reasons: z.array(z.string()),
        comment: z.string(),
        reply: z.string().nullable().meta({ description: "the shop's answer" }),
        created_at: time(),
      }),
    ),
    consents: z.array(
      z.object({
        purpose: z.string().meta({ description: '`offers`: the automatic campaigns (welcome back, birthday, points expiring)' }),
        channel: z.string().meta({ description: '`all` channels, or `push`' }),
        granted: z.boolean(),
        source: z.string().meta({
          description:
            "where it was given: `sign_up` (the sign-up's box, ticked or not), `sign_up_default` (a client that did not ask: offers on until turned off), `profile`, `push_settings`, `email_link`",
        }),
        created_at: time(),
      }),
    ),
    gift_cards_sent: z
      .array(
        z.object({
          number: z.string().meta({ description: 'in full, as the buyer sees it in the app' }),
          amount: money(),
          design: z.string(),
          message: z.string(),
          from_name: z.string(),
          to_name: z.string(),
          to: z.string().meta({ description: 'the phone number or e-mail address this customer typed for it (empty once removed by an erasure)' }),
          status: z.enum(['awaiting_payment', 'active', 'claimed', 'refunded', 'void']).meta({
            description:
              'active: not claimed yet (sent, or waiting for its time); awaiting_payment: bought through the payment gateway, not paid yet; void: that payment failed',
          }),
          deliver_at: time(),
          delivered_at: nullableTime(),
          claimed_at: nullableTime().meta({ description: 'when it was added to a wallet (whose is not said)' }),
          refunded_at: nullableTime(),
          expires_at: nullableTime(),
          created_at: time(),
        }),
      )
      .meta({ description: 'the eGifts this customer bought for others: only what they typed themselves, never who claimed them' }),
    gift_cards_received: z.array(z.object({ amount: money(), from_name: z.string(), message: z.string(), claimed_at: time() })).meta({
      description: "the gift cards this customer added to their wallet: the sender's name and message as the sender typed them, never the sender's contact",
    }),
    saved_card: z
      .object({
        brand: z.string(),
        last4: z.string(),
        exp_month: int(),
        exp_year: int(),
        saved_at: time(),
        auto_reload: z
          .object({
            enabled: z.boolean(),
            threshold: money(),
            amount: money(),
            paused: z.string().nullable().meta({ description: '`declined`, `needs_customer` or `unreachable`' }),
          })
          .nullable(),
      })
      .nullable()
      .meta({ description: 'the card saved for auto-reload (issue 49): only what the payment gateway shows of it, never its number; null: none' }),
  })
  .meta({ id: 'CustomerDataExport' });
export type CustomerDataExport = z.infer<typeof customerDataExport>;

export const dataExportQuery = z.object({ customer_id: id });
export type DataExportQuery = z.infer<typeof dataExportQuery>;

const deletionFields = {
  requested_at: time(),
  erase_after: time().meta({ description: 'from this time the hourly job erases the account; signing in before cancels the deletion' }),
  requested_by: z.enum(['customer', 'owner']),
};
export const deletionAnswer = z
  .object({ deletion: z.object(deletionFields).nullable().meta({ description: 'the deletion asked for; null: none (or cancelled)' }) })
  .meta({ id: 'Deletion' });
export type DeletionData = z.infer<typeof deletionAnswer>;

export const deletionStatusAnswer = z
  .object({
    deletion: z.object(deletionFields).nullable(),
    cooling_off_days: int().meta({ description: "the shop's cooling-off period: days between asking and the erasure" }),
    wallet_balance: money().meta({ description: 'what the wallet holds now: it is not paid out, so the app tells the customer before they confirm' }),
    points: points(),
  })
  .meta({ id: 'DeletionStatus' });
export type DeletionStatusData = z.infer<typeof deletionStatusAnswer>;

export const deletionRequestBody = z.object({
  confirm: z.literal(DELETION_CONFIRMATION, { error: `must be ${DELETION_CONFIRMATION}` }),
});
export type DeletionRequestBody = z.infer<typeof deletionRequestBody>;

export const deletionBody = z.object({ customer_id: id });
export type DeletionBody = z.infer<typeof deletionBody>;
