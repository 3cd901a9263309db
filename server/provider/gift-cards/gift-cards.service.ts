import type { MessageDescriptor } from '@lingui/core';
/**
 * Gift cards (issue 49): the owner's settings, an eGift bought from the wallet for someone, delivered at
 * its time by text or e-mail (delivery.ts), opened and claimed by its number into the recipient's wallet
 * as gift money exactly once, and refunded to its buyer while unclaimed.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import {
  GIFT_CARD_ALPHABET,
  GIFT_CARD_RANDOM_CHARS,
  GIFT_DESIGN_IDS,
  GIFT_LOOKUP_MISSES_PER_ADDRESS,
  GIFT_LOOKUP_MISSES_PER_CUSTOMER,
  GIFT_LOOKUP_WINDOW_MINUTES,
  GIFT_SCHEDULE_MAX_DAYS,
  formatGiftCardNumber,
  giftCardCheckChar,
  type GiftCardBuyFields,
  type GiftCardClaimData,
  type GiftCardOptionsData,
  type GiftCardRefusal,
  type GiftCardSettings,
  type GiftCardSettingsFields,
  type GiftCardState,
  type GiftDesign,
  type GiftDesignId,
  type ReceivedGiftCardData,
  type SentGiftCard,
  type SentGiftCardData,
  type SentGiftCardsData,
} from '#contract/gift-cards';
import { formatMoney } from '#contract/money';
import { paths } from '#contract/routes';
import type { Database } from '../../db';
import type { GiftCardDesignRow } from '../../db/schema';
import { DAY, MINUTE, isoTime } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { normalizePhone } from '../auth/phone';
import { AppError, notFound, validation, said } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { assertUnderLimit, countUse, type UseLimit } from '../http/use-limit';
import { clearMerchantCache, getMerchant } from '../settings/settings.service';
import { notify } from '../notifications/notify';
import { sayToCustomer } from '../accounts/language';
import { giftCard as giftWords } from '../i18n/messages';
import { availablePayments, type PaymentStarter } from '../payment-port';
import { lockCustomer } from '../accounts/accounts.repo';
import { insertAudit } from '../staff/staff.repo';
import { postWalletEntry, postWalletMove } from '../wallet/wallet.ledger';
import { walletBalances } from '../wallet/wallet.repo';
import {
  buyersCards,
  cardByNumber,
  insertCard,
  lockBuyersCard,
  lockCardById,
  lockCardByNumber,
  markClaimed,
  markPaymentResult,
  markRefunded,
  saveSettingsRow,
  setPaidGift,
  settingsRow,
  type GiftCardRow,
} from './gift-cards.repo';
import { emitGiftCardClaimed, emitGiftCardSold } from '../events/events.service';
import { queuePurchaseReceipts } from '../receipts/receipts.service';
import { noticeClaimed } from './notices';
import { insertCardEntry } from './physical.repo';
import { errors } from '../i18n/errors';

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/** The built-in designs: a picture each (public/gift-cards/<id>.svg) and the message it suggests. */
const BUILT_IN_DESIGNS: Record<GiftDesignId, { name: string; message: string }> = {
  celebrate: { name: 'Celebrate', message: 'Happy birthday! Have a coffee on me.' },
  'thank-you': { name: 'Thank you', message: 'Thank you! The next coffee is on me.' },
  winter: { name: 'Happy holidays', message: 'Happy holidays! Warm drinks on me this season.' },
};
export const designPicture = (id: GiftDesignId) => `/gift-cards/${id}.svg`;

/** Until the owner saves them: off, three amounts and a custom range, never expiring, every design on. */
const DEFAULT_SETTINGS: Omit<GiftCardSettings, 'currency'> = {
  enabled: false,
  amounts: [50_000, 100_000, 200_000],
  custom: { min: 20_000, max: 1_000_000 },
  expiry_months: null,
  designs: GIFT_DESIGN_IDS.map((id) => ({ id, ...BUILT_IN_DESIGNS[id], picture: designPicture(id), enabled: true })),
};

