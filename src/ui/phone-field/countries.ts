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
 * `+<cc><digits>`: drops everything but digits and one national trunk prefix "0" (0812… → 812…).
 * Returns "" when there are no digits, so a form can tell "empty" from "typed".
 */
export function toE164(countryCode: string, national: string): string {
  const digits = national.replace(/\D/g, '').replace(/^0/, '');
  const cc = countryCode.replace(/\D/g, '');
  return digits ? `+${cc}${digits}` : '';
}
