/**
 * Phone numbers: the one reading of what a person types, pastes or has filled in by the browser, for the
 * customer app's phone field, the console's customer search and the provider alike. Part of the contract
 * (src/contract): free of React, of the browser and of Express.
 */

/** E.164: a plus, then 8 to 15 digits, the first not 0. */
export const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * Countries whose numbers keep their leading 0 after the country code (Italy's landlines: +39 06…). For
 * every other country a 0 written after the code is the national trunk prefix: "+63 (0) 917…".
 */
const KEEPS_TRUNK_ZERO = new Set(['39']);

/**
 * What a person typed, as E.164, or null when it cannot be a phone number. `defaultCountryCode` is the
 * merchant's (or the one picked beside the field), digits only or with its `+`.
 *
 * Spaces, dashes, dots and parentheses are ignored. `+` or `00` starts an international number; a
 * leading national `0` (trunk prefix) is replaced by the country code; bare digits are national too,
 * unless they already start with the country code and are long enough to include it (people paste
 * `639171234567` as often as `9171234567`); a trunk `0` written after the country's own code is dropped
 * (`+63 0917…`). So `0917 123 4567`, `917-123-4567`, `+63 917 123 4567`, `639171234567` and
 * `0063 917 123 4567` are all `+639171234567`.
 */
export function normalizePhoneNumber(input: string, defaultCountryCode: string): string | null {
  if (typeof input !== 'string' || input.length > 64) return null;
  const cc = defaultCountryCode.replace(/^\+/, '');
  if (!/^[1-9]\d{0,2}$/.test(cc)) return null;
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const m = /^(\+?)(\d+)$/.exec(compact);
  if (!m) return null;
  const [, plus, digits] = m as unknown as [string, string, string];
  let e164: string;
  if (plus) e164 = `+${digits}`;
  else if (digits.startsWith('00')) e164 = `+${digits.slice(2)}`;
  else if (digits.startsWith('0')) e164 = `+${cc}${digits.slice(1)}`;
  else if (digits.startsWith(cc) && digits.length >= 11 && digits.length - cc.length >= 8) e164 = `+${digits}`;
  else e164 = `+${cc}${digits}`;
  if (e164.startsWith(`+${cc}0`) && !KEEPS_TRUNK_ZERO.has(cc)) e164 = `+${cc}${e164.slice(cc.length + 2)}`;
  return E164.test(e164) ? e164 : null;
}

/**
 * The digits to look for in stored E.164 numbers when a search box holds part of a number: the whole
 * number when the text reads as one (`+63 917 123 4567`, `0063 917…`), and the digits as typed without a
 * trunk `0` (`917-1234`, the end of a number). Empty when fewer than 3 digits were typed.
 */
export function phoneSearchDigits(input: string, defaultCountryCode: string): string[] {
  const typed = input.replace(/\D/g, '').replace(/^0+/, '');
  if (typed.length < 3) return [];
  const whole = normalizePhoneNumber(input, defaultCountryCode)?.slice(1);
  return [...new Set([whole, typed].filter((d): d is string => !!d))];
}
