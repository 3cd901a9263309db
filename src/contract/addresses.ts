/**
 * Delivery addresses: the schemas of the area's calls (addresses.calls.ts declares them;
 * addresses.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int } from './answer-fields';
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
/** An address as the provider answers it. */
export const addressAnswer = z
  .object({
    id: int(),
    label: z.string(),
    recipient: z.string(),
    phone: z.string(),
    line1: z.string(),
    city: z.string(),
    postal_code: z.string(),
    lat: z.number(),
    lng: z.number(),
    note: z.string().nullable(),
    is_default: z.boolean(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressAnswer>;
export const addressListAnswer = z.object({ addresses: z.array(addressAnswer) });
export const addressOnlyAnswer = z.object({ address: addressAnswer });
export type AddressListData = z.infer<typeof addressListAnswer>;
export type AddressData = z.infer<typeof addressOnlyAnswer>;
