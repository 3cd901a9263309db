import { useCallback } from 'react';
import { apiPost } from './client';
import { useForgetCustomer } from './mutation';
import type { GoogleBody, OtpPurpose, OtpRequestData, OtpVerifyData, RegisterBody, SessionData } from '#contract';

export const requestOtp = (phone: string, purpose: OtpPurpose) => apiPost<OtpRequestData>('auth/otp/request', { phone, purpose });
export const verifyOtp = (phone: string, code: string, purpose: OtpPurpose) => apiPost<OtpVerifyData>('auth/otp/verify', { phone, code, purpose });
export const register = (body: RegisterBody) => apiPost<SessionData>('auth/register', body);
export const googleSignIn = (body: GoogleBody) => apiPost<SessionData>('auth/google', body);

const logout = () => apiPost<null>('auth/logout', {});

/**
 * Signs out: every answer about the customer is forgotten. Whatever the provider answers, the gateway
 * clears its cookie, so signing out never fails.
 */
export function useLogout(): () => Promise<void> {
  const forget = useForgetCustomer();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // the gateway clears its cookie whatever the provider answers; signing out locally goes on
    }
    await forget();
  }, [forget]);
}
