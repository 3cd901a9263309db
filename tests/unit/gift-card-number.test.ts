import { describe, expect, it } from 'vitest';
import {
  GIFT_CARD_ALPHABET,
  formatGiftCardNumber,
  giftCardCheckChar,
  giftCardNumberChecks,
  giftCardNumberProblem,
  normalizeGiftCardNumber,
} from '#contract/gift-card-rules';
import { newCardNumber } from '../../server/provider/gift-cards/gift-cards.service';

/** A gift card's number (issue 49): read back however it is typed, and a typo caught by its check character. */
describe('a gift card number', () => {
  const numbers = Array.from({ length: 200 }, () => newCardNumber());

  it('is 16 characters of the alphabet from the CSPRNG and its check character, none twice in 200', () => {
    for (const n of numbers) {
      expect(n).toMatch(/^[0-9A-HJKMNP-TV-Z]{17}$/);
      expect(giftCardNumberChecks(n)).toBe(true);
    }
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('is read back in any case, with spaces or dashes, I and L as 1, O as 0', () => {
    const n = '0123456789ABCDEF' + giftCardCheckChar('0123456789ABCDEF');
    expect(formatGiftCardNumber(n)).toBe(`0123-4567-89AB-CDEF-${n[16]}`);
    expect(normalizeGiftCardNumber(`o123 4567-89ab cdef ${n[16]!.toLowerCase()}`)).toBe(n);
    expect(normalizeGiftCardNumber('O1I3L')).toBeNull();
    expect(normalizeGiftCardNumber(`${n}U`)).toBeNull();
    expect(giftCardNumberProblem(formatGiftCardNumber(n))).toBeNull();
    expect(giftCardNumberProblem('ABC')).toMatch(/letters and digits/);
  });

  it('catches every single wrong character and every swap of two neighbours but 0 and Z (Luhn mod 32 cannot)', () => {
    for (const n of numbers.slice(0, 20)) {
      for (let i = 0; i < n.length; i++) {
        for (const c of GIFT_CARD_ALPHABET) {
          if (c === n[i]) continue;
          expect(giftCardNumberChecks(n.slice(0, i) + c + n.slice(i + 1)), `${n} with ${c} at ${i}`).toBe(false);
        }
        const pair = `${n[i]}${n[i + 1]}`;
        if (i + 1 < n.length && n[i] !== n[i + 1] && pair !== '0Z' && pair !== 'Z0') {
          const swapped = n.slice(0, i) + n[i + 1] + n[i] + n.slice(i + 2);
          expect(giftCardNumberProblem(swapped), `${n} swapped at ${i}`).toMatch(/typo/);
        }
      }
    }
  });
});
