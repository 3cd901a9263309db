import { Navigate, useNavigate } from 'react-router-dom';
import type { OtpPurpose } from '#contract';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { useVerifyCode } from '../../app/auth/verify-code';
import { OtpScreen } from './otp-screen';
import { RegisterOtpScreen } from './register-otp-screen';

/** The code step, for signing in (/otp) or registering (/register-otp). */
export function CodeStep({ purpose }: { purpose: OtpPurpose }) {
  const navigate = useNavigate();
  const { settings } = useSite();
  const flow = useVerifyCode(purpose);
  const back = purpose === 'login' ? paths.login : paths.register;
  if (!flow.phone) return <Navigate to={back} replace />;
  const Screen = purpose === 'login' ? OtpScreen : RegisterOtpScreen;
  return (
    <Screen
      phone={flow.phone}
      companyName={settings.setting_company || undefined}
      logo={settings.post_file || undefined}
      onVerify={(code) => void flow.verify(code)}
      verifying={flow.verifying}
      errorCode={flow.errorCode}
      attemptsLeft={flow.attemptsLeft}
      formError={flow.formError}
      resendIn={flow.resendIn}
      onResend={() => void flow.resend()}
      resending={flow.resending}
      onChangeNumber={() => navigate(back)}
    />
  );
}

export default function OtpPage() {
  return <CodeStep purpose="login" />;
}
