import type { ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReferralLookupData } from '#contract/referrals';
import { GiftIcon, Notice } from '../../ui';
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
  /** The choice of language (LanguageSwitch), under the way to sign in. */
  languageSwitch?: ReactNode;
  /** sent back here from the name step, whose page was reloaded (its code is kept in memory only): the page says so */
  restarted?: boolean;
}

/** "Ana invited you: you both get 100 points once your first order is completed." */
export function invitationWords({ referrer, reward }: ReferralLookupData): string {
  const both = referralRewardWords(reward);
  return both ? t`${referrer} invited you: you both get ${both} once your first order is completed.` : t`${referrer} invited you.`;
}

/** /register: the phone number a new account is made for; a code is texted to it. */
export function RegisterScreen({ companyName, logo, onLogin, invitation, languageSwitch, restarted = false, ...form }: RegisterScreenProps) {
  const { t } = useLingui();
  return (
    <AuthLayout
      title={t`Create your account`}
      description={
        companyName ? t`Join ${companyName} to earn points on every order and unlock rewards.` : t`Join us to earn points on every order and unlock rewards.`
      }
      companyName={companyName}
      logo={logo}
      footer={
        <>
          <p className="text-muted">
            <Trans>
              Already have an account? <TextButton onClick={onLogin}>Sign in</TextButton>
            </Trans>
          </p>
          {languageSwitch}
        </>
      }
    >
      {restarted && <Notice tone="info">{t`Sign-up starts again: the page was reloaded before your account was made. Ask for a new code to go on.`}</Notice>}
      {invitation && (
        <p className="flex items-start gap-2 rounded-xl border border-brand bg-brand/10 p-3 font-medium text-ink">
          <GiftIcon size={20} className="mt-0.5 shrink-0 text-brand-ink" />
          {invitationWords(invitation)}
        </p>
      )}
      <PhoneForm {...form} hint={t`We will text you a 6-digit code to check it is yours.`} />
    </AuthLayout>
  );
}
