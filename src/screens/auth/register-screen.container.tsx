import { SignInLanguageSwitch } from '../../app/language-choice';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useReferralLookup } from '../../api/referrals';
import { keepReferralCode } from '../../app/auth/referral-link';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { pendingPhoneParts, useRequestCode } from '../../app/auth/sign-in-flow';
import { RegisterScreen } from './register-screen';

/** Router state for /register: `restarted`, sent back from the name step (register-name-screen.container.tsx). */
export interface RegisterState {
  restarted?: boolean;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const { settings } = useSite();
  const code = useRequestCode('register');
  // a friend's link (/register?ref=CODE): kept for the sign-up; who invited is shown, if the code is one
  const { search, state } = useLocation();
  const [referral] = useState(() => keepReferralCode(search));
  const invitation = useReferralLookup(referral);
  // back from the code page: the number asked for, to correct or send again
  const [kept] = useState(pendingPhoneParts);
  return (
    <RegisterScreen
      companyName={settings.setting_company || undefined}
      logo={settings.post_file || undefined}
      defaultCountryCode={kept?.code ?? settings.default_country_code ?? '63'}
      defaultNumber={kept?.national}
      onSendCode={(phone) => void code.send(phone)}
      sending={code.sending}
      fieldErrors={code.fieldErrors}
      formError={code.formError}
      retryAfter={code.retryAfter}
      onLogin={() => navigate(paths.login)}
      languageSwitch={<SignInLanguageSwitch />}
      invitation={invitation.data}
      restarted={(state as RegisterState | null)?.restarted === true}
    />
  );
}
