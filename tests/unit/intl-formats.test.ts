import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from '#contract/intl';
import { formatMoney, moneyDigits } from '#contract/money';

describe('Intl formatters kept per locale and options (src/contract/intl.ts)', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    expect(numberFormat('en-PH', { signDisplay: 'exceptZero' })).toBe(numberFormat('en-PH', { signDisplay: 'exceptZero' }));
    expect(numberFormat('en-PH', { signDisplay: 'exceptZero' })).not.toBe(numberFormat('en-PH', { signDisplay: 'auto' }));
    expect(numberFormat('en-PH')).not.toBe(numberFormat('id'));
    expect(dateTimeFormat('en', { timeZone: 'Asia/Manila' })).toBe(dateTimeFormat('en', { timeZone: 'Asia/Manila' }));
    expect(dateTimeFormat('en', { timeZone: 'Asia/Manila' })).not.toBe(dateTimeFormat('en', { timeZone: 'Asia/Jakarta' }));
    expect(relativeTimeFormat('fil', { numeric: 'auto' })).toBe(relativeTimeFormat('fil', { numeric: 'auto' }));
  });

  it('formats as Intl does', () => {
    expect(numberFormat('en-PH', { signDisplay: 'exceptZero' }).format(1200)).toBe('+1,200');
    expect(dateTimeFormat('en-US', { timeZone: 'Asia/Manila', hour: 'numeric', minute: '2-digit' }).format(Date.UTC(2026, 0, 1, 1, 5))).toBe('9:05 AM');
    expect(formatMoney(123450, 'PHP', 'en-PH')).toBe('₱1,234.50');
    expect(formatMoney(123450, 'IDR', 'id-ID')).toBe(new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR' }).format(123450));
    expect([moneyDigits('PHP', 'en-PH'), moneyDigits('IDR', 'id-ID'), moneyDigits('BHD', 'en')]).toEqual([2, 0, 3]);
  });

  it('keeps no formatter for a time zone Intl refuses: each call is refused', () => {
    expect(() => dateTimeFormat('en', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
