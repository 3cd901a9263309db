import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { requestOtp, verifyOtp } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { useForgetCustomer } from '../../api/forget';
import type { Customer, OtpPurpose } from '#contract';
import { fieldErrorsOf, messageOf, retryAfterOf } from '../../shared/errors';
import { paths } from '#contract/routes';
import { useSecondsUntil } from '../use-seconds-until';
import { useAuth } from './auth-context';
import { forgetReferralCode } from './referral-code';
import { choseOnSignIn, useOfferedLanguages } from '../language-choice';

/**
 * The phone → code → (name) steps shared by /login, /, /register, /otp, /register-otp and /register-name.
 * The phone number and the resend time are kept in session storage so a reload keeps the step; the
 * registration token is kept only in memory (a reload restarts registration), like every credential.
 */
const PHONE_KEY = 'signin-phone';
const RESEND_KEY = 'signin-resend-at';
let registrationToken: string | null = null;

export const pendingPhone = () => sessionStorage.getItem(PHONE_KEY);
export const takeRegistrationToken = () => registrationToken;

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

export type CodeProblem = 'INVALID_CODE' | 'CODE_EXPIRED' | 'TOO_MANY_ATTEMPTS';

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

/** Checks a code: signs in, or continues to the name step for a new account. */
export function useVerifyCode(purpose: OtpPurpose) {
  const navigate = useNavigate();
  const signedIn = useCompleteSignIn();
  const phone = pendingPhone();
  const [verifying, setVerifying] = useState(false);
  const [errorCode, setErrorCode] = useState<CodeProblem | null>(null);
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [resendIn, restartCountdown] = useResendCountdown();

  const verify = useCallback(
    async (code: string) => {
      if (!phone) return;
      setVerifying(true);
      setErrorCode(null);
      setFormError(null);
      try {
        const r = await verifyOtp(phone, code, purpose);
        if (r.customer) return signedIn(r.customer);
        if (r.registration_token) {
          registrationToken = r.registration_token;
          navigate(paths.registerName);
        }
      } catch (err) {
        if (err instanceof ApiRequestError && ['INVALID_CODE', 'CODE_EXPIRED', 'TOO_MANY_ATTEMPTS'].includes(err.code)) {
          setErrorCode(err.code as CodeProblem);
          setAttemptsLeft((err.data as { attempts_left?: number } | null)?.attempts_left ?? null);
        } else setFormError(messageOf(err));
      } finally {
        setVerifying(false);
      }
    },
    [navigate, phone, purpose, signedIn],
  );

  const resend = useCallback(async () => {
    if (!phone) return;
    setResending(true);
    setFormError(null);
    try {
      const r = await requestOtp(phone, purpose);
      restartCountdown(r.resend_in);
      setErrorCode(null);
      setAttemptsLeft(null);
    } catch (err) {
      const wait = retryAfterOf(err);
      if (wait !== null) restartCountdown(wait);
      else setFormError(messageOf(err));
    } finally {
      setResending(false);
    }
  }, [phone, purpose, restartCountdown]);

  return { phone, verify, verifying, errorCode, attemptsLeft, formError, resend, resending, resendIn };
}
