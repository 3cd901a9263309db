import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { register } from '../../api/auth';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { withReferralCode } from '../../app/auth/referral-code';
import { takeRegistrationToken, useCompleteSignIn } from '../../app/auth/sign-in-flow';
import { RegisterNameScreen, type RegisterNameValues } from './register-name-screen';
import type { RegisterState } from './register-screen.container';

export default function RegisterNamePage() {
  const { settings } = useSite();
  const signedIn = useCompleteSignIn();
  const [submitting, setSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const token = takeRegistrationToken();
  // The registration token lives in memory only: after a reload, registration starts again, and says so.
  if (!token) return <Navigate to={paths.register} replace state={{ restarted: true } satisfies RegisterState} />;

  const submit = async (v: RegisterNameValues) => {
    setSubmitting(true);
    setFieldErrors({});
    setFormError(null);
    try {
      // a friend invited through their link: the code kept since /register?ref=CODE goes with it
      const r = await register({ registration_token: token, name: v.name, ...(v.email ? { email: v.email } : {}), offers: v.offers, ...withReferralCode() });
      signedIn(r.customer);
    } catch (err) {
      setFieldErrors(fieldErrorsOf(err));
      setFormError(messageOf(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <RegisterNameScreen
      companyName={settings.setting_company || undefined}
      logo={settings.post_file || undefined}
      onSubmit={(v) => void submit(v)}
      submitting={submitting}
      fieldErrors={fieldErrors}
      formError={formError}
      privacyUrl={settings.privacy_url}
      termsUrl={settings.terms_url}
    />
  );
}
