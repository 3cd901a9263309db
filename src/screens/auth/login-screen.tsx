import { lazy, Suspense, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { AuthLayout, TextButton } from './auth-layout';
import { PhoneForm, type PhoneFormProps } from './phone-form';
import type { SignUpTermsProps } from './sign-up-terms';

// said only with Google's button (the name step says it too): off the sign-in page's first load
const SignUpTerms = lazy(() => import('./sign-up-terms').then((m) => ({ default: m.SignUpTerms })));

export interface LoginScreenProps extends Omit<PhoneFormProps, 'submitLabel' | 'hint'>, Omit<SignUpTermsProps, 'lead'> {
  companyName?: string;
  logo?: string;
  /** The Google sign-in button (only when the merchant enabled it); nothing is shown without it. */
  googleButton?: ReactNode;
  /** Goes to /register. */
  onRegister?: () => void;
  /** The choice of language (LanguageSwitch), under the way to register; none when the shop offers one language. */
  languageSwitch?: ReactNode;
}

/** /login: phone number → "Send code"; Google sign-in when offered (with the shop's terms); a way to register. */
export function LoginScreen({ companyName, logo, googleButton, onRegister, privacyUrl, termsUrl, languageSwitch, ...form }: LoginScreenProps) {
  const { t } = useLingui();
  return (
    <AuthLayout
      title={companyName ? t`Welcome to ${companyName}` : t`Welcome back`}
      description={t`Sign in with your phone number to collect points, order and use your rewards.`}
      companyName={companyName}
      logo={logo}
      footer={
        <>
          <p className="text-muted">
            {t`New here?`} <TextButton onClick={onRegister}>{t`Create an account`}</TextButton>
          </p>
          {languageSwitch}
        </>
      }
    >
      <PhoneForm {...form} />
      {googleButton && (
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            {t`or`}
            <span className="h-px flex-1 bg-border" />
          </div>
          <div className="flex justify-center">{googleButton}</div>
          {/* Google makes a new customer's account at once: the shop's terms are said here */}
          <Suspense fallback={null}>
            <SignUpTerms lead={t`By continuing with Google`} privacyUrl={privacyUrl} termsUrl={termsUrl} />
          </Suspense>
        </div>
      )}
    </AuthLayout>
  );
}
