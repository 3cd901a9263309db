import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../ui';
import { useAppConfig } from '../../api/settings';
import { googleSignIn } from '../../api/auth';
import { messageOf } from '../../shared/errors';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { withReferralCode } from '../../app/auth/referral-code';
import { pendingPhoneParts, useCompleteSignIn, useRequestCode } from '../../app/auth/sign-in-flow';
import { LoginScreen } from './login-screen';
import { SignInLanguageSwitch } from '../../app/language-choice';

// Google's button only for a shop that offers it: off the sign-in page's first load otherwise
const GoogleSignInButton = lazy(() => import('../../app/google').then((m) => ({ default: m.GoogleSignInButton })));

export default function LoginPage() {
  const navigate = useNavigate();
  const { settings } = useSite();
  const { data: config } = useAppConfig();
  const code = useRequestCode('login');
  const signedIn = useCompleteSignIn();
  const clientId = config?.google_client_id;
  // back from the code page: the number asked for, to correct or send again
  const [kept] = useState(pendingPhoneParts);

  const onGoogle = async (idToken: string) => {
    try {
      // a new account through Google from a friend's link: the code kept since /register?ref=CODE goes with it
      // a new account through Google has no box to tick: no offers until the customer turns them on (opt-in)
      const r = await googleSignIn({ id_token: idToken, offers: false, ...withReferralCode() });
      signedIn(r.customer);
    } catch (err) {
      toast.error(messageOf(err));
    }
  };

  return (
    <LoginScreen
      companyName={settings.setting_company || undefined}
      logo={settings.post_file || undefined}
      defaultCountryCode={kept?.code ?? settings.default_country_code ?? '63'}
      defaultNumber={kept?.national}
      onSendCode={(phone) => void code.send(phone)}
      sending={code.sending}
      fieldErrors={code.fieldErrors}
      formError={code.formError}
      retryAfter={code.retryAfter}
      onRegister={() => navigate(paths.register)}
      languageSwitch={<SignInLanguageSwitch />}
      privacyUrl={settings.privacy_url}
      termsUrl={settings.terms_url}
      googleButton={
        clientId ? (
          <Suspense fallback={null}>
            <GoogleSignInButton clientId={clientId} onCredential={(t) => void onGoogle(t)} />
          </Suspense>
        ) : undefined
      }
    />
  );
}
