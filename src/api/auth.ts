import { apiPost } from './client';
import type { GoogleBody, OtpPurpose, OtpRequestData, OtpVerifyData, RegisterBody, SessionData } from '#contract';

export const requestOtp = (phone: string, purpose: OtpPurpose) => apiPost<OtpRequestData>('auth/otp/request', { phone, purpose });
export const verifyOtp = (phone: string, code: string, purpose: OtpPurpose) => apiPost<OtpVerifyData>('auth/otp/verify', { phone, code, purpose });
export const register = (body: RegisterBody) => apiPost<SessionData>('auth/register', body);
export const googleSignIn = (body: GoogleBody) => apiPost<SessionData>('auth/google', body);
export const logout = () => apiPost<null>('auth/logout', {});
