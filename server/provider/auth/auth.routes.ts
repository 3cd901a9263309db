import { Router } from 'express';
import { changeEmailBody, emailVerifyBody, emailVerifyRequestBody, googleBody, googleLinkBody, otpRequestBody, otpVerifyBody, registerBody } from '#contract';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { clientIp, customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { AppError, sessionExpired } from '../http/errors';
import { googleSignIn, linkGoogle, logout, register, requestOtp, verifyOtp } from './auth.service';
import { clientKey } from './client-key';
import { changeEmail, sendEmailCode, verifyEmailCode } from './email-verification.service';

export function authRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.post('/auth/otp/request', async (req, res) => {
    const body = parse(otpRequestBody, req.body);
    const data = await requestOtp(ctx, { ...body, clientIp: clientKey(clientIp(req)) });
    send(res, 200, 'We sent you a code.', data);
  });

  r.post('/auth/otp/verify', async (req, res) => {
    const body = parse(otpVerifyBody, req.body);
    const data = await verifyOtp(ctx, { ...body, clientKey: clientKey(clientIp(req)) });
    send(res, 200, data.token ? 'You are signed in.' : 'Your number is confirmed. Tell us your name to finish.', data);
  });

  r.post('/auth/register', async (req, res) => {
    const body = parse(registerBody, req.body);
    const { created, ...data } = await register(ctx, { registrationToken: body.registration_token, name: body.name, email: body.email });
    send(res, created ? 201 : 200, created ? 'Welcome! Your account is ready.' : 'You already have an account: you are signed in.', data);
  });

  r.post('/auth/google', async (req, res) => {
    // said before reading the body: the call does not exist while Google sign-in is off
    if (!ctx.google.clientId) throw new AppError('NOT_FOUND', 'Google sign-in is not enabled.');
    const body = parse(googleBody, req.body);
    const { created, ...data } = await googleSignIn(ctx, body.id_token);
    send(res, 200, created ? 'Welcome! Your account is ready.' : 'You are signed in.', data);
  });

  // a signed-in customer links their Google account (from the profile): never by e-mail alone
  r.post('/auth/google/link', requireCustomer(ctx), async (req, res) => {
    if (!ctx.google.clientId) throw new AppError('NOT_FOUND', 'Google sign-in is not enabled.');
    const body = parse(googleLinkBody, req.body);
    const data = await linkGoogle(ctx, customerOf(res), body.id_token);
    send(res, 200, 'Your Google account is linked: you can sign in with it from now on.', data);
  });

  r.post('/auth/logout', requireCustomer(ctx), async (_req, res) => {
    const sessionId = res.locals.sessionId;
    if (sessionId === undefined) throw sessionExpired();
    await logout(ctx, sessionId);
    send(res, 200, 'You are signed out.', null);
  });

  // the customer's e-mail address: saved unverified, proved with a code e-mailed to it
  r.post('/customer/change-email', requireCustomer(ctx), async (req, res) => {
    const body = parse(changeEmailBody, req.body);
    const data = await changeEmail(ctx, customerOf(res), body.email);
    send(res, 200, data.verification ? 'Your e-mail address is saved. We sent you a code to verify it.' : 'Your e-mail address is saved.', data);
  });

  r.post('/customer/email/verify/request', requireCustomer(ctx), async (req, res) => {
    const body = parse(emailVerifyRequestBody, req.body);
    const data = await sendEmailCode(ctx, customerOf(res), body.email);
    send(res, 200, 'We sent a code to your e-mail address.', data);
  });

  r.post('/customer/email/verify', requireCustomer(ctx), async (req, res) => {
    const body = parse(emailVerifyBody, req.body);
    const customer = await verifyEmailCode(ctx, { customerId: customerOf(res), code: body.code, clientKey: clientKey(clientIp(req)) });
    send(res, 200, 'Your e-mail address is verified.', { customer });
  });

  return r;
}

