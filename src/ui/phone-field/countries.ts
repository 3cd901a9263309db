import { normalizePhoneNumber } from '#contract/phone';

/** Calling codes offered in the country select. Plain data: no flags, no names from a service. */
export interface CallingCode {
  /** Digits only, without "+". */
  code: string;
  /** Short label shown in the select. */
  label: string;
}

export const CALLING_CODES: CallingCode[] = [
  { code: '62', label: 'Indonesia (+62)' },
  { code: '60', label: 'Malaysia (+60)' },
  { code: '65', label: 'Singapore (+65)' },
  { code: '66', label: 'Thailand (+66)' },
  { code: '63', label: 'Philippines (+63)' },
  { code: '84', label: 'Vietnam (+84)' },
  { code: '61', label: 'Australia (+61)' },
  { code: '44', label: 'United Kingdom (+44)' },
  { code: '1', label: 'United States / Canada (+1)' },
];

/**
 * What the field reports for a number typed next to a calling code: E.164 when it reads as a phone
 * number (the contract's normalizePhoneNumber: a pasted or auto-filled `+639171234567` or
 * `639171234567` is that number, not `+63` twice), "" when nothing was typed, and otherwise the text as
 * typed, so a form can tell "empty" from "not a number" and say which.
 */
export function toE164(countryCode: string, national: string): string {
  // only separators: empty; letters ("abc") are text a form says is not a number (issue 46)
  if (!/[\p{L}\p{N}]/u.test(national)) return '';
  return normalizePhoneNumber(national, countryCode.replace(/\D/g, '')) ?? national.trim();
}

/**
 * A number typed or pasted with its own calling code (`+44 7911 123456`, `0044…`) split into one of the
 * offered codes and the rest, so the select shows that country instead of another code in front of it.
 * The longest code that fits wins; null when the text has no `+`/`00` prefix, no offered code fits, or
 * nothing follows the code yet (typing "+4" may still become "+44").
 */
export function splitCallingCode(text: string, codes: readonly CallingCode[]): { code: string; national: string } | null {
  const m = /^\s*(?:\+|00)\s*(\d[\d\s\-.()]*)$/.exec(text);
  if (!m) return null;
  const digits = m[1]!;
  const fits = codes.filter((c) => digits.replace(/\D/g, '').startsWith(c.code)).sort((a, b) => b.code.length - a.code.length)[0];
  if (!fits) return null;
  // drop the code's digits from the text as typed, keeping the rest's own spacing
  let seen = 0;
  let cut = 0;
  while (seen < fits.code.length && cut < digits.length) {
    if (/\d/.test(digits[cut]!)) seen++;
    cut++;
  }
  // and the trunk "(0)" some write after it: "+63 (0) 917…" is 917…
  const national = digits.slice(cut).replace(/^[\s\-.]*(?:\(0\)[\s\-.]*)?/, '');
  return /\d/.test(national) ? { code: fits.code, national } : null;
}
