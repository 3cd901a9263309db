import { normalizePhoneNumber } from '#contract/phone';
import { validation } from '../http/errors';

export const PHONE_MESSAGE = 'must be a phone number such as +63 917 123 4567';

/**
 * What a person typed as E.164 (the contract's normalizePhoneNumber, the same reading as the app's phone
 * field and the console's customer search); a number that cannot be read is a 400 VALIDATION naming `field`.
 */
export function normalizePhone(input: string, defaultCountryCode: string, field = 'phone'): string {
  const phone = normalizePhoneNumber(input, defaultCountryCode);
  if (!phone) throw validation({ [field]: PHONE_MESSAGE });
  return phone;
}
