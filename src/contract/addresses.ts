/** Delivery addresses. Part of the contract (src/contract): free of React, of the browser and of Express. */
import { z } from 'zod';
import { ADDRESS_RULES as R, type RangeRule } from './checks';
import { id, phoneInput, textField } from './fields';

const coordinate = (rule: RangeRule) => z.number({ error: rule.notNumber }).min(rule.min, rule.outOfRange).max(rule.max, rule.outOfRange);

/** Each field's rule and words are in checks.ts, which the app checks its form with (without zod). */
export const addressFields = z.object({
  label: textField(R.label),
  recipient: textField(R.recipient),
  phone: phoneInput,
  line1: textField(R.line1),
  city: textField(R.city),
  postal_code: z.string().trim().regex(R.postal_code.pattern, R.postal_code.message),
  lat: coordinate(R.lat),
  lng: coordinate(R.lng),
  note: z.string().trim().max(R.note.max, R.note.tooLong).optional(),
  is_default: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressFields>;
/** The body of address/create: today every field of an address (its own object: address/update differs). */
export const addressCreateBody = addressFields.extend({});
export const addressUpdateBody = addressFields.partial().extend({ id });
export const addressDeleteBody = z.object({ id });
export interface Address {
  id: number;
  label: string;
  recipient: string;
  phone: string;
  line1: string;
  city: string;
  postal_code: string;
  lat: number;
  lng: number;
  note: string | null;
  is_default: boolean;
}
export interface AddressListData {
  addresses: Address[];
}
export interface AddressData {
  address: Address;
}
