import { validation } from '../http/errors';

export const PHONE_MESSAGE = 'must be a phone number such as +63 917 123 4567';

/** E.164: a plus, then 8 to 15 digits, the first not 0. */
export const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * Normalises what a person types into E.164, or null when it cannot be a phone number.
 * Spaces, dashes, dots and parentheses are ignored. `+` or `00` starts an international number;
 * a leading national `0` (trunk prefix) is replaced by the default country code; bare digits are
 * national too, unless they already start with the country code and are long enough to include it
 * (people paste `639171234567` as often as `9171234567`).
 */
export function tryNormalizePhone(input: string, defaultCountryCode: string): string | null {
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
  return E164.test(e164) ? e164 : null;
}

/** As tryNormalizePhone, but a number that cannot be read is a 400 VALIDATION naming `field`. */
export function normalizePhone(input: string, defaultCountryCode: string, field = 'phone'): string {
  const phone = tryNormalizePhone(input, defaultCountryCode);
  if (!phone) throw validation({ [field]: PHONE_MESSAGE });
  return phone;
}
