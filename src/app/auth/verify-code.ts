import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OtpPurpose } from '#contract';
import { paths } from '#contract/routes';
import { requestOtp, verifyOtp } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { messageOf, retryAfterOf } from '../../shared/errors';
import { keepRegistrationToken, pendingPhone, useCompleteSignIn, useResendCountdown } from './sign-in-flow';

/**
 * The code step of /otp and /register-otp, apart from sign-in-flow.ts: the sign-in page's first load
 * (which asks for a code) does without it.
 */

export type CodeProblem = 'INVALID_CODE' | 'CODE_EXPIRED' | 'TOO_MANY_ATTEMPTS';

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
          keepRegistrationToken(r.registration_token);
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
