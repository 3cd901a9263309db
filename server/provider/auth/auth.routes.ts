import { authSpec } from '#contract/auth.spec';
import type { RequestHandler, Router } from 'express';
import type { ProviderContext } from '../context';
import { AppError, sessionExpired } from '../http/errors';
import { mount } from '../http/mount';
import { clientIp } from '../http/session';
import { sightingsOf } from '../http/device';
import { googleSignIn, linkGoogle, logout, register, requestOtp, verifyOtp } from './auth.service';
import { clientKey } from '../http/client-key';
import { errors } from '../i18n/errors';

const WELCOME = 'Welcome! Your account is ready.';

/** Said before the body is read: the Google calls do not exist while Google sign-in is off. */
const googleOn =
  (ctx: ProviderContext): RequestHandler =>
  (_req, _res, next) =>
    next(ctx.google.clientId ? undefined : new AppError('NOT_FOUND', errors.googleOff));

/** The customer's sign-in (a code to a phone, or Google) and the session. */
export function authRoutes(ctx: ProviderContext): Router {
  return mount(
    ctx,
    authSpec,
    {
      otpRequest: async (body, at) => requestOtp(ctx, { ...body, clientIp: clientKey(clientIp(at.req)) }),
      otpVerify: async (body, at) => {
        const data = await verifyOtp(ctx, { ...body, clientKey: clientKey(clientIp(at.req)), sightings: sightingsOf(ctx.secret, at.req) });
        return data.token ? data : at.reply(data, 'Your number is confirmed. Tell us your name to finish.');
      },
      register: async (body, at) => {
        const { created, ...data } = await register(ctx, {
          registrationToken: body.registration_token,
          name: body.name,
          email: body.email,
          referralCode: body.referral_code,
          offers: body.offers,
          sightings: sightingsOf(ctx.secret, at.req),
        });
        return created ? data : at.reply(data, 'You already have an account: you are signed in.', 200);
      },
      google: async (body, at) => {
        const { created, ...data } = await googleSignIn(ctx, body.id_token, {
          referralCode: body.referral_code,
          offers: body.offers,
          sightings: sightingsOf(ctx.secret, at.req),
        });
        return created ? at.reply(data, WELCOME) : data;
      },
      // a signed-in customer links their Google account (from the profile): never by e-mail alone
      googleLink: async (body, at) => linkGoogle(ctx, at.customerId(), body.id_token),
      logout: async (_, at) => {
        const sessionId = at.res.locals.sessionId;
        if (sessionId === undefined) throw sessionExpired();
        await logout(ctx, sessionId);
        return null;
      },
    },
    { google: [googleOn(ctx)], googleLink: [googleOn(ctx)] },
  );
}