export async function loadSettings(db: Database, currency: string): Promise<GiftCardSettings> {
  const row = await settingsRow(db);
  if (!row) return { ...DEFAULT_SETTINGS, currency };
  // the designs in their built-in order, a design the row does not name (added later) with its defaults
  const saved = new Map(row.designs.map((d) => [d.id, d]));
  return {
    enabled: row.enabled,
    amounts: row.amounts,
    custom: row.custom_min !== null && row.custom_max !== null ? { min: row.custom_min, max: row.custom_max } : null,
    expiry_months: row.expiry_months,
    designs: GIFT_DESIGN_IDS.map((id) => {
      const d = saved.get(id);
      return {
        id,
        name: d?.name ?? BUILT_IN_DESIGNS[id].name,
        message: d?.message ?? BUILT_IN_DESIGNS[id].message,
        picture: designPicture(id),
        enabled: d?.enabled ?? true,
      };
    }),
    currency,
  };
}

export async function consoleSettings(ctx: ProviderContext): Promise<GiftCardSettings> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  return loadSettings(ctx.db, rules.currency);
}

/** The owner's settings, all at once; audited. */
export async function updateSettings(ctx: ProviderContext, staff: StaffOfRequest, body: GiftCardSettingsFields): Promise<GiftCardSettings> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const before = await loadSettings(trx, rules.currency);
    const designs: GiftCardDesignRow[] = body.designs.map((d) => ({ ...d, picture: designPicture(d.id) }));
    await saveSettingsRow(trx, {
      enabled: body.enabled,
      amounts: [...body.amounts].sort((a, b) => a - b),
      custom_min: body.custom?.min ?? null,
      custom_max: body.custom?.max ?? null,
      expiry_months: body.expiry_months,
      designs,
      updated_at: ctx.clock.now(),
    });
    const after = await loadSettings(trx, rules.currency);
    await insertAudit(trx, { staffId: staff.id, action: 'gift_cards.settings', target: 'gift_cards', before, after, now: ctx.clock.now() });
    return after;
  });
  // the settings answer's gift_cards (kept with the settings): seen at once on this instance
  clearMerchantCache();
  return saved;
}

export async function giftCardOptions(ctx: ProviderContext): Promise<GiftCardOptionsData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const s = await loadSettings(ctx.db, rules.currency);
  return {
    enabled: s.enabled,
    currency: s.currency,
    timezone: rules.timezone,
    amounts: s.amounts,
    custom: s.custom,
    expiry_months: s.expiry_months,
    designs: s.designs.filter((d) => d.enabled).map(({ enabled: _on, ...d }) => d),
  };
}

// ---------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------

/** A new card number: 16 characters from the CSPRNG (80 bits) and the check character. */
export function newCardNumber(): string {
  let body = '';
  for (let i = 0; i < GIFT_CARD_RANDOM_CHARS; i++) body += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return body + giftCardCheckChar(body);
}

function designOf(settings: GiftCardSettings, id: string): GiftDesign {
  const d = settings.designs.find((x) => x.id === id) ?? DEFAULT_SETTINGS.designs.find((x) => x.id === id) ?? DEFAULT_SETTINGS.designs[0]!;
  return { id: d.id, name: d.name, picture: d.picture, message: d.message };
}

/** what a card's state is read from */
type Standing = Pick<GiftCardRow, 'status' | 'expires_at' | 'delivered_at'>;
export const expired = (c: Standing, now: Date) => c.status === 'active' && c.expires_at !== null && c.expires_at <= now;

export function stateOf(c: Standing, now: Date): GiftCardState {
  if (c.status === 'awaiting_payment' || c.status === 'inactive') return 'awaiting_payment';
  if (c.status === 'void') return 'payment_failed';
  if (c.status === 'claimed') return 'claimed';
  if (c.status === 'refunded') return 'refunded';
  if (expired(c, now)) return 'expired';
  return c.delivered_at ? 'delivered' : 'scheduled';
}

/** A card as its buyer sees it: everything, its number in full. */
function sentCard(c: GiftCardRow, settings: GiftCardSettings, now: Date): SentGiftCard {
  return {
    id: c.id,
    number: formatGiftCardNumber(c.number),
    amount: c.amount,
    design: designOf(settings, c.design),
    message: c.message,
    from_name: c.from_name,
    to_name: c.to_name,
    to: c.to_phone ?? c.to_email ?? '',
    deliver_at: c.deliver_at.toISOString(),
    delivered_at: isoTime(c.delivered_at),
    state: stateOf(c, now),
    claimed_at: isoTime(c.claimed_at),
    refunded_at: isoTime(c.refunded_at),
    expires_at: isoTime(c.expires_at),
    created_at: c.created_at.toISOString(),
  };
}

