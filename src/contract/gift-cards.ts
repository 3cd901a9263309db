/**
 * Gift cards and eGift cards (issue 49): the owner's settings in the merchant console (on or off, the
 * designs, the amounts, the expiry), and the customer's side: buying an eGift for someone (paid from the
 * wallet), delivered by text or e-mail at the time chosen in the shop's time zone, opened by its link or
 * its number, claimed into the recipient's wallet as gift money, and refunded to its buyer while unclaimed.
 * The schemas of the area's calls (gift-cards.calls.ts declares them, gift-cards.spec.ts describes them)
 * and the types inferred from them.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, time } from './answer-fields';
import { checkDayRange, day } from './dashboard';
import { email, id, idempotencyKey, page, phoneInput } from './fields';
import {
  GIFT_AMOUNT_MAX,
  GIFT_AMOUNT_MIN,
  GIFT_AMOUNTS_MAX,
  GIFT_CARD_STATES,
  GIFT_EXPIRY_MAX_MONTHS,
  GIFT_EXPIRY_MIN_MONTHS,
  GIFT_MESSAGE_MAX,
  GIFT_NAME_MAX,
  giftCardNumberProblem,
  normalizeGiftCardNumber,
} from './gift-card-rules';

// The number's rules (alphabet, check character, format) live in a module free of zod, for the app.
export * from './gift-card-rules';

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** A card's number as typed: any case, with spaces or dashes; refused (400) unless its check character holds. */
export const giftCardNumber = z
  .string({ error: 'must be the number on the card' })
  .max(40, 'must be at most 40 characters')
  .superRefine((v, ctx) => {
    const problem = giftCardNumberProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => normalizeGiftCardNumber(v)!);

const amount = z
  .number({ error: 'must be a number' })
  .int('must be a whole number of minor units')
  .min(GIFT_AMOUNT_MIN, `must be at least ${GIFT_AMOUNT_MIN}`)
  .max(GIFT_AMOUNT_MAX, `must be at most ${GIFT_AMOUNT_MAX}`);
const name = z.string({ error: 'must be text' }).trim().min(1, 'is required').max(GIFT_NAME_MAX, `must be at most ${GIFT_NAME_MAX} characters`);
const message = z.string({ error: 'must be text' }).trim().max(GIFT_MESSAGE_MAX, `must be at most ${GIFT_MESSAGE_MAX} characters`);
/** The built-in designs' ids: each has its picture (public/gift-cards/<id>.svg) and a default message. */
export const GIFT_DESIGN_IDS = ['celebrate', 'thank-you', 'winter'] as const;
export type GiftDesignId = (typeof GIFT_DESIGN_IDS)[number];
const designId = z.enum(GIFT_DESIGN_IDS, { error: `must be one of ${GIFT_DESIGN_IDS.join(', ')}` });
/** A local date and time in the shop's time zone, to the minute: 2026-12-24T09:00. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

// ---------------------------------------------------------------------------------------------
// The owner's settings
// ---------------------------------------------------------------------------------------------

const designSetting = z.object({
  id: designId,
  name: name,
  message: message,
  enabled: z.boolean({ error: 'must be true or false' }),
});

/** `merchant/gift-cards/settings/update`: every setting at once. */
export const giftCardSettingsBody = z
  .object({
    enabled: z.boolean({ error: 'must be true or false' }),
    amounts: z
      .array(amount, { error: 'must be a list of amounts' })
      .max(GIFT_AMOUNTS_MAX, `must be at most ${GIFT_AMOUNTS_MAX} amounts`)
      .refine((a) => new Set(a).size === a.length, 'must name each amount once'),
    custom: z
      .object({ min: amount, max: amount }, { error: 'must be a range such as {"min": 10000, "max": 500000}, or null' })
      .refine((c) => c.min <= c.max, { message: 'must not be above the largest', path: ['min'] })
      .nullable(),
    expiry_months: z
      .number({ error: 'must be a number of months, or null' })
      .int('must be a whole number of months')
      .min(GIFT_EXPIRY_MIN_MONTHS, `must be at least ${GIFT_EXPIRY_MIN_MONTHS} months`)
      .max(GIFT_EXPIRY_MAX_MONTHS, `must be at most ${GIFT_EXPIRY_MAX_MONTHS} months`)
      .nullable(),
    designs: z
      .array(designSetting, { error: 'must be a list of designs' })
      .length(GIFT_DESIGN_IDS.length, `must list the ${GIFT_DESIGN_IDS.length} designs`)
      .refine((d) => new Set(d.map((x) => x.id)).size === d.length, 'must name each design once'),
  })
  .superRefine((s, ctx) => {
    if (s.amounts.length === 0 && !s.custom) ctx.addIssue({ code: 'custom', message: 'offer at least one amount or a custom range', path: ['amounts'] });
    if (s.enabled && !s.designs.some((d) => d.enabled)) ctx.addIssue({ code: 'custom', message: 'turn on at least one design', path: ['designs'] });
  });
export type GiftCardSettingsInput = z.input<typeof giftCardSettingsBody>;
export type GiftCardSettingsFields = z.output<typeof giftCardSettingsBody>;

const designAnswer = z.object({
  id: z.enum(GIFT_DESIGN_IDS),
  name: z.string(),
  picture: z.string().meta({ description: "the design's picture, a path under the shop's origin" }),
  message: z.string().meta({ description: 'the message it suggests' }),
});
export type GiftDesign = z.infer<typeof designAnswer>;

export const giftCardSettingsAnswer = z
  .object({
    enabled: z.boolean(),
    amounts: z.array(money()),
    custom: z.object({ min: money(), max: money() }).nullable(),
    expiry_months: int().nullable().meta({ description: 'null: cards never expire (the default)' }),
    designs: z.array(designAnswer.extend({ enabled: z.boolean() })),
    currency: z.string(),
  })
  .meta({ id: 'GiftCardSettings' });
export type GiftCardSettings = z.infer<typeof giftCardSettingsAnswer>;
export const giftCardSettingsData = z.object({ settings: giftCardSettingsAnswer });
export type GiftCardSettingsData = z.infer<typeof giftCardSettingsData>;

// ---------------------------------------------------------------------------------------------
// The customer's calls
// ---------------------------------------------------------------------------------------------

/** `gift-card/options`: what a customer may buy. */
export const giftCardOptionsAnswer = z.object({
  enabled: z.boolean(),
  currency: z.string(),
  timezone: z.string().meta({ description: "the shop's time zone: `deliver_at` is read in it" }),
  amounts: z.array(money()),
  custom: z.object({ min: money(), max: money() }).nullable(),
  expiry_months: int().nullable(),
  designs: z.array(designAnswer).meta({ description: 'the designs the owner turned on' }),
});
export type GiftCardOptionsData = z.infer<typeof giftCardOptionsAnswer>;

/** `gift-card/buy`: an eGift for someone, to a phone number or an e-mail address, paid from the wallet or through the payment gateway. */
export const giftCardBuyBody = z
  .object({
    amount,
    design: designId,
    /** absent: the design's own message */
    message: message.optional(),
    from_name: name,
    to_name: name,
    to_phone: phoneInput.optional(),
    to_email: email.optional(),
    /** when to send it, in the shop's time zone (`2026-12-24T09:00`); absent or null: now */
    deliver_at: z
      .string({ error: 'must be a date and time such as 2026-12-24T09:00' })
      .regex(LOCAL_TIME, 'must be a date and time such as 2026-12-24T09:00')
      .nullable()
      .optional(),
    /** wallet: paid at once from the balance; gateway: the card waits for the payment page's payment */
    payment_method: z.enum(['wallet', 'gateway'], { error: 'must be wallet or gateway' }),
    idempotency_key: idempotencyKey,
  })
  .superRefine((b, ctx) => {
    if ((b.to_phone === undefined) === (b.to_email === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'give a phone number or an e-mail address (one of them)',
        path: [b.to_phone === undefined ? 'to_phone' : 'to_email'],
      });
  });
export type GiftCardBuyInput = z.input<typeof giftCardBuyBody>;
export type GiftCardBuyFields = z.output<typeof giftCardBuyBody>;

/** A card as its buyer sees it: its number in full, where it stands. */
export const sentGiftCardAnswer = z
  .object({
    id: int(),
    number: z.string().meta({ description: 'the number in full, in groups of four (ABCD-EFGH-JKMN-PQRS-T)' }),
    amount: money(),
    design: designAnswer,
    message: z.string(),
    from_name: z.string(),
    to_name: z.string(),
    to: z.string().meta({ description: 'the phone number (E.164) or e-mail address it goes to' }),
    deliver_at: time(),
    delivered_at: time().nullable(),
    state: z.enum(GIFT_CARD_STATES),
    claimed_at: time().nullable(),
    refunded_at: time().nullable(),
    expires_at: time().nullable().meta({ description: 'null: never expires' }),
    created_at: time(),
  })
  .meta({ id: 'SentGiftCard' });
export type SentGiftCard = z.infer<typeof sentGiftCardAnswer>;
export const sentGiftCardData = z.object({
  card: sentGiftCardAnswer,
  balance: money(),
  payment_url: z.string().optional().meta({ description: 'payment_method gateway: the payment page to send the customer to' }),
});
export type SentGiftCardData = z.infer<typeof sentGiftCardData>;
export const sentGiftCardsAnswer = z.object({ items: z.array(sentGiftCardAnswer), next_page: int().nullable() });
export type SentGiftCardsData = z.infer<typeof sentGiftCardsAnswer>;
export const sentPageQuery = z.object({ page });
export type SentPageQuery = z.infer<typeof sentPageQuery>;

/** `gift-card/view` and `gift-card/claim`: a card by its number (the link's, or as typed). */
export const giftCardNumberQuery = z.object({ number: giftCardNumber });
export type GiftCardNumberInput = z.input<typeof giftCardNumberQuery>;

/** A card as whoever holds its number sees it: never its buyer's contact nor the recipient's. */
export const receivedGiftCardAnswer = z
  .object({
    amount: money(),
    design: designAnswer,
    message: z.string(),
    from_name: z.string(),
    to_name: z.string(),
    state: z.enum(['ready', 'claimed', 'refunded', 'expired']).meta({ description: 'ready: it can be claimed' }),
    claimed_by_you: z.boolean(),
    expires_at: time().nullable(),
  })
  .meta({ id: 'ReceivedGiftCard' });
export type ReceivedGiftCard = z.infer<typeof receivedGiftCardAnswer>;
export const receivedGiftCardData = z.object({ card: receivedGiftCardAnswer, currency: z.string() });
export type ReceivedGiftCardData = z.infer<typeof receivedGiftCardData>;

export const giftCardClaimAnswer = z.object({
  amount: money().meta({ description: 'what was added to the wallet, as gift money' }),
  balance: money(),
  gift_balance: money(),
});
export type GiftCardClaimData = z.infer<typeof giftCardClaimAnswer>;

/** `gift-card/refund`: one of the customer's own cards, not claimed. */
export const giftCardRefundBody = z.object({ id });
export type GiftCardRefundInput = z.input<typeof giftCardRefundBody>;

// ---------------------------------------------------------------------------------------------
// The owner's report
// ---------------------------------------------------------------------------------------------

/** `merchant/gift-cards/report`: the shop's days from `from` to `to` (both included, at most 366). */
export const giftCardReportQuery = z.object({ from: day, to: day }).superRefine(checkDayRange);
export type GiftCardReportQuery = z.input<typeof giftCardReportQuery>;

const cardsAndMoney = (what: string) =>
  z.object({ count: int().meta({ description: `cards ${what} in the period` }), amount: money().meta({ description: 'their value' }) });

/** A card in the owner's list: its number masked to its last four characters, never anyone's contact. */
export const reportedGiftCardAnswer = z.object({
  id: int(),
  last4: z.string().meta({ description: "the number's last four characters: the owner never sees a number in full" }),
  amount: money(),
  state: z.enum(GIFT_CARD_STATES),
  sold_at: time(),
  claimed_at: time().nullable(),
});

export const giftCardReportAnswer = z
  .object({
    from: z.string(),
    to: z.string(),
    timezone: z.string().meta({ description: "the shop's time zone: the days are its days" }),
    currency: z.string(),
    sold: cardsAndMoney('bought (a printed card: sold and activated at the counter)'),
    claimed: cardsAndMoney('added to a wallet'),
    refunded: cardsAndMoney('refunded to their buyer'),
    spent: money().meta({
      description:
        'gift money that left wallets in the period (on orders, or on gift cards for others), less what came back to them by refunds (a cancelled order, a refunded card), and what was spent of printed cards at the counter',
    }),
    outstanding: z
      .object({
        unclaimed: money().meta({
          description:
            'what is left on cards sold and not yet claimed nor refunded (an expired one too: its buyer may have it refunded; a printed card less what was spent of it at the counter; one not sold yet counts for nothing)',
        }),
        unclaimed_count: int(),
        in_wallets: money().meta({ description: "customers' gift money not yet spent" }),
        total: money().meta({ description: 'unclaimed + in_wallets: what the shop still owes for gift cards' }),
      })
      .meta({ description: 'now, whatever the period' }),
    recent: z.array(reportedGiftCardAnswer).meta({ description: 'the last 20 cards sold in the period, newest first' }),
  })
  .meta({ id: 'GiftCardReport' });
export type GiftCardReportData = z.infer<typeof giftCardReportAnswer>;
