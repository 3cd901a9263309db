import type { ReactNode } from 'react';
import { AuthLayout, TextButton } from './auth-layout';
import { PhoneForm, type PhoneFormProps } from './phone-form';
import { SignUpTerms, type SignUpTermsProps } from './sign-up-terms';

export interface LoginScreenProps extends Omit<PhoneFormProps, 'submitLabel' | 'hint'>, Omit<SignUpTermsProps, 'lead'> {
  companyName?: string;
  logo?: string;
  /** The Google sign-in button (only when the merchant enabled it); nothing is shown without it. */
  googleButton?: ReactNode;
  /** Goes to /register. */
  onRegister?: () => void;
}

/** /login: phone number → "Send code"; Google sign-in when offered (with the shop's terms); a way to register. */
export function LoginScreen({ companyName, logo, googleButton, onRegister, privacyUrl, termsUrl, ...form }: LoginScreenProps) {
  return (
    <AuthLayout
      title={companyName ? `Welcome to ${companyName}` : 'Welcome back'}
      description="Sign in with your phone number to collect points, order and use your rewards."
      companyName={companyName}
      logo={logo}
      footer={
        <p className="text-muted">
          New here? <TextButton onClick={onRegister}>Create an account</TextButton>
        </p>
      }
    >
      <PhoneForm {...form} />
      {googleButton && (
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          <div className="flex justify-center">{googleButton}</div>
          {/* Google makes a new customer's account at once: the shop's terms are said here */}
          <SignUpTerms lead="By continuing with Google" privacyUrl={privacyUrl} termsUrl={termsUrl} />
        </div>
      )}
    </AuthLayout>
  );
}