/** `2026-12-24T09:00` in the shop's zone as an instant (a time skipped by a clock change: the one after). */
function localToInstant(local: string, timezone: string): Date {
  const zoned = Temporal.PlainDateTime.from(local).toZonedDateTime(timezone, { disambiguation: 'later' });
  return new Date(zoned.epochMilliseconds);
}

/**
 * Refuses what the owner's settings do not allow: gift cards off (409), or an amount that is neither one
 * of the fixed amounts nor within the custom range (400 naming `amount`). eGifts and physical cards alike.
 */
export function assertOffered(settings: GiftCardSettings, amount: number, money: (n: number) => string): void {
  if (!settings.enabled) throw new AppError('CONFLICT', errors.giftCardsOff);
  const inRange = settings.custom !== null && amount >= settings.custom.min && amount <= settings.custom.max;
  if (!settings.amounts.includes(amount) && !inRange) {
    const offered = [
      ...settings.amounts.map(money),
      ...(settings.custom ? [`any amount from ${money(settings.custom.min)} to ${money(settings.custom.max)}`] : []),
    ].join(', ');
    const amounts = settings.amounts.map(money).join(', ');
    const range = settings.custom ? { min: money(settings.custom.min), max: money(settings.custom.max) } : null;
    const words = !range
      ? said(errors.giftAmounts, { amounts })
      : amounts
        ? said(errors.giftAmountsOrRange, { amounts, ...range })
        : said(errors.giftRange, range);
    throw validation({ amount: `must be one of the amounts offered: ${offered}` }, words);
  }
}

/** When a card sold now expires under the owner's settings (null: never). */
export function expiryFrom(settings: GiftCardSettings, now: Date): Date | null {
  return settings.expiry_months === null
    ? null
    : new Date(Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO('UTC').add({ months: settings.expiry_months }).epochMilliseconds);
}

/** What a purchase needs before its transaction: the settings it is checked against and the shop's money. */
export interface BuySetup {
  settings: GiftCardSettings;
  deliverAt: Date;
  toPhone: string | null;
  toEmail: string | null;
  message: string;
  money: (n: number) => string;
  /** payment_method gateway: the way to start its payment */
  payments: PaymentStarter | null;
  company: string;
}

/**
 * Checks a purchase against the owner's settings before anything is written (refused: no card, no
 * stored answer): gift cards on, an amount offered, a design turned on, a time ahead within a year, a
 * recipient the shop can reach.
 */
export async function buySetup(ctx: ProviderContext, body: GiftCardBuyFields): Promise<BuySetup> {
  // without a payment gateway, a gateway purchase is refused before anything is written (503)
  const payments = body.payment_method === 'gateway' ? availablePayments(ctx) : null;
  const { rules, settings: shop } = await getMerchant(ctx.db, ctx.merchantId);
  const settings = await loadSettings(ctx.db, rules.currency);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  assertOffered(settings, body.amount, money);
  const design = settings.designs.find((d) => d.id === body.design && d.enabled);
  if (!design) throw validation({ design: 'is not offered' }, errors.giftDesigns);
  const now = ctx.clock.now();
  let deliverAt = now;
  if (body.deliver_at) {
    let at: Date;
    try {
      at = localToInstant(body.deliver_at, rules.timezone);
    } catch {
      throw validation({ deliver_at: 'must be a real date and time such as 2026-12-24T09:00' });
    }
    // a minute's grace: "now" picked on a phone whose clock is a little behind is now
    if (at.getTime() < now.getTime() - MINUTE) throw validation({ deliver_at: 'must not be in the past' }, errors.giftPast);
    if (at.getTime() > now.getTime() + GIFT_SCHEDULE_MAX_DAYS * DAY) throw validation({ deliver_at: `must be within ${GIFT_SCHEDULE_MAX_DAYS} days` });
    deliverAt = at < now ? now : at;
  }
  const toPhone = body.to_phone !== undefined ? normalizePhone(body.to_phone, rules.default_country_code, 'to_phone') : null;
  if (body.to_email !== undefined && !ctx.mailer)
    throw validation(
      { to_email: 'cannot be reached: this shop does not send e-mail yet' },
      'This shop cannot send e-mail yet. Send it to a phone number instead.',
    );
  return {
    settings,
    deliverAt,
    toPhone,
    toEmail: body.to_email ?? null,
    message: body.message ?? design.message,
    money,
    payments,
    company: shop.setting_company,
  };
}

