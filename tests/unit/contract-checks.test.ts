import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { addressFields, birthdayBody, email, phoneInput } from '#contract';
import { checkAddress } from '#contract/address-checks';
import {
  ADDRESS_RULES,
  IS_REQUIRED,
  NOT_TEXT,
  NOT_TRUE_OR_FALSE,
  PHONE_RULE,
  birthdayText,
  checkRange,
  dayNotInMonth,
  daysToBirthday,
  checkText,
  isEmailAddress,
  isShopLink,
} from '#contract/checks';
import { shopSettingsFields } from '#contract/shop-settings';
import { validateAddress } from '../../src/screens/addresses/address-form';

/**
 * The app checks forms with src/contract/checks.ts (no zod); the provider validates with the zod schemas
 * built from the same rules. These hold the two to one answer on good and bad input.
 */

/** The zod schema's verdict: null when it passes, else its first message. */
function zodMessage(schema: z.ZodType, value: unknown): { message: string | null; typeIssue: boolean } {
  const r = schema.safeParse(value);
  if (r.success) return { message: null, typeIssue: false };
  const issue = r.error.issues[0]!;
  return { message: issue.message, typeIssue: issue.code === 'invalid_type' };
}

const EMAILS: [string, boolean][] = [
  ['name@example.com', true],
  ['  Name.Surname@Example.COM  ', true],
  ["o'brien+tag@mail.example.ph", true],
  ['a_b-c@sub-domain.example.co', true],
  ['x@y.io', true],
  ['', false],
  ['   ', false],
  ['name', false],
  ['name@', false],
  ['@example.com', false],
  ['name@example', false],
  ['name@example.c', false],
  ['name@@example.com', false],
  ['name @example.com', false],
  ['name@exa mple.com', false],
  ['.name@example.com', false],
  ['name.@example.com', false],
  ['na..me@example.com', false],
  ['name@-example.com', false],
  ['name@example..com', false],
  ['name@example.com.', false],
  ['name@123.45', false],
  ['name@例え.jp', false],
  ['"quoted"@example.com', false],
  [`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`, true], // 254 characters
  [`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`, false], // 255
];

describe('isEmailAddress', () => {
  it('has the 254/255-character rows of the right lengths', () => {
    expect(EMAILS.at(-2)![0]).toHaveLength(254);
    expect(EMAILS.at(-1)![0]).toHaveLength(255);
  });

  it.each(EMAILS)('%j → %s, as the server’s `email` schema says', (text, ok) => {
    expect(isEmailAddress(text)).toBe(ok);
    expect(email.safeParse(text).success).toBe(ok);
  });

  it('agrees with the server’s schema on any text and any RFC address', () => {
    const text = fc.oneof(
      fc.string(),
      fc.emailAddress(),
      fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
    );
    fc.assert(fc.property(text, (t) => isEmailAddress(t) === email.safeParse(t).success));
  });
});

/** Values for each field: the first few pass, the rest fail (the table says which). */
const TEXT_ROWS: Record<'label' | 'recipient' | 'phone' | 'line1' | 'city' | 'postal_code' | 'note', unknown[]> = {
  label: ['Home', '  Work  ', 'x', 'a'.repeat(40), ` ${'a'.repeat(40)} `, '', '   ', 'a'.repeat(41), 12, null, undefined],
  recipient: ['Lola Reyes', 'a'.repeat(80), '', ' ', 'a'.repeat(81), false, undefined],
  phone: ['0917 123 4567', '+639171234567', '123456', ' 123456 ', '1'.repeat(32), '12345', '  12345  ', '', '1'.repeat(33), 9171234567, undefined],
  line1: ['12 Rizal St', 'abc', ' abc ', 'a'.repeat(200), 'ab', '  ab  ', '', 'a'.repeat(201), undefined],
  city: ['Makati', 'a'.repeat(80), '', '\t', 'a'.repeat(81), undefined],
  postal_code: ['1226', 'SW1A 1AA', ' 1226 ', 'K1A-0B1', 'abc', '1234567890', '12', '12345678901', '12#4', 'ÄÖÜ12', '', undefined, 1226],
  note: ['Gate code 1234', '', '   ', 'a'.repeat(200), ` ${'a'.repeat(200)} `, 'a'.repeat(201), null, 7],
};
const RANGE_ROWS: Record<'lat' | 'lng', unknown[]> = {
  lat: [0, 14.5547, -90, 90, -90.0001, 90.5, 1e9, Number.NaN, Number.POSITIVE_INFINITY, '14.5', null, undefined],
  lng: [0, 121.0244, -180, 180, -180.5, 180.0001, Number.NEGATIVE_INFINITY, Number.NaN, '121', true, undefined],
};

