import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { requestOtp } from '../../api/auth';
import { useForgetCustomer } from '../../api/forget';
import type { Customer, OtpPurpose } from '#contract';
import { fieldErrorsOf, messageOf, retryAfterOf } from '../../shared/errors';
import { paths } from '#contract/routes';
import { useSecondsUntil } from '../use-seconds-until';
import { useAuth } from './auth-context';
import { forgetReferralCode } from './referral-code';
import { choseOnSignIn, useOfferedLanguages } from '../language-choice';
import { CALLING_CODES, splitCallingCode } from '../../ui/phone-field/countries';

/**
 * The phone → code → (name) steps shared by /login, /, /register, /otp, /register-otp and /register-name.
 * The phone number and the resend time are kept in session storage so a reload keeps the step; the
 * registration token is kept only in memory (a reload restarts registration), like every credential.
 */
const PHONE_KEY = 'signin-phone';
const RESEND_KEY = 'signin-resend-at';
let registrationToken: string | null = null;

export const pendingPhone = () => sessionStorage.getItem(PHONE_KEY);
/**
 * The number this tab last asked a code for, as the phone step shows it (its calling code and the rest):
 * back from the code page, the number is there to correct or send again, not typed from the start.
 */
export function pendingPhoneParts(): { code: string; national: string } | null {
  const phone = pendingPhone();
  return phone ? splitCallingCode(phone, CALLING_CODES) : null;
}
export const takeRegistrationToken = () => registrationToken;
/** Keeps the token a verified code gave a new number, for the name step (verify-code.ts). */
export const keepRegistrationToken = (token: string) => {
  registrationToken = token;
};

function remember(phone: string, resendIn: number) {
  sessionStorage.setItem(PHONE_KEY, phone);
  sessionStorage.setItem(RESEND_KEY, String(Date.now() + resendIn * 1000));
}

/** Seconds until a new code may be asked for, counting down once a second. */
export function useResendCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(() => Number(sessionStorage.getItem(RESEND_KEY) ?? 0));
  const left = useSecondsUntil(until) ?? 0;
  const restart = useCallback((seconds: number) => {
    const at = Date.now() + seconds * 1000;
    sessionStorage.setItem(RESEND_KEY, String(at));
    setUntil(at);
  }, []);
  return [left, restart];
}

/** Asks for a code and goes to the code step. */
export function useRequestCode(purpose: OtpPurpose) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // a refusal's wait counts down, so the button comes back by itself when it is over
  const [retryUntil, setRetryUntil] = useState<number | null>(null);
  const retryAfter = useSecondsUntil(retryUntil);

  const send = useCallback(
    async (phone: string) => {
      setSending(true);
      setFieldErrors({});
      setFormError(null);
      try {
        const r = await requestOtp(phone, purpose);
        remember(r.phone, r.resend_in);
        navigate(purpose === 'login' ? paths.otp : paths.registerOtp);
        return true;
      } catch (err) {
        const wait = retryAfterOf(err);
        setRetryUntil(wait === null ? null : Date.now() + wait * 1000);
        setFieldErrors(fieldErrorsOf(err));
        setFormError(wait === null ? messageOf(err) : null);
        return false;
      } finally {
        setSending(false);
      }
    },
    [navigate, purpose],
  );
  return { send, sending, fieldErrors, formError, retryAfter };
}

/** Finishes any sign-in (code, registration, Google): stored state, a fresh data cache, then /home. */
export function useCompleteSignIn(): (customer: Customer) => void {
  const navigate = useNavigate();
  const { login } = useAuth();
  const forgetCustomer = useForgetCustomer();
  const offered = useOfferedLanguages();
  return useCallback(
    (customer: Customer) => {
      login(customer);
      // the account's language, or the one chosen on the sign-in page saved to the account (its own chunk)
      void import('../language-account').then((m) => m.followCustomerLanguage(customer, offered, choseOnSignIn())).catch(() => {});
      // nothing of an earlier customer's data may show for this one
      void forgetCustomer();
      sessionStorage.removeItem(PHONE_KEY);
      sessionStorage.removeItem(RESEND_KEY);
      forgetReferralCode();
      registrationToken = null;
      navigate(paths.home, { replace: true });
    },
    [login, navigate, forgetCustomer, offered],
  );
}
