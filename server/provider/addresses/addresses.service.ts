import type { Address, AddressInput } from '#contract';
import type { ProviderContext } from '../context';
import { AppError, notFound, said } from '../http/errors';
import { lockCustomer } from '../accounts/accounts.repo';
import { getMerchant } from '../settings/settings.service';
import { normalizePhone } from '../auth/phone';
import {
  clearDefault,
  countAddresses,
  deleteAddress as deleteRow,
  findAddress,
  insertAddress,
  listAddresses as listRows,
  promoteNewest,
  updateAddress as updateRow,
  type AddressValues,
} from './addresses.repo';
import { errors } from '../i18n/errors';

/** A sensible ceiling: an address book, not a database of its own. */
export const MAX_ADDRESSES = 20;

/**
 * Rules: exactly one default per customer whenever the customer has an address. The first address
 * becomes the default; making one the default clears the others in the same transaction (the partial
 * unique index `addresses_one_default` backs this); deleting the default promotes the newest remaining.
 * Changes run under the customer's row lock so two tabs cannot both create a "first" address.
 */

export async function listAddresses(ctx: ProviderContext, customerId: number): Promise<Address[]> {
  return listRows(ctx.db, customerId);
}

export async function createAddress(ctx: ProviderContext, customerId: number, input: AddressInput): Promise<Address> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const values: AddressValues = { ...fieldsOf(input), phone: normalizePhone(input.phone, rules.default_country_code) };
  return ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId);
    const count = await countAddresses(trx, customerId);
    if (count >= MAX_ADDRESSES) {
      throw new AppError('LIMIT_REACHED', said(errors.addressesMax, { max: MAX_ADDRESSES }));
    }
    const makeDefault = count === 0 || input.is_default === true;
    if (makeDefault) await clearDefault(trx, customerId);
    const id = await insertAddress(trx, customerId, values, makeDefault, ctx.clock.now());
    return (await findAddress(trx, customerId, id))!;
  });
}

export async function updateAddress(ctx: ProviderContext, customerId: number, input: Partial<AddressInput> & { id: number }): Promise<Address> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const { id, is_default, ...rest } = input;
  const values: Partial<AddressValues> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (values as Record<string, unknown>)[k] = v;
  if (rest.phone !== undefined) values.phone = normalizePhone(rest.phone, rules.default_country_code);
  if (rest.note !== undefined) values.note = rest.note === '' ? null : rest.note;
  return ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId);
    const current = await findAddress(trx, customerId, id);
    if (!current) throw notFound('Address');
    await updateRow(trx, customerId, id, values);
    if (is_default === true && !current.is_default) {
      await clearDefault(trx, customerId);
      await updateRow(trx, customerId, id, { is_default: true });
    } else if (is_default === false && current.is_default) {
      // there is always one default while there are addresses: hand it to the newest other one, if any
      await promoteNewest(trx, customerId, id);
    }
    return (await findAddress(trx, customerId, id))!;
  });
}

export async function deleteAddress(ctx: ProviderContext, customerId: number, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId);
    const current = await findAddress(trx, customerId, id);
    if (!current) throw notFound('Address');
    await deleteRow(trx, customerId, id);
    if (current.is_default) await promoteNewest(trx, customerId);
  });
}

function fieldsOf(a: AddressInput): Omit<AddressValues, 'phone'> {
  return {
    label: a.label,
    recipient: a.recipient,
    line1: a.line1,
    city: a.city,
    postal_code: a.postal_code,
    lat: a.lat,
    lng: a.lng,
    note: a.note ? a.note : null,
  };
}
