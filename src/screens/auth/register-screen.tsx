import { AuthLayout, TextButton } from './auth-layout';
import { PhoneForm, type PhoneFormProps } from './phone-form';

export interface RegisterScreenProps extends Omit<PhoneFormProps, 'submitLabel' | 'hint'> {
  companyName?: string;
  logo?: string;
  /** Goes to /login. */
  onLogin?: () => void;
}

/** /register: the phone number a new account is made for; a code is texted to it. */
export function RegisterScreen({ companyName, logo, onLogin, ...form }: RegisterScreenProps) {
  return (
    <AuthLayout
      title="Create your account"
      description={`Join ${companyName ?? 'us'} to earn points on every order and unlock rewards.`}
      companyName={companyName}
      logo={logo}
      footer={
        <p className="text-muted">
          Already have an account? <TextButton onClick={onLogin}>Sign in</TextButton>
        </p>
      }
    >
      <PhoneForm {...form} hint="We will text you a 6-digit code to check it is yours." />
    </AuthLayout>
  );
}
