import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { E164, PHONE_MESSAGE, normalizePhone, tryNormalizePhone } from '../../server/provider/auth/phone';
import { AppError } from '../../server/provider/http/errors';

describe('normalizePhone', () => {
  it.each([
    ['0917 123 4567', '+639171234567'],
    ['0917-123-4567', '+639171234567'],
    ['(0917) 123.4567', '+639171234567'],
    ['9171234567', '+639171234567'],
    ['+63 917 123 4567', '+639171234567'],
    ['+639171234567', '+639171234567'],
    ['0063 917 123 4567', '+639171234567'],
    ['639171234567', '+639171234567'],
    ['  +1 (415) 555-0100 ', '+14155550100'],
    ['00 44 20 7946 0958', '+442079460958'],
  ])('reads %j as %s with country code 63', (input, expected) => {
    expect(normalizePhone(input, '63')).toBe(expected);
  });

  it('uses the default country code it is given', () => {
    expect(normalizePhone('0812 3456 7890', '62')).toBe('+6281234567890');
    expect(normalizePhone('0812 3456 7890', '+62')).toBe('+6281234567890');
  });

  it.each([
    ['abc'],
    ['0917 123 456a'],
    ['+63 917+123'],
    ['++639171234567'],
    ['+0 917 123 4567'],
    ['123'],
    ['+1234567'],
    ['+1234567890123456'],
    ['000917123456'],
    ['0917_123_4567'],
    ['0917/123/4567'],
    [''],
    ['   '],
    ['+'],
  ])('refuses %j', (input) => {
    expect(tryNormalizePhone(input, '63')).toBeNull();
    try {
      normalizePhone(input, '63');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).code).toBe('VALIDATION');
      expect((err as AppError).fields).toEqual({ phone: PHONE_MESSAGE });
    }
  });

  it('names the field it was given', () => {
    expect(() => normalizePhone('nope', '63', 'recipient_phone')).toThrowError(
      expect.objectContaining({ fields: { recipient_phone: PHONE_MESSAGE } }) as unknown as Error,
    );
  });

  it('answers E.164 or null for any input, and is idempotent on its own output', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const out = tryNormalizePhone(s, '63');
        if (out === null) return;
        expect(out).toMatch(E164);
        expect(tryNormalizePhone(out, '63')).toBe(out);
      }),
    );
  });

  it('keeps every digit of a formatted international number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{7,14}$/), fc.constantFrom(' ', '-', '.', ''), (digits, sep) => {
        const formatted = `+${digits.slice(0, 2)}${sep}${digits.slice(2, 5)}${sep}${digits.slice(5)}`;
        expect(tryNormalizePhone(formatted, '63')).toBe(`+${digits}`);
      }),
    );
  });
});
