import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Customer } from '#contract';
import { useChangeEmail, useProfile, useRequestEmailCode, useVerifyEmail } from '../../api/customers';
import { fieldErrorsOf, messageOf, retryAfterOf } from '../../shared/errors';
import { useAction } from '../../shared/action';
import { useGoBack } from '../../app/go-back';
import { useSecondsUntil } from '../../app/use-seconds-until';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { toast } from '../../ui';
import { ChangeEmailScreen } from './change-email-screen';

/**
 * /profile/change-email: customer/change-email, with the provider's field errors on the field; and the
 * address's verification: a code e-mailed to it (customer/email/verify/request, also sent when an
 * address is saved), typed here (customer/email/verify).
 */
export default function ChangeEmailPage() {
  const navigate = useNavigate();
  const back = useGoBack(paths.profileHome);
  const profile = useProfile();
  const changeEmail = useChangeEmail();
  const requestEmailCode = useRequestEmailCode();
  const verifyEmail = useVerifyEmail();
  const [saved, setSaved] = useState(false);
  // the address the last code went to: a code for another address verifies nothing
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const resendIn = useSecondsUntil(resendAt);
  const [justVerified, setJustVerified] = useState(false);

  const current = profile.data?.email ?? null;

  // the profile shows the answer already (useChangeEmail, useVerifyEmail); the stored client state
  // SPEC names keeps the customer's e-mail too
  const remember = (customer: Customer) => {
    if (sessionStorage.getItem('user-email') !== null) sessionStorage.setItem('user-email', customer.email ?? '');
  };

  const change = useAction(async (email: string) => {
    const { customer, verification } = await changeEmail(email);
    remember(customer);
    setJustVerified(false);
    sendCode.reset();
    verify.reset();
    setCodeSentTo(verification?.email ?? null);
    setResendAt(verification ? Date.now() + verification.resend_in * 1000 : 0);
    setSaved(true);
    toast.success(t`Your e-mail address was saved.`, { toastId: 'email-saved' });
  });

  const sendCode = useAction(async (address: string) => {
    verify.reset();
    try {
      const sent = await requestEmailCode(address);
      setCodeSentTo(sent.email);
      setResendAt(Date.now() + sent.resend_in * 1000);
      toast.success(t`We sent you a new code.`, { toastId: 'email-code-sent' });
    } catch (err) {
      const wait = retryAfterOf(err);
      if (wait !== null) {
        // asked too soon: a code went to this address a moment ago, so the boxes show for it
        setResendAt(Date.now() + wait * 1000);
        setCodeSentTo(address.toLowerCase());
      }
      // the address changed in another tab, or got verified there: useRequestEmailCode reads the profile again
      throw err;
    }
  });

  const verify = useAction(async (code: string) => {
    const { customer } = await verifyEmail(code);
    remember(customer);
    setJustVerified(true);
    setCodeSentTo(null);
    toast.success(t`Your e-mail address is verified.`, { toastId: 'email-verified' });
  });

  const failure = change.error;
  const fieldErrors = fieldErrorsOf(failure);
  return (
    <ChangeEmailScreen
      currentEmail={current}
      emailVerified={profile.data?.email_verified ?? false}
      onSubmit={(email) => void change.run(email)}
      submitting={change.pending}
      fieldErrors={fieldErrors}
      formError={failure && !fieldErrors.email ? messageOf(failure) : null}
      saved={saved}
      loading={profile.isLoading}
      error={profile.error ? messageOf(profile.error) : null}
      onRetry={() => void profile.mutate()}
      onBack={back}
      onDone={() => void navigate(paths.profileHome)}
      nav={<AppNav />}
      codeSent={codeSentTo !== null && codeSentTo === current?.toLowerCase()}
      resendIn={resendIn}
      onSendCode={() => void (current && sendCode.run(current))}
      sendingCode={sendCode.pending}
      sendError={sendCode.error ? messageOf(sendCode.error) : null}
      onVerifyCode={(code) => void verify.run(code)}
      verifying={verify.pending}
      codeError={verify.error ? messageOf(verify.error) : null}
      justVerified={justVerified}
    />
  );
}
