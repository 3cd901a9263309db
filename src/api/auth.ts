import { useCallback } from 'react';
import type { GoogleBody, OtpPurpose, RegisterBody } from '#contract';
import { authApi } from '#contract/auth.calls';
import { currentLanguage } from '../i18n/language';
import { callApi } from './client';
import { useForgetCustomer } from './forget';

/** The code's text message speaks the page's language (the shop's default when it does not offer it). */
export const requestOtp = (phone: string, purpose: OtpPurpose) => callApi(authApi.otpRequest, { phone, purpose, language: currentLanguage() });
export const verifyOtp = (phone: string, code: string, purpose: OtpPurpose) => callApi(authApi.otpVerify, { phone, code, purpose });
export const register = (body: RegisterBody) => callApi(authApi.register, body);
export const googleSignIn = (body: GoogleBody) => callApi(authApi.google, body);

/**
 * Signs out: every answer about the customer is forgotten. Whatever the provider answers, the gateway
 * clears its cookie, so signing out never fails.
 */
export function useLogout(): () => Promise<void> {
  const forget = useForgetCustomer();
  return useCallback(async () => {
    try {
      await callApi(authApi.logout);
    } catch {
      // the gateway clears its cookie whatever the provider answers; signing out locally goes on
    }
    await forget();
  }, [forget]);
}
