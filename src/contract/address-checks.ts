/**
 * A delivery address checked without zod, by the rules of checks.ts that addresses.ts builds its schema
 * from: the app's address form calls it before it calls the API. Apart from checks.ts because it speaks
 * of the schema's type (`AddressInput`, a type import only), and addresses.ts imports checks.ts.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import type { AddressInput } from './addresses';
import { ADDRESS_RULES, checkRange, checkText, NOT_TRUE_OR_FALSE } from './checks';

export type AddressField = keyof AddressInput;

/**
 * An address as `addressFields` (addresses.ts) takes it, checked without zod: the values trimmed
 * as the API takes them, or one message per bad field — the schema's own words.
 */
export function checkAddress(values: Record<string, unknown>): { ok: true; data: AddressInput } | { ok: false; errors: Partial<Record<AddressField, string>> } {
  const r = ADDRESS_RULES;
  const errors: Partial<Record<AddressField, string>> = {};
  const text = ['label', 'recipient', 'phone', 'line1', 'city', 'postal_code'] as const;
  for (const field of text) {
    const message = checkText(values[field], r[field]);
    if (message) errors[field] = message;
  }
  for (const field of ['lat', 'lng'] as const) {
    const message = checkRange(values[field], r[field]);
    if (message) errors[field] = message;
  }
  if (values.note !== undefined) {
    const message = checkText(values.note, r.note);
    if (message) errors.note = message;
  }
  if (values.is_default !== undefined && typeof values.is_default !== 'boolean') errors.is_default = NOT_TRUE_OR_FALSE;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const data: AddressInput = {
    label: (values.label as string).trim(),
    recipient: (values.recipient as string).trim(),
    phone: (values.phone as string).trim(),
    line1: (values.line1 as string).trim(),
    city: (values.city as string).trim(),
    postal_code: (values.postal_code as string).trim(),
    lat: values.lat as number,
    lng: values.lng as number,
  };
  if (values.note !== undefined) data.note = (values.note as string).trim();
  if (values.is_default !== undefined) data.is_default = values.is_default as boolean;
  return { ok: true, data };
}
