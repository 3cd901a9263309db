import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { E164, normalizePhoneNumber as tryNormalizePhone, phoneSearchDigits } from '#contract/phone';
import { PHONE_MESSAGE, normalizePhone } from '../../server/provider/auth/phone';
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
    // issue #25: a number pasted or auto-filled with its country code next to the "+63" select
    ['+639175550123', '+639175550123'],
    ['639175550123', '+639175550123'],
    ['63 917 555 0123', '+639175550123'],
    ['+63 (0) 917 555 0123', '+639175550123'],
    ['+63 0917-555-0123', '+639175550123'],
    ['630917 555 0123', '+639175550123'],
    ['\u00a0+63\u00a0917\u00a0555\u00a00123\t', '+639175550123'],
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
        // `+63 0…`: the default country's trunk 0 written after its code is dropped on purpose (the cases above)
        fc.pre(!digits.startsWith('630'));
        const formatted = `+${digits.slice(0, 2)}${sep}${digits.slice(2, 5)}${sep}${digits.slice(5)}`;
        expect(tryNormalizePhone(formatted, '63')).toBe(`+${digits}`);
      }),
    );
  });
});

describe('one number however it is written (issue #25)', () => {
  const forms = (national: string) => [
    `0${national}`,
    national,
    `+63${national}`,
    `63${national}`,
    `0063${national}`,
    `+630${national}`,
    `+63 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
    `0${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`,
    `(0${national.slice(0, 3)}) ${national.slice(3)}`,
  ];

  it('reads every form of a Philippine mobile number as the same E.164 number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^9\d{9}$/), (national) => {
        for (const form of forms(national)) expect(tryNormalizePhone(form, '63'), form).toBe(`+63${national}`);
      }),
    );
  });

  it('keeps the 0 after Italy’s code, where it is part of the number', () => {
    expect(tryNormalizePhone('+39 06 1234 5678', '39')).toBe('+390612345678');
    expect(tryNormalizePhone('+39 06 1234 5678', '63')).toBe('+390612345678');
  });

  it('leaves another country’s number alone', () => {
    expect(tryNormalizePhone('+65 9123 4567', '63')).toBe('+6591234567');
  });
});

describe('phoneSearchDigits', () => {
  it('looks for the whole number however it was written', () => {
    for (const q of ['+639175550123', '639175550123', '0917 555 0123', '0063 917 555 0123', '+63 0917 555 0123']) {
      expect(phoneSearchDigits(q, '63'), q).toContain('639175550123');
    }
  });
  it('looks for part of a number as typed, without a trunk 0', () => {
    expect(phoneSearchDigits('555-0123', '63')).toContain('5550123');
    expect(phoneSearchDigits('0917', '63')).toEqual(['917']);
  });
  it('asks for at least 3 digits', () => {
    expect(phoneSearchDigits('09', '63')).toEqual([]);
    expect(phoneSearchDigits('Ana', '63')).toEqual([]);
  });
});