describe('the address rules and addressFields agree', () => {
  for (const [field, values] of Object.entries(TEXT_ROWS) as [keyof typeof TEXT_ROWS, unknown[]][]) {
    const rule = ADDRESS_RULES[field];
    const schema = field === 'note' ? addressFields.shape.note.unwrap() : addressFields.shape[field];
    it.each(values.map((v) => [v]))(`${field}: %j`, (value) => {
      const ours = checkText(value, rule);
      const theirs = zodMessage(schema, value);
      expect(ours === null).toBe(theirs.message === null);
      if (theirs.typeIssue) {
        // zod words a wrong type its own way ("Invalid input: expected string…"); the provider answers a
        // missing field with "is required" (server/provider/http/validate.ts), and so do the checks.
        expect(ours).toBe(value === undefined ? IS_REQUIRED : NOT_TEXT);
      } else {
        expect(ours).toBe(theirs.message);
      }
    });
  }

  for (const [field, values] of Object.entries(RANGE_ROWS) as [keyof typeof RANGE_ROWS, unknown[]][]) {
    it.each(values.map((v) => [v]))(`${field}: %j`, (value) => {
      expect(checkRange(value, ADDRESS_RULES[field])).toBe(zodMessage(addressFields.shape[field], value).message);
    });
  }

  it('the phone rule is the one `phoneInput` (every call taking a phone) is built from', () => {
    expect(PHONE_RULE).toBe(ADDRESS_RULES.phone);
    for (const v of TEXT_ROWS.phone.filter((x) => typeof x === 'string')) {
      expect(checkText(v, PHONE_RULE)).toBe(zodMessage(phoneInput, v).message);
    }
  });

  const good = {
    label: ' Home ',
    recipient: 'Lola Reyes',
    phone: ' 0917 123 4567 ',
    line1: '12 Rizal St',
    city: 'Makati',
    postal_code: '1226 ',
    lat: 14.55,
    lng: 121.02,
  };
  const addresses: Record<string, unknown>[] = [
    good,
    { ...good, note: '  Blue gate  ', is_default: true },
    { ...good, note: undefined, is_default: false },
    { ...good, note: '' },
    {},
    { ...good, label: '', lat: undefined, lng: undefined },
    { ...good, phone: '123', postal_code: '#', lat: 91, lng: -181, note: 'a'.repeat(201) },
    { ...good, is_default: 'yes' },
    { ...good, recipient: 'a'.repeat(81), city: ' ', line1: 'ab' },
  ];

  it.each(addresses.map((a) => [a]))('a whole address: %j', (values) => {
    const ours = checkAddress(values);
    const theirs = addressFields.safeParse(values);
    expect(ours.ok).toBe(theirs.success);
    if (ours.ok && theirs.success) {
      expect(ours.data).toEqual(theirs.data);
      return;
    }
    if (ours.ok || theirs.success) return;
    const expected: Record<string, string> = {};
    for (const issue of theirs.error.issues) {
      const key = String(issue.path[0]);
      if (key in expected) continue;
      const value = values[key];
      if (issue.code === 'invalid_type' && key !== 'lat' && key !== 'lng') {
        expected[key] = value === undefined ? IS_REQUIRED : key === 'is_default' ? NOT_TRUE_OR_FALSE : NOT_TEXT;
      } else {
        expected[key] = issue.message;
      }
    }
    expect(ours.errors).toEqual(expected);
  });
});

