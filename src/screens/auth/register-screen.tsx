import type { ReferralLookupData } from '#contract/referrals';
import { GiftIcon } from '../../ui';
import { referralRewardWords } from '../profile/referral-words';
import { AuthLayout, TextButton } from './auth-layout';
import { PhoneForm, type PhoneFormProps } from './phone-form';

export interface RegisterScreenProps extends Omit<PhoneFormProps, 'submitLabel' | 'hint'> {
  companyName?: string;
  logo?: string;
  /** Goes to /login. */
  onLogin?: () => void;
  /** who invited (a `/register?ref=CODE` link, issue 30); absent: nobody, or a code not found */
  invitation?: ReferralLookupData | null;
}

/** "Ana invited you: you both get 100 points once your first order is completed." */
export function invitationWords({ referrer, reward }: ReferralLookupData): string {
  const both = referralRewardWords(reward);
  return both ? `${referrer} invited you: you both get ${both} once your first order is completed.` : `${referrer} invited you.`;
}

/** /register: the phone number a new account is made for; a code is texted to it. */
export function RegisterScreen({ companyName, logo, onLogin, invitation, ...form }: RegisterScreenProps) {
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
      {invitation && (
        <p className="flex items-start gap-2 rounded-xl border border-brand bg-brand/10 p-3 font-medium text-ink">
          <GiftIcon size={20} className="mt-0.5 shrink-0 text-brand-ink" />
          {invitationWords(invitation)}
        </p>
      )}
      <PhoneForm {...form} hint="We will text you a 6-digit code to check it is yours." />
    </AuthLayout>
  );
}
