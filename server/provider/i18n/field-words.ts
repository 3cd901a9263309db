/**
 * A field's problem (`error.fields`) in the language the app speaks (docs/languages.md, "The API's errors").
 * The provider words a field's problem in English as a fragment that follows the field's label ("is required",
 * "must be at most 80 characters"), which the app glues to the label (src/ui/field-message). In another
 * language a known fragment becomes a whole sentence that needs no label ("Kailangan ito."), which the app
 * shows as it is; a fragment not in this table stays English. English is never reworded here.
 * Translated with the provider's other messages (messages.ts, errors.ts) in server/locales.
 */
import type { MessageDescriptor } from '@lingui/core';
import { SOURCE_LANGUAGE, type Language } from '#contract/languages';
import { sayIn } from './translate';

/** A fragment the provider sends, its values in named groups, and its words as a whole sentence. */
export interface FieldWord {
  readonly fragment: RegExp;
  readonly words: MessageDescriptor;
}

// words a few fragments share
const atLeast = /*i18n*/ { id: 'field.at-least', message: 'Enter {min, number} or more.' };
const atMost = /*i18n*/ { id: 'field.at-most', message: 'Enter {max, number} or less.' };
const pickupTime = /*i18n*/ { id: 'field.pickup-time', message: 'Choose a pickup time from the list.' };

/** The fragments a customer's forms can meet: signing in, the profile, addresses, checkout, a gift card, feedback. */
export const fieldWords: readonly FieldWord[] = [
  // any form
  { fragment: /^is required$/, words: /*i18n*/ { id: 'field.required', message: 'This is required.' } },
  {
    fragment: /^must be at most (?<max>[\d,]+) characters$/,
    words: /*i18n*/ { id: 'field.too-long.characters', message: 'Use {max, plural, one {# character} other {# characters}} or fewer.' },
  },
  { fragment: /^is too long$/, words: /*i18n*/ { id: 'field.too-long', message: 'This is too long.' } },
  { fragment: /^must be a number$/, words: /*i18n*/ { id: 'field.number', message: 'Enter a number.' } },
  { fragment: /^must be a whole number$/, words: /*i18n*/ { id: 'field.whole-number', message: 'Enter a whole number.' } },
  { fragment: /^must be at least (?<min>[\d,]+)$/, words: atLeast },
  { fragment: /^must be (?<min>[\d,]+) or more$/, words: atLeast },
  { fragment: /^must be at most (?<max>[\d,]+)$/, words: atMost },
  { fragment: /^must be (?<max>[\d,]+) or less$/, words: atMost },
  {
    fragment: /^must be between (?<min>-?[\d,]+) and (?<max>-?[\d,]+)$/,
    words: /*i18n*/ { id: 'field.between', message: 'Enter a number from {min, number} to {max, number}.' },
  },
  {
    fragment: /^must be a whole number from (?<min>\d+) to (?<max>\d+)$/,
    words: /*i18n*/ { id: 'field.whole-number-from-to', message: 'Choose a whole number from {min} to {max}.' },
  },

  // signing in, the profile's e-mail address, a gift card's recipient, an address's phone
  { fragment: /^must be a phone number$/, words: /*i18n*/ { id: 'field.phone', message: 'Enter a phone number.' } },
  {
    fragment: /^must be a phone number such as (?<example>\+[\d ]+)$/,
    words: /*i18n*/ { id: 'field.phone.example', message: 'Enter a phone number, such as {example}.' },
  },
  { fragment: /^must be (?<digits>\d+) digits$/, words: /*i18n*/ { id: 'field.code.digits', message: 'Enter the {digits}-digit code.' } },
  { fragment: /^is not the code we sent$/, words: /*i18n*/ { id: 'field.code.wrong', message: 'This is not the code we sent.' } },
  { fragment: /^must be an e-mail address$/, words: /*i18n*/ { id: 'field.email', message: 'Enter an e-mail address.' } },

  // the birthday
  { fragment: /^must be a day of the month, 1 to 31$/, words: /*i18n*/ { id: 'field.birthday.day', message: 'Choose a day from 1 to 31.' } },
  { fragment: /^must be a month, 1 to 12$/, words: /*i18n*/ { id: 'field.birthday.month', message: 'Choose a month from 1 to 12.' } },
  {
    fragment: /^must be a year such as 1990, or left out$/,
    words: /*i18n*/ { id: 'field.birthday.year', message: 'Enter a year such as 1990, or leave it out.' },
  },
  { fragment: /^must be (?<year>\d{4}) or later$/, words: /*i18n*/ { id: 'field.year.or-later', message: 'Enter {year} or a later year.' } },
  { fragment: /^must be (?<year>\d{4}) or earlier$/, words: /*i18n*/ { id: 'field.year.or-earlier', message: 'Enter {year} or an earlier year.' } },
  { fragment: /^must not be in the future$/, words: /*i18n*/ { id: 'field.not-future', message: 'This cannot be in the future.' } },
  { fragment: /^must not make a date still to come$/, words: /*i18n*/ { id: 'field.birthday.to-come', message: 'This date has not come yet.' } },
  {
    fragment: /^must be at most (?<most>\d+): (?<month>[A-Z][a-z]+) has \d+ days$/,
    words: /*i18n*/ { id: 'field.birthday.month-days', message: '{month} has only {most} days.' },
  },
  {
    fragment: /^must be at most (?<most>\d+): (?<month>[A-Z][a-z]+) (?<year>\d{4}) had \d+ days$/,
    words: /*i18n*/ { id: 'field.birthday.february-days', message: '{month} {year} had only {most} days.' },
  },

  // an address
  { fragment: /^must be a postal code$/, words: /*i18n*/ { id: 'field.postal-code', message: 'Enter a postal code.' } },

  // checkout
  { fragment: /^add at least one item$/, words: /*i18n*/ { id: 'field.items.none', message: 'Add at least one item.' } },
  { fragment: /^must be a pickup time from the list$/, words: pickupTime },
  { fragment: /^is not one of the pickup times: choose one from the list$/, words: pickupTime },
  { fragment: /^does not take pickup orders$/, words: /*i18n*/ { id: 'field.location.no-pickup', message: 'This place does not take pickup orders.' } },
  {
    fragment: /^this shop does not take orders at the table$/,
    words: /*i18n*/ { id: 'field.no-table-orders', message: 'This shop does not take orders at the table.' },
  },
  { fragment: /^must be one of the tip choices shown$/, words: /*i18n*/ { id: 'field.tip.choices', message: 'Choose one of the tips shown.' } },
  {
    fragment: /^cannot be given: this shop does not take tips$/,
    words: /*i18n*/ { id: 'field.tip.off', message: 'This shop does not take tips.' },
  },

  // a gift card
  { fragment: /^is not offered$/, words: /*i18n*/ { id: 'field.not-offered', message: 'This is not offered.' } },
  {
    fragment: /^give a phone number or an e-mail address \(one of them\)$/,
    words: /*i18n*/ { id: 'field.phone-or-email', message: 'Give a phone number or an e-mail address (one of them).' },
  },
  {
    fragment: /^must be a (?:real )?date and time such as (?<example>[\dT:-]+)$/,
    words: /*i18n*/ { id: 'field.date-time', message: 'Enter a date and time such as {example}.' },
  },
  { fragment: /^must not be in the past$/, words: /*i18n*/ { id: 'field.not-past', message: 'Choose a time from now on.' } },
  {
    fragment: /^must be within (?<days>\d+) days$/,
    words: /*i18n*/ { id: 'field.within-days', message: 'Choose a time within {days, plural, one {# day} other {# days}}.' },
  },
];

