import { describe, expect, it } from 'vitest';
import { PROMO_CODE_REASONS } from '#contract/offer-rules';
import { promoProblemWords, type PromoWordsFormat } from '../../../src/screens/orders/promo-words';

const manila: PromoWordsFormat = { currency: 'PHP', locale: 'en-PH', timeZone: 'Asia/Manila', fulfilment: 'delivery' };

describe("a refused promo code, in the customer's words", () => {
  it('says each reason the provider gives plainly', () => {
    const words = (reason: (typeof PROMO_CODE_REASONS)[number]) => promoProblemWords({ reason, code: 'KOPI10' }, manila);
    expect(words('unknown')).toBe("We don't know this code. Check the spelling.");
    expect(words('expired')).toBe('This code has expired');
    expect(words('not_for_you')).toBe('This code is not available on your account');
    expect(words('used_up')).toBe('This code has been used up');
    expect(words('paused')).toBe('This code is paused');
    expect(words('not_with_voucher')).toBe('This code cannot be used together with a voucher');
    expect(words('missing_items')).toBe('This code needs other items in your order');
    expect(words('not_now')).toBe('This code is not on right now');
    // every reason has words of its own
    expect(new Set(PROMO_CODE_REASONS.map(words)).size).toBe(PROMO_CODE_REASONS.length);
  });

  it('says when the customer used a code as often as each customer may, not that it is not theirs', () => {
    expect(promoProblemWords({ reason: 'not_for_you', code: 'KOPI10', per_customer_limit: 1 }, manila)).toBe('You have already used this code');
    expect(promoProblemWords({ reason: 'not_for_you', code: 'KOPI10', per_customer_limit: 2 }, manila)).toBe(
      'You have used this code 2 times, as often as each customer may',
    );
  });

  it('names the day a code starts in the shop’s time zone and the locale’s order', () => {
    // Friday 4 Dec, 16:00 UTC is Saturday 5 Dec, midnight in Manila
    const notYet = { reason: 'not_yet' as const, code: 'NOEL25', starts_at: '2026-12-04T16:00:00Z' };
    expect(promoProblemWords(notYet, manila)).toBe('This code starts on Sat, Dec 5');
    expect(promoProblemWords(notYet, { ...manila, locale: 'en-GB' })).toBe('This code starts on Sat 5 Dec');
    expect(promoProblemWords(notYet, { ...manila, timeZone: 'UTC' })).toBe('This code starts on Fri, Dec 4');
    expect(promoProblemWords({ reason: 'not_yet', code: 'NOEL25' }, manila)).toBe('This code has not started yet');
  });

  it('says how much more to spend, in the shop’s currency', () => {
    expect(promoProblemWords({ reason: 'below_minimum', code: 'KOPI10', min_spend: 30000, missing: 12000 }, manila)).toBe(
      'Spend ₱120.00 more to use this code',
    );
    expect(promoProblemWords({ reason: 'below_minimum', code: 'KOPI10', min_spend: 30000 }, manila)).toBe('This code needs an order of ₱300.00 or more');
    expect(promoProblemWords({ reason: 'below_minimum', code: 'IDR', missing: 15000 }, { ...manila, currency: 'IDR', locale: 'id-ID' })).toMatch(
      /^Spend Rp\s?15\.000 more to use this code$/,
    );
  });

  it('names the way of ordering a code is not for, and too many tries', () => {
    expect(promoProblemWords({ reason: 'not_here', code: 'PICKUP15' }, manila)).toBe('This code is not valid at this location or for delivery');
    expect(promoProblemWords({ reason: 'not_here', code: 'DELI' }, { ...manila, fulfilment: 'pickup' })).toBe(
      'This code is not valid at this location or for pickup',
    );
    expect(promoProblemWords({ reason: 'too_many_tries', code: 'KOPI11' }, manila)).toBe('Too many tries. Try again in a few minutes.');
  });
});
