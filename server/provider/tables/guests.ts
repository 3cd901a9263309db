/**
 * Guests at a table: a first name and the table's signed code start a guest session (`auth/guest`), a
 * `customers` row without phone or Google account marked with the table's location (guest_location_id),
 * and a session of GUEST_SESSION_MS bound to that location. What the session may call is decided in one
 * place (http/session.ts requireCustomer, by the calls declared `guests: true`); what it may order here
 * (assertGuestOrder). The code is checked as `shop/table` checks it (resolveTable): a forged code, one of
 * another location, a removed or switched-off table answer 404 alike, counted against the client's
 * allowance of wrong codes.
 */
import type { GuestSessionData } from '#contract/tables';
import { HOUR } from '../../lib/clock';
import { sha256Hex } from '../../lib/signature';
import { newSecretToken } from '../auth/sessions';
import type { ProviderContext } from '../context';
import { AppError } from '../http/errors';
import { guestForbidden } from '../http/session';
import { countUse, type UseLimit } from '../http/use-limit';
import { insertGuest, insertGuestSession } from './tables.repo';
import { orderTable, resolveTable } from './tables.service';
import { errors } from '../i18n/errors';

/** How long a guest session lasts: a meal, with room to pay and read the receipt. */
export const GUEST_SESSION_MS = 4 * HOUR;

/** Guest sessions one client address may start in an hour: a table's party, several times over; never a flood of rows. */
const GUEST_SESSIONS: UseLimit = {
  scope: 'guest-session',
  limit: 30,
  windowMs: HOUR,
  message: errors.guestsTooMany,
};

/** `auth/guest`: a guest session at the table the code names; the token goes into the gateway's cookie. */
export async function startGuestSession(
  ctx: ProviderContext,
  input: { tableCode: string; name: string; clientKey: string },
): Promise<GuestSessionData & { token: string }> {
  const table = await resolveTable(ctx, input.tableCode, input.clientKey);
  if (!table.dine_in) throw new AppError('CONFLICT', errors.tablesOff);
  const now = ctx.clock.now();
  await countUse(ctx.db, GUEST_SESSIONS, input.clientKey, now);
  const expiresAt = new Date(now.getTime() + GUEST_SESSION_MS);
  const token = newSecretToken();
  await ctx.db.transaction().execute(async (trx) => {
    const customerId = await insertGuest(trx, { name: input.name, locationId: table.location.id, now });
    await insertGuestSession(trx, { tokenHash: sha256Hex(token), customerId, locationId: table.location.id, now, expiresAt });
  });
  return { token, guest: { name: input.name, location_id: table.location.id, table: table.table.label, expires_at: expiresAt.toISOString() } };
}

/**
 * What a guest may order (order/quote, order/create), checked before pricing: at a table of its own
 * location only, paid by card or at the counter; nothing that needs an account (the wallet, a voucher, a
 * promo code). A table code that names no table is 404 as for anyone (orderTable).
 */
export async function assertGuestOrder(
  ctx: ProviderContext,
  guestLocationId: number,
  body: { fulfilment: string; table_code?: string | undefined; payment_method?: string; voucher_id?: number | undefined; promo_code?: string | undefined },
): Promise<void> {
  if (body.fulfilment !== 'dine_in') throw guestForbidden(errors.guestAtTable);
  const table = await orderTable(ctx.db, ctx.secret, body.table_code);
  if (table.locationId !== guestLocationId) throw guestForbidden(errors.guestOtherLocation);
  if (body.payment_method === 'wallet') throw guestForbidden(errors.guestWallet);
  if (body.voucher_id !== undefined) throw guestForbidden(errors.guestVoucher);
  if (body.promo_code !== undefined) throw guestForbidden(errors.guestPromoCode);
}