/**
 * A card a customer bought is paid (from the wallet, or its payment settled): sold (the webhooks' event)
 * and its receipts queued (receipts.service.ts), in the transaction that made it so.
 */
async function cardSold(
  trx: Database,
  ctx: ProviderContext,
  card: { id: number; amount: number; deliver_at: Date; expires_at: Date | null },
  buyerId: number,
  now: Date,
): Promise<void> {
  await emitGiftCardSold(
    trx,
    {
      gift_card_id: card.id,
      amount: card.amount,
      customer_id: buyerId,
      buyer_id: buyerId,
      deliver_at: card.deliver_at.toISOString(),
      expires_at: isoTime(card.expires_at),
    },
    now,
  );
  await queuePurchaseReceipts(trx, ctx, { kind: 'gift_card', id: card.id }, buyerId);
}

/** Buys the card (once per idempotency key, in its transaction): the card, and its price out of the wallet. */
export async function buyGiftCard(
  trx: Database,
  ctx: ProviderContext,
  setup: BuySetup,
  customerId: number,
  body: GiftCardBuyFields,
): Promise<{ data: SentGiftCardData; message: string }> {
  const now = ctx.clock.now();
  const expiresAt = expiryFrom(setup.settings, now);
  const card = await insertCard(trx, {
    number: newCardNumber(),
    buyer_id: customerId,
    amount: body.amount,
    design: body.design,
    message: setup.message,
    from_name: body.from_name,
    to_name: body.to_name,
    to_phone: setup.toPhone,
    to_email: setup.toEmail,
    deliver_at: setup.deliverAt,
    expires_at: expiresAt,
    paid_with: setup.payments ? 'gateway' : 'wallet',
    paid_gift: 0,
    created_at: now,
    ...(setup.payments ? { status: 'awaiting_payment' as const } : {}),
  });
  if (setup.payments) {
    // the card waits for its payment: only the gateway's signed webhook makes it due (giftCardPaymentResult)
    const { paymentUrl } = await setup.payments.start(trx, {
      id: randomUUID(),
      customerId,
      kind: 'gift_card',
      giftCardId: card.id,
      amount: body.amount,
      currency: setup.settings.currency,
      description: `Gift card for ${body.to_name} at ${setup.company}`,
      successPath: paths.giftCards,
      failPath: paths.giftCards,
      expiresInSeconds: GIFT_PAYMENT_MINUTES * 60,
      at: now,
    });
    return {
      data: { card: sentCard(card, setup.settings, now), balance: (await walletBalances(trx, customerId)).balance, payment_url: paymentUrl },
      message: `Pay ${setup.money(body.amount)} on the next page to send your gift card to ${body.to_name}.`,
    };
  }
  const paid = await postWalletMove(trx, ctx.clock, customerId, {
    type: 'gift_card',
    amount: -body.amount,
    reason: `Gift card for ${body.to_name}`,
    ref: `gift-card:${card.id}`,
  });
  await setPaidGift(trx, card.id, -paid.gift);
  await cardSold(trx, ctx, card, customerId, now);
  const when = setup.deliverAt.getTime() <= now.getTime() ? 'now' : 'at the time you chose';
  return {
    data: { card: sentCard(card, setup.settings, now), balance: paid.balance },
    message: `Your ${setup.money(body.amount)} gift card for ${body.to_name} is paid. We will send it ${when}.`,
  };
}

/** How long a gift card's payment page stays open: the gateway closes it then (Stripe: at least 30 minutes). */
export const GIFT_PAYMENT_MINUTES = 30;

/**
 * A gift card's payment settled (payments/ calls this in the webhook's transaction, once, for a payment
 * still pending): paid, the card is due at its time and sent like any other; declined or never made, it is
 * void and never sent. The buyer is told either way.
 */
