/**
 * The spec of the auth calls: their declarations (auth.calls.ts) joined to their schemas
 * (auth.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { otpRequestBody, otpRequestAnswer, otpVerifyBody, otpVerifyAnswer, registerBody, googleBody, googleLinkBody, sessionAnswer } from './auth';
import { authApi } from './auth.calls';
import { customerOnlyAnswer } from './customers';

const GOOGLE_OFF = '404 NOT_FOUND while Google sign-in is not enabled.';

export const authSpec = /* @__PURE__ */ describe('Sign-in', authApi, {
  otpRequest: {
    summary: 'Send a one-time code to a phone',
    description:
      'Limited per number and per client address (429 RATE_LIMITED with `Retry-After`). No text message service yet (production before the owner connects one in the console): 503 SMS_UNAVAILABLE.',
    body: otpRequestBody,
    data: otpRequestAnswer,
    answer: 'The code was sent.',
    message: 'We sent you a code.',
    errors: ['RATE_LIMITED', 'BAD_GATEWAY', 'SMS_UNAVAILABLE'],
  },
  otpVerify: {
    summary: 'Check a one-time code',
    description:
      'login: `token` and `customer`; register: `registration_token`. A login for a number with no account answers `registration_token` with `needs_registration: true`; a registration for a number that has one signs in.',
    body: otpVerifyBody,
    data: otpVerifyAnswer,
    answer: 'Signed in, or the number is confirmed.',
    message: 'You are signed in.',
    errors: ['CODE_EXPIRED', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS', 'RATE_LIMITED'],
  },
  register: {
    summary: 'Create the account for a confirmed number',
    description: '201 with a new account; 200 when the number has one already (signed in).',
    body: registerBody,
    data: sessionAnswer,
    answer: 'Signed in.',
    alsoStatuses: [200],
    message: 'Welcome! Your account is ready.',
    errors: ['REGISTRATION_EXPIRED', 'CONFLICT'],
  },
  google: {
    summary: 'Sign in with a Google ID token',
    description: GOOGLE_OFF,
    body: googleBody,
    data: sessionAnswer,
    answer: 'Signed in.',
    message: 'You are signed in.',
    errors: ['NOT_FOUND', 'INVALID_TOKEN', 'CONFLICT'],
  },
  googleLink: {
    summary: "Link the customer's Google account",
    description: GOOGLE_OFF,
    inContract: false,
    body: googleLinkBody,
    data: customerOnlyAnswer,
    answer: 'Linked.',
    message: 'Your Google account is linked: you can sign in with it from now on.',
    errors: ['NOT_FOUND', 'INVALID_TOKEN', 'GOOGLE_LINKED'],
  },
  logout: { summary: 'Revoke the session token', answer: 'Signed out.', message: 'You are signed out.' },
});
