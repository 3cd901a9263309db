/** Delivery addresses. Part of the contract (src/contract): free of React, of the browser and of Express. */
import { z } from 'zod';
import { id, phoneInput } from './fields';

export const addressFields = z.object({
  label: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters'),
  recipient: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  phone: phoneInput,
  line1: z.string().trim().min(3, 'is required').max(200, 'must be at most 200 characters'),
  city: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  postal_code: z.string().trim().regex(/^[A-Za-z0-9 -]{3,10}$/, 'must be a postal code'),
  lat: z.number({ error: 'must be a number' }).min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90'),
  lng: z.number({ error: 'must be a number' }).min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180'),
  note: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  is_default: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressFields>;
export const addressCreateBody = addressFields;
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
