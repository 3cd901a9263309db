import { useNavigate } from 'react-router-dom';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { useRequestCode } from '../../app/auth/sign-in-flow';
import { RegisterScreen } from './register-screen';

export default function RegisterPage() {
  const navigate = useNavigate();
  const { settings } = useSite();
  const code = useRequestCode('register');
  return (
    <RegisterScreen
      companyName={settings.setting_company || undefined}
      logo={settings.post_file || undefined}
      defaultCountryCode={settings.default_country_code ?? '63'}
      onSendCode={(phone) => void code.send(phone)}
      sending={code.sending}
      fieldErrors={code.fieldErrors}
      formError={code.formError}
      retryAfter={code.retryAfter}
      onLogin={() => navigate(paths.login)}
    />
  );
}
