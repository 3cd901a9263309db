import { OtpScreen, type OtpScreenProps } from './otp-screen';

export type RegisterOtpScreenProps = Omit<OtpScreenProps, 'title'>;

/** /register-otp: the same code step as /otp, worded for a new account. */
export function RegisterOtpScreen(props: RegisterOtpScreenProps) {
  return <OtpScreen {...props} title="Confirm your number" />;
}