/** "April" for 4, in `language`. */
const monthIn = (language: Language, month: number) =>
  new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
const ENGLISH_MONTHS = Array.from({ length: 12 }, (_, i) => monthIn(SOURCE_LANGUAGE, i + 1));

/** A fragment's values: numbers as numbers (1,000 too), an English month's name in `language`, any other as it is. */
function valuesOf(groups: Record<string, string | undefined>, language: Language): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(groups).map(([name, value = '']) => {
      if (name === 'month' && ENGLISH_MONTHS.includes(value)) return [name, monthIn(language, ENGLISH_MONTHS.indexOf(value) + 1)];
      return [name, /^-?\d[\d,]*$/.test(value) ? Number(value.replace(/,/g, '')) : value];
    }),
  );
}

/** One field's problem in `language`: a whole sentence when the table knows the fragment, else the fragment as it is. */
export function fieldIn(language: Language, fragment: string): string {
  if (language === SOURCE_LANGUAGE) return fragment;
  for (const { fragment: pattern, words } of fieldWords) {
    const match = pattern.exec(fragment);
    if (match) return sayIn(language)(words, valuesOf(match.groups ?? {}, language));
  }
  return fragment;
}

/** Every field's problem of a refusal in `language` (English: the fields as they are). */
export function fieldsIn(language: Language, fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields || language === SOURCE_LANGUAGE) return fields;
  return Object.fromEntries(Object.entries(fields).map(([name, fragment]) => [name, fieldIn(language, fragment)]));
}