describe('the address form’s validation (no zod)', () => {
  it('passes trimmed values on', () => {
    const r = validateAddress({
      label: ' Home ',
      recipient: 'Lola',
      phone: '0917 123 4567',
      line1: '12 Rizal St',
      city: 'Makati',
      postal_code: ' 1226',
      lat: 1,
      lng: 2,
      note: undefined,
      is_default: true,
    });
    expect(r).toEqual({
      ok: true,
      data: {
        label: 'Home',
        recipient: 'Lola',
        phone: '0917 123 4567',
        line1: '12 Rizal St',
        city: 'Makati',
        postal_code: '1226',
        lat: 1,
        lng: 2,
        is_default: true,
      },
    });
  });

  it('says what to do, field by field, in the friendly words', () => {
    const r = validateAddress({ label: '', recipient: ' ', phone: '123', line1: 'ab', city: '', postal_code: '12', note: 'a'.repeat(201), is_default: false });
    expect(r).toEqual({
      ok: false,
      errors: {
        label: 'Give this address a name, like Home or Work.',
        recipient: 'Enter who will receive the order.',
        phone: 'Enter a phone number the rider can call.',
        line1: 'Enter the street, building and unit.',
        city: 'Enter the city.',
        postal_code: 'Enter a postal code of 3 to 10 letters or digits, like 1226.',
        lat: 'Set the location on the map so the rider can find you.',
        lng: 'Set the location on the map so the rider can find you.',
        note: 'Note for the rider must be at most 200 characters.',
      },
    });
  });

  it('words a long label with the schema’s limit', () => {
    const r = validateAddress({
      label: 'a'.repeat(41),
      recipient: 'Lola',
      phone: '0917 123 4567',
      line1: '12 Rizal St',
      city: 'Makati',
      postal_code: '1226',
      lat: 100,
      lng: 0,
    });
    expect(r).toEqual({ ok: false, errors: { label: 'Label must be at most 40 characters.', lat: 'Location must be between -90 and 90.' } });
  });
});

describe('the birth date: dayNotInMonth and birthdayBody agree', () => {
  const ROWS: [number, number, number | null][] = [
    [14, 3, null],
    [14, 3, 1990],
    [29, 2, null],
    [29, 2, 2000],
    [29, 2, 1900],
    [29, 2, 2023],
    [28, 2, 2023],
    [31, 4, null],
    [30, 4, null],
    [31, 6, 1999],
    [30, 2, null],
    [31, 12, null],
    [31, 1, 2024],
    [31, 11, 1985],
  ];
  it.each(ROWS)('%i/%i/%s', (day, month, year) => {
    const parsed = birthdayBody.safeParse({ day, month, year });
    expect(dayNotInMonth(day, month, year)).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
  });
  it('words a day the month lacks plainly', () => {
    expect(dayNotInMonth(29, 2, 2023)).toBe('must be at most 28: February 2023 had 28 days');
    expect(dayNotInMonth(31, 4)).toBe('must be at most 30: April has 30 days');
    expect(birthdayText({ day: 14, month: 3, year: null })).toBe('14 March');
  });
});

describe("the shop's links (privacy notice, terms): isShopLink and the settings schema agree", () => {
  const ROWS: [string, boolean][] = [
    ['https://kopi.example/privacy', true],
    ['https://kopi.example', true],
    ['HTTPS://Kopi.Example/Terms?v=2#top', true],
    ['https://localhost:8443/terms', true],
    [`https://kopi.example/${'p'.repeat(279)}`, true], // 300 characters
    [`https://kopi.example/${'p'.repeat(280)}`, false], // 301
    ['http://kopi.example/privacy', false],
    ['http://localhost/privacy', false],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)//https://kopi.example', false],
    ['data:text/html,<b>terms</b>', false],
    ['//kopi.example/terms', false],
    ['kopi.example/terms', false],
    ['https://', false],
    ['https:///terms', false],
    ['https://user:secret@kopi.example/', false],
    ['https://kopi.example/a b', false],
    ['https://kopi.example/"onmouseover=', false],
    ['https:\\\\kopi.example', false],
  ];
  it.each(ROWS)('%s: %s', (url, good) => {
    expect(isShopLink(url)).toBe(good);
    expect(shopSettingsFields.shape.privacy_url.safeParse(url).success).toBe(good);
  });
  it('takes an empty link as none, and trims one', () => {
    expect(shopSettingsFields.shape.terms_url.parse('')).toBe('');
    expect(shopSettingsFields.shape.terms_url.parse('  https://kopi.example/terms ')).toBe('https://kopi.example/terms');
  });
});

describe('days to the next birthday (the 30 days before it, issue 46)', () => {
  it('counts from the shop day, to this year or next, and 29 February in a common year to 1 March', () => {
    expect(daysToBirthday(2, 12, '2026-12-02')).toBe(0);
    expect(daysToBirthday(20, 12, '2026-12-02')).toBe(18);
    expect(daysToBirthday(1, 1, '2026-12-02')).toBe(30);
    expect(daysToBirthday(1, 12, '2026-12-02')).toBe(364);
    expect(daysToBirthday(29, 2, '2027-02-20')).toBe(9);
  });
});
