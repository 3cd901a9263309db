/**
 * Why a promo code does not apply, in the customer's words (issue 50): the reason the provider gives
 * (400 PROMO_CODE_INVALID's `data`, offer-rules.ts), or too many wrong tries (429 RATE_LIMITED on a quote
 * with a code). Dates in the shop's time zone, money in its currency.
 */
import { formatMoney } from '#contract/money';
import type { PromoCodeRefusal } from '#contract/offer-rules';
import type { Fulfilment } from '#contract';

/** What the checkout shows under the code field: the provider's refusal, or too many tries. */
export type PromoProblem = PromoCodeRefusal | { reason: 'too_many_tries'; code: string };

export interface PromoWordsFormat {
  currency: string;
  locale: string;
  timeZone?: string;
  /** how this order is taken: the way a code "not here" is not valid for */
  fulfilment: Fulfilment;
}

/** "Sat, Dec 5" (en-PH), "Sat 5 Dec" (en-GB): the day a code starts. */
const startDay = (iso: string, locale: string, timeZone = 'UTC') =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(new Date(iso));

/** "Sat, Dec 5, 2:00 PM": when a code is on again. */
const whenAgain = (iso: string, locale: string, timeZone = 'UTC') =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/** The sentence under the code field for a refused code. */
export function promoProblemWords(p: PromoProblem, f: PromoWordsFormat): string {
  switch (p.reason) {
    case 'unknown':
      return "We don't know this code. Check the spelling.";
    case 'not_yet':
      return p.starts_at ? `This code starts on ${startDay(p.starts_at, f.locale, f.timeZone)}` : 'This code has not started yet';
    case 'expired':
      return 'This code has expired';
    case 'below_minimum':
      if (p.missing !== undefined && p.missing > 0) return `Spend ${formatMoney(p.missing, f.currency, f.locale)} more to use this code`;
      return p.min_spend ? `This code needs an order of ${formatMoney(p.min_spend, f.currency, f.locale)} or more` : 'Add more to your order to use this code';
    case 'not_for_you':
      return 'This code is not available on your account';
    case 'used_up':
      return 'This code has been used up';
    case 'not_here':
      return `This code is not valid at this location or for ${f.fulfilment}`;
    case 'paused':
      return 'This code is paused';
    case 'not_with_voucher':
      return 'This code cannot be used together with a voucher';
    case 'not_now':
      return p.next_start ? `This code is not on right now. It is on again ${whenAgain(p.next_start, f.locale, f.timeZone)}` : 'This code is not on right now';
    case 'missing_items':
      return p.needs ? `This code needs ${p.needs} in your order` : 'This code needs other items in your order';
    case 'too_many_tries':
      return 'Too many tries. Try again in a few minutes.';
  }
}
