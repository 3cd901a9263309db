import { customersSpec } from '#contract/customers.spec';
import type { Router } from 'express';
import { clientKey } from '../http/client-key';
import { changeEmail, sendEmailCode, verifyEmailCode } from '../auth/email-verification.service';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { clientIp } from '../http/session';
import { getMerchant } from '../settings/settings.service';
import { removeBirthday, setBirthday } from './birthdays.service';
import { adjustCustomerPoints, detailForStaff, getProfile, searchForStaff, setLanguage, setName } from './customers.service';

/**
 * The customer's profile, name, e-mail address (saved unverified, proved with a code e-mailed to it) and birth date; the
 * console's look-up (staff; searches and opened accounts are in the activity log) and the owner's points
 * adjustment (once per key of the staff member's).
 */
export function customersRoutes(ctx: ProviderContext): Router {
  return mount(ctx, customersSpec, {
    profile: async (_, at) => getProfile(ctx, at.customerId()),
    name: async (body, at) => setName(ctx, at.customerId(), body.name),
    changeEmail: async (body, at) => {
      const data = await changeEmail(ctx, at.customerId(), body.email);
      return data.verification ? at.reply(data, 'Your e-mail address is saved. We sent you a code to verify it.') : data;
    },
    emailVerifyRequest: async (body, at) => sendEmailCode(ctx, at.customerId(), body.email),
    emailVerify: async (body, at) => ({
      customer: await verifyEmailCode(ctx, { customerId: at.customerId(), code: body.code, clientKey: clientKey(clientIp(at.req)) }),
    }),
    birthday: async (body, at) => setBirthday(ctx, at.customerId(), body),
    removeBirthday: async (_, at) => removeBirthday(ctx, at.customerId()),
    language: async (body, at) => setLanguage(ctx, at.customerId(), body.language),
    search: async (query, at) => searchForStaff(ctx, at.staff(), query),
    detail: async (query, at) => detailForStaff(ctx, at.staff(), query.id),
    adjustPoints: async (body, at) => {
      // read before the transaction: PGlite has one connection, which the transaction holds
      const { rules } = await getMerchant(ctx.db, ctx.merchantId);
      return at.once((trx) => adjustCustomerPoints(ctx, trx, at.staff(), body, rules.points_expiry_days));
    },
  });
}
