/**
 * Gift cards (issue 49), free of zod: a card's number (its alphabet, its check character, how it is
 * written and read back), where a card stands, and the limits. gift-cards.ts builds its schemas from these
 * and re-exports all of it, and the app checks a number typed in the wallet with them before it asks.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/**
 * Crockford's base 32: digits and capitals without I, L, O and U, so a number read aloud or copied by
 * hand has no look-alikes (an I or L typed is read as 1, an O as 0).
 */
export const GIFT_CARD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** characters drawn from the CSPRNG: 16 × 5 bits = 80 bits, never guessed in any number of lifetimes */
export const GIFT_CARD_RANDOM_CHARS = 16;
/** the random characters and the check character */
export const GIFT_CARD_NUMBER_LENGTH = GIFT_CARD_RANDOM_CHARS + 1;

const value = (c: string) => GIFT_CARD_ALPHABET.indexOf(c);

/**
 * The check character of `body` (characters of the alphabet): Luhn mod 32, which catches every single
 * wrong character and every swap of two neighbours but of 0 and Z, so a typo is refused before any look-up.
 */
export function giftCardCheckChar(body: string): string {
  const n = GIFT_CARD_ALPHABET.length;
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    let addend = factor * value(body[i]!);
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / n) + (addend % n);
    sum += addend;
  }
  return GIFT_CARD_ALPHABET[(n - (sum % n)) % n]!;
}

/**
 * A number as typed (any case, spaces or dashes, I/L for 1 and O for 0) read back as the 17 characters
 * stored; null when it cannot be a card's number (wrong length, a character not of the alphabet).
 */
export function normalizeGiftCardNumber(typed: string): string | null {
  const s = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (s.length !== GIFT_CARD_NUMBER_LENGTH) return null;
  for (const c of s) if (value(c) < 0) return null;
  return s;
}

/** Whether a stored-form number's last character is its check character. */
export const giftCardNumberChecks = (n: string): boolean => n.length === GIFT_CARD_NUMBER_LENGTH && giftCardCheckChar(n.slice(0, -1)) === n.slice(-1);

/** What is wrong with a number as typed, in words; null when it is well formed and its check holds. */
export function giftCardNumberProblem(typed: string): string | null {
  const n = normalizeGiftCardNumber(typed);
  if (n === null) return `must be the ${GIFT_CARD_NUMBER_LENGTH} letters and digits on the card`;
  if (!giftCardNumberChecks(n)) return 'has a typo: check each character against the card';
  return null;
}

/** `ABCD-EFGH-JKMN-PQRS-T`: groups of four, as printed and shown. */
export const formatGiftCardNumber = (n: string): string => n.match(/.{1,4}/g)!.join('-');

/**
 * Where a card stands, for its buyer: `awaiting_payment` (bought through the payment gateway, not paid
 * yet: only the gateway's webhook moves it on), `payment_failed` (that payment was declined or never
 * made: the card is never sent), `scheduled` (not sent yet), `delivered` (sent, not claimed), `claimed`
 * (in the recipient's wallet), `refunded` (its price given back to the buyer), `expired` (not claimed
 * before its date: the buyer may still have it refunded).
 */
export const GIFT_CARD_STATES = ['awaiting_payment', 'payment_failed', 'scheduled', 'delivered', 'claimed', 'refunded', 'expired'] as const;
export type GiftCardState = (typeof GIFT_CARD_STATES)[number];

/**
 * Why a card cannot be claimed (the `reason` of a 409 GIFT_CARD_INVALID): `claimed` (already in a
 * wallet), `refunded`, `expired`, `own` (a gift the customer sent: they may have it refunded instead),
 * `unpaid` (a refund of a card whose payment never went through). Physical cards (issue 49): `inactive`
 * (printed, not sold yet), `activated` (sold already: activating it again), `egift` (an eGift's number
 * where a physical card's is needed), `empty` (nothing left on it), `short` (less left than asked for).
 */
export const GIFT_CARD_REFUSALS = ['claimed', 'refunded', 'expired', 'own', 'unpaid', 'inactive', 'activated', 'egift', 'empty', 'short'] as const;
export type GiftCardRefusal = (typeof GIFT_CARD_REFUSALS)[number];

/** a card's message, its names */
export const GIFT_MESSAGE_MAX = 300;
export const GIFT_NAME_MAX = 60;
/** how far ahead a delivery may be scheduled */
export const GIFT_SCHEDULE_MAX_DAYS = 365;
/** the fixed amounts an owner may offer */
export const GIFT_AMOUNTS_MAX = 8;
/** the smallest and largest card, in minor units (an owner's choices stay within) */
export const GIFT_AMOUNT_MIN = 100;
export const GIFT_AMOUNT_MAX = 10_000_000;
/** a card may expire no sooner than this after it is bought (where the law allows expiry at all) */
export const GIFT_EXPIRY_MIN_MONTHS = 12;
export const GIFT_EXPIRY_MAX_MONTHS = 120;
/** numbers that are no card's a customer, and an address, may try in a window; then every look-up is refused (429) until it passes */
export const GIFT_LOOKUP_MISSES_PER_CUSTOMER = 5;
export const GIFT_LOOKUP_MISSES_PER_ADDRESS = 20;
export const GIFT_LOOKUP_WINDOW_MINUTES = 60;
/** the most cards a batch of physical cards may have */
export const GIFT_BATCH_MAX = 1000;
export const GIFT_BATCH_LABEL_MAX = 60;
