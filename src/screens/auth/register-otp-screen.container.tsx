import { CodeStep } from './otp-screen.container';

export default function RegisterOtpPage() {
  return <CodeStep purpose="register" />;
}
