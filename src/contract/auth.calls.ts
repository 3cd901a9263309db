/** The calls of the customer's sign-in and session, declared once (api.ts); their schemas are in auth.ts, their words in auth.spec.ts. */
import { call } from './api';
import type { GoogleBody, GoogleLinkBody, OtpRequestBody, OtpRequestData, OtpVerifyBody, OtpVerifyData, RegisterBody, SessionData } from './auth';
import type { CustomerOnlyData } from './customers';

export const authApi = {
  otpRequest: call.anyone.post<OtpRequestData, OtpRequestBody>('auth/otp/request'),
  otpVerify: call.anyone.post<OtpVerifyData, OtpVerifyBody>('auth/otp/verify', { signs: 'in' }),
  /** 201 with a new account; 200 when the number has one already */
  register: call.anyone.post<SessionData, RegisterBody>('auth/register', { status: 201, signs: 'in' }),
  google: call.anyone.post<SessionData, GoogleBody>('auth/google', { signs: 'in' }),
  googleLink: call.customer.post<CustomerOnlyData, GoogleLinkBody>('auth/google/link'),
  logout: call.customer.post<null>('auth/logout', { signs: 'out', guests: true }),
};
