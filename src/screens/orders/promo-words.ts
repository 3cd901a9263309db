/**
 * Why a promo code does not apply, in the customer's words (issue 50): the reason the provider gives
 * (400 PROMO_CODE_INVALID's `data`, offer-rules.ts), or too many wrong tries (429 RATE_LIMITED on a quote
 * with a code). Dates in the shop's time zone, money in its currency.
 */
import { plural, t } from '@lingui/core/macro';
import { formatMoney } from '#contract/money';
import type { PromoCodeRefusal } from '#contract/offer-rules';
import type { Fulfilment } from '#contract';
import { dateTimeFormat } from '#contract/intl';

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
  dateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(new Date(iso));

/** "Sat, Dec 5, 2:00 PM": when a code is on again. */
const whenAgain = (iso: string, locale: string, timeZone = 'UTC') =>
  dateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/** "not valid … for pickup": one whole sentence for each way an order is taken. */
function notHereWords(fulfilment: Fulfilment): string {
  if (fulfilment === 'pickup') return t`This code is not valid at this location or for pickup`;
  if (fulfilment === 'delivery') return t`This code is not valid at this location or for delivery`;
  return t`This code is not valid at this location or for dine-in`;
}

/** The sentence under the code field for a refused code (the core macros: the component showing it calls useLingui). */
export function promoProblemWords(p: PromoProblem, f: PromoWordsFormat): string {
  const money = (minor: number) => formatMoney(minor, f.currency, f.locale);
  switch (p.reason) {
    case 'unknown':
      return t`We don't know this code. Check the spelling.`;
    case 'not_yet': {
      const day = p.starts_at ? startDay(p.starts_at, f.locale, f.timeZone) : null;
      return day ? t`This code starts on ${day}` : t`This code has not started yet`;
    }
    case 'expired':
      return t`This code has expired`;
    case 'below_minimum': {
      const missing = p.missing !== undefined && p.missing > 0 ? money(p.missing) : null;
      if (missing) return t`Spend ${missing} more to use this code`;
      const minimum = p.min_spend ? money(p.min_spend) : null;
      return minimum ? t`This code needs an order of ${minimum} or more` : t`Add more to your order to use this code`;
    }
    case 'not_for_you': {
      // the customer's own limit reached: said so, rather than as if the code were never theirs
      const limit = p.per_customer_limit;
      if (limit === 1) return t`You have already used this code`;
      if (limit !== undefined && limit > 1)
        return plural(limit, {
          one: 'You have used this code # time, as often as each customer may',
          other: 'You have used this code # times, as often as each customer may',
        });
      return t`This code is not available on your account`;
    }
    case 'used_up':
      return t`This code has been used up`;
    case 'not_here':
      return notHereWords(f.fulfilment);
    case 'paused':
      return t`This code is paused`;
    case 'not_with_voucher':
      return t`This code cannot be used together with a voucher`;
    case 'not_now': {
      const again = p.next_start ? whenAgain(p.next_start, f.locale, f.timeZone) : null;
      return again ? t`This code is not on right now. It is on again ${again}` : t`This code is not on right now`;
    }
    case 'missing_items': {
      const needs = p.needs;
      return needs ? t`This code needs ${needs} in your order` : t`This code needs other items in your order`;
    }
    case 'too_many_tries':
      return t`Too many tries. Try again in a few minutes.`;
  }
}