export async function giftCardPaymentResult(trx: Database, ctx: ProviderContext, cardId: number, paid: boolean): Promise<void> {
  const card = await lockCardById(trx, cardId);
  if (!card || card.status !== 'awaiting_payment' || card.buyer_id === null) return;
  const { rules } = await getMerchant(trx, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  const now = ctx.clock.now();
  await markPaymentResult(trx, card.id, paid ? 'active' : 'void');
  // sold once paid: a card waiting for its payment was never sold
  if (paid) await cardSold(trx, ctx, card, card.buyer_id, now);
  await notify(trx, ctx.clock, card.buyer_id, {
    type: 'gift_card',
    title: paid ? 'Gift card paid' : 'Gift card payment declined',
    body: paid
      ? `Your ${money(card.amount)} gift card for ${card.to_name} is paid. We will send it ${card.deliver_at <= now ? 'now' : 'at the time you chose'}.`
      : `Your payment for the ${money(card.amount)} gift card for ${card.to_name} did not go through, so it will not be sent. No money was taken.`,
    link: paths.giftCards,
  });
}

/**
 * The gateway gave a gift card's payment back (a refund made at the gateway, or a lost dispute): the card
 * must not keep its value. Not claimed yet: it is refunded and its link stops working. Refunded to the
 * buyer's wallet already: that money goes back out of the wallet, as far as the balance allows. Claimed:
 * the gift money comes back out of the recipient's wallet, as far as their gift money allows (the rest was
 * spent). Answers how much was taken out of a wallet; the rest is the shortfall the shop's Activity shows.
 */
export async function takeBackGiftCardPayment(trx: Database, ctx: ProviderContext, cardId: number, amount: number): Promise<number> {
  const card = await lockCardById(trx, cardId);
  if (!card) return 0;
  const { rules } = await getMerchant(trx, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  const ref = `gift-card:${card.id}`;
  if (card.status === 'active' || card.status === 'awaiting_payment') {
    await markRefunded(trx, card.id, ctx.clock.now());
    if (card.buyer_id !== null) {
      const say = await sayToCustomer(trx, rules, card.buyer_id);
      await notify(trx, ctx.clock, card.buyer_id, {
        type: 'gift_card',
        title: say(giftWords.refundedTitle),
        body: say(giftWords.refundedBody, { amount: money(card.amount), to: card.to_name }),
        link: paths.giftCards,
      });
    }
    return 0;
  }
  const refunded = card.status === 'refunded';
  const holder = refunded ? card.buyer_id : card.claimed_by;
  if (holder === null) return 0;
  const customer = await lockCustomer(trx, holder);
  // the buyer's refund came back as their own money; the recipient's claim as gift money
  const taken = Math.min(amount, refunded ? customer.wallet_balance - customer.gift_balance : customer.gift_balance);
  if (taken > 0)
    await postWalletEntry(trx, ctx.clock, holder, {
      type: 'adjust',
      amount: -taken,
      reason: refunded ? 'Gift card payment refunded to your card' : `Gift card from ${card.from_name} refunded to its buyer`,
      ref,
      gift: refunded ? 0 : taken,
    });
  const say = await sayToCustomer(trx, rules, holder);
  const words = { amount: money(card.amount), taken: money(taken), to: card.to_name, from: card.from_name };
  await notify(trx, ctx.clock, holder, {
    type: 'gift_card',
    title: say(giftWords.takenBackTitle),
    body: say(refunded ? giftWords.takenBackBuyer : giftWords.takenBackRecipient, words),
    link: paths.profileWallet,
  });
  return taken;
}

export const SENT_PER_PAGE = 20;

export async function sentGiftCards(ctx: ProviderContext, customerId: number, page = 1): Promise<SentGiftCardsData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const settings = await loadSettings(ctx.db, rules.currency);
  const rows = await buyersCards(ctx.db, customerId, SENT_PER_PAGE + 1, (page - 1) * SENT_PER_PAGE);
  const now = ctx.clock.now();
  return { items: rows.slice(0, SENT_PER_PAGE).map((c) => sentCard(c, settings, now)), next_page: rows.length > SENT_PER_PAGE ? page + 1 : null };
}

// ---------------------------------------------------------------------------------------------
// Look-ups: a card by its number, under the limit on guessing
// ---------------------------------------------------------------------------------------------

const missMessage = `Too many gift card numbers we do not know. Please wait ${GIFT_LOOKUP_WINDOW_MINUTES} minutes and try again.`;
const MISSES_BY_CUSTOMER: UseLimit = {
  scope: 'gift-card-miss',
  limit: GIFT_LOOKUP_MISSES_PER_CUSTOMER,
  windowMs: GIFT_LOOKUP_WINDOW_MINUTES * MINUTE,
  message: missMessage,
};
const MISSES_BY_ADDRESS: UseLimit = {
  scope: 'gift-card-miss-address',
  limit: GIFT_LOOKUP_MISSES_PER_ADDRESS,
  windowMs: GIFT_LOOKUP_WINDOW_MINUTES * MINUTE,
  message: missMessage,
};

export interface Asker {
  customerId: number;
  /** the client's address as a limit counts it (http/client-key.ts) */
  clientKey: string;
}

/** Who looks a number up, as the limit on guessing counts them: a customer, or a member of staff at the counter. */
export interface Seeker {
  /** `customer:<id>` or `staff:<id>` */
  who: string;
  clientKey: string;
}
const seekerOf = (asker: Asker): Seeker => ({ who: `customer:${asker.customerId}`, clientKey: asker.clientKey });

/**
 * The card behind a number, or a 404 counted as a wrong guess for the customer and for their address.
 * While either has made too many, every look-up is refused (429), real numbers too: a refusal says
 * nothing of the number, and guessing cannot go on.
 */
export async function findCard(ctx: ProviderContext, number: string, seeker: Seeker): Promise<GiftCardRow> {
  const now = ctx.clock.now();
  await assertUnderLimit(ctx.db, MISSES_BY_CUSTOMER, seeker.who, now);
  await assertUnderLimit(ctx.db, MISSES_BY_ADDRESS, seeker.clientKey, now);
  const card = await cardByNumber(ctx.db, number);
  if (card) return card;
  await countUse(ctx.db, MISSES_BY_CUSTOMER, seeker.who, now);
  await countUse(ctx.db, MISSES_BY_ADDRESS, seeker.clientKey, now);
  throw new AppError('NOT_FOUND', errors.giftCardUnknown);
}

export async function viewGiftCard(ctx: ProviderContext, number: string, asker: Asker): Promise<ReceivedGiftCardData> {
  const card = await findCard(ctx, number, seekerOf(asker));
  if (!paidFor(card)) throw notPaidFor();
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  // a printed card not sold yet has no value to show
  if (card.status === 'inactive') throw refusal('inactive', money, card);
  const settings = await loadSettings(ctx.db, rules.currency);
  const now = ctx.clock.now();
  const state = card.status === 'claimed' ? 'claimed' : card.status === 'refunded' ? 'refunded' : expired(card, now) ? 'expired' : 'ready';
  return {
    card: {
      amount: leftOn(card),
      design: designOf(settings, card.design),
      message: card.message,
      from_name: card.from_name,
      to_name: card.to_name,
      state,
      claimed_by_you: card.claimed_by === asker.customerId,
      expires_at: isoTime(card.expires_at),
    },
    currency: rules.currency,
  };
}

/** A card bought through the gateway exists for no one but its buyer until it is paid. */
const paidFor = (c: GiftCardRow) => c.status !== 'awaiting_payment' && c.status !== 'void';
const notPaidFor = () => new AppError('NOT_FOUND', errors.giftCardUnknown);

/** What is left on a card: its amount less what was spent of it at the counter. */
export const leftOn = (c: Pick<GiftCardRow, 'amount' | 'spent'>) => c.amount - c.spent;

export function refusal(reason: GiftCardRefusal, money: (n: number) => string, c: GiftCardRow): AppError {
  const words: Record<GiftCardRefusal, MessageDescriptor> = {
    claimed: errors.giftCardClaimed,
    refunded: errors.giftCardRefunded,
    expired: errors.giftCardExpired,
    own: said(errors.giftCardOwn, { amount: money(c.amount) }),
    unpaid: errors.giftCardUnpaid,
    inactive: errors.giftCardInactive,
    activated: said(errors.giftCardActivated, { amount: money(c.amount) }),
    egift: errors.giftCardEgift,
    empty: errors.giftCardEmpty,
    short: said(errors.giftCardShort, { amount: money(leftOn(c)) }),
  };
  return new AppError('GIFT_CARD_INVALID', words[reason], undefined, reason === 'short' ? { reason, balance: leftOn(c) } : { reason });
}

/**
 * Claims a card into the customer's wallet as gift money: under the card's row lock, so of any number of
 * claims at once the first moves it to `claimed` and credits the wallet, and the others find it claimed.
 */
export async function claimGiftCard(ctx: ProviderContext, number: string, asker: Asker): Promise<{ data: GiftCardClaimData; message: string }> {
  await findCard(ctx, number, seekerOf(asker));
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  return ctx.db.transaction().execute(async (trx) => {
    const { card, amount } = await claimInto(trx, ctx, number, asker.customerId, { rules, staffId: null });
    const balances = await walletBalances(trx, asker.customerId);
    return {
      data: { amount, balance: balances.balance, gift_balance: balances.gift_balance },
      message: `${money(amount)} from ${card.from_name} is in your wallet. Enjoy!`,
    };
  });
}

/**
 * Claims a card into `customerId`'s wallet as gift money, in the caller's transaction: under the card's
 * row lock, so of any number of claims at once (the customer's own, or staff adding it at the counter)
 * the first moves it to `claimed` and credits the wallet with what is left on it, and the others find it
 * claimed. A physical card's move is written in its own ledger too (physical.service.ts).
 */
export async function claimInto(
  trx: Database,
  ctx: ProviderContext,
  number: string,
  customerId: number,
  by: { rules: Parameters<typeof noticeClaimed>[3]; staffId: number | null },
): Promise<{ card: GiftCardRow; amount: number }> {
  const money = (n: number) => formatMoney(n, by.rules.currency, by.rules.locale);
  const now = ctx.clock.now();
  const card = (await lockCardByNumber(trx, number))!;
  if (!paidFor(card)) throw notPaidFor();
  if (card.status === 'inactive') throw refusal('inactive', money, card);
  if (card.status === 'claimed') throw refusal('claimed', money, card);
  if (card.status === 'refunded') throw refusal('refunded', money, card);
  if (expired(card, now)) throw refusal('expired', money, card);
  if (card.buyer_id === customerId) throw refusal('own', money, card);
  const amount = leftOn(card);
  if (amount <= 0) throw refusal('empty', money, card);
  await markClaimed(trx, card.id, customerId, now);
  await noticeClaimed(trx, ctx.clock, card, by.rules);
  await postWalletMove(trx, ctx.clock, customerId, {
    type: 'gift',
    amount,
    reason: `Gift card from ${card.from_name}`,
    ref: `gift-card:${card.id}`,
  });
  if (card.batch_id !== null)
    await insertCardEntry(trx, {
      gift_card_id: card.id,
      type: 'wallet',
      amount: -amount,
      balance_after: 0,
      staff_id: by.staffId,
      customer_id: customerId,
      created_at: now,
    });
  await emitGiftCardClaimed(
    trx,
    { gift_card_id: card.id, amount, customer_id: customerId, buyer_id: card.buyer_id, expires_at: isoTime(card.expires_at) },
    now,
  );
  return { card, amount };
}

/** Refunds one of the buyer's cards not claimed: its price back to the wallet, its gift money part as gift money. */
export async function refundGiftCard(ctx: ProviderContext, customerId: number, id: number): Promise<{ data: SentGiftCardData; message: string }> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  const settings = await loadSettings(ctx.db, rules.currency);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const card = await lockBuyersCard(trx, customerId, id);
    if (!card) throw notFound('Gift card');
    if (card.status !== 'active') throw refusal(card.status === 'awaiting_payment' || card.status === 'void' ? 'unpaid' : card.status, money, card);
    const refunded = await markRefunded(trx, card.id, now);
    const back = await postWalletMove(trx, ctx.clock, customerId, {
      type: 'refund',
      amount: card.amount,
      reason: `Gift card for ${card.to_name} refunded`,
      ref: `gift-card:${card.id}`,
      gift: card.paid_gift,
    });
    return {
      data: { card: sentCard(refunded, settings, now), balance: back.balance },
      message: `${money(card.amount)} is back in your wallet. The gift card's link no longer works.`,
    };
  });
}
