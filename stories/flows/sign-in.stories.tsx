import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LoginScreen } from '../../src/screens/auth/login-screen';
import { OtpScreen, type OtpErrorCode } from '../../src/screens/auth/otp-screen';
import { HomeScreen } from '../../src/screens/home/home-screen';
import { GOOD_CODE, merchantFor } from '../fixtures/auth';
import { homeAfterOrder } from '../fixtures/home';

interface FlowProps {
  /** the toolbar's merchant (globals.merchant) */
  merchantName?: string;
  /** How long the pretend provider takes to answer. */
  latencyMs: number;
  onSendCode: (phone: string) => void;
  onVerify: (code: string) => void;
}

type Step = { name: 'phone' } | { name: 'code'; phone: string } | { name: 'home' };

/**
 * A stand-in for the app: the screens wired with local state in place of the router and the API,
 * the way the containers wire them. Phone → code (5 tries) → signed in at home.
 */
function SignInFlow({ merchantName, latencyMs, onSendCode, onVerify }: FlowProps) {
  const merchant = merchantFor({ merchant: merchantName });
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<OtpErrorCode | null>(null);
  const [attemptsLeft, setAttemptsLeft] = useState(5);
  const later = (fn: () => void) => {
    setBusy(true);
    setTimeout(() => {
      setBusy(false);
      fn();
    }, latencyMs);
  };

  if (step.name === 'phone')
    return (
      <LoginScreen
        {...merchant}
        sending={busy}
        onSendCode={(phone) => {
          onSendCode(phone);
          later(() => setStep({ name: 'code', phone }));
        }}
      />
    );

  if (step.name === 'code')
    return (
      <OtpScreen
        companyName={merchant.companyName}
        logo={merchant.logo}
        phone={step.phone}
        resendIn={60}
        verifying={busy}
        errorCode={errorCode}
        attemptsLeft={attemptsLeft}
        onChangeNumber={() => setStep({ name: 'phone' })}
        onVerify={(code) => {
          onVerify(code);
          later(() => {
            if (code === GOOD_CODE) return setStep({ name: 'home' });
            const left = attemptsLeft - 1;
            setAttemptsLeft(left);
            setErrorCode(left > 0 ? 'INVALID_CODE' : 'TOO_MANY_ATTEMPTS');
          });
        }}
      />
    );

  return <HomeScreen {...homeAfterOrder()} unreadNotifications={1} />;
}

const meta = {
  title: 'Flows/Sign in',
  component: SignInFlow,
  parameters: { layout: 'fullscreen', landing: true },
  args: { latencyMs: 150, onSendCode: fn(), onVerify: fn() },
  render: (args, { globals }) => <SignInFlow {...args} merchantName={globals.merchant as string | undefined} />,
} satisfies Meta<typeof SignInFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Phone → a wrong code (tries left shown) → the right code, pasted → home. */
export const PhoneCodeSignedIn: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone number' }), '917 123 4567');
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(args.onSendCode).toHaveBeenCalledWith('+639171234567');

    const first = await canvas.findByRole('textbox', { name: 'Digit 1 of 6' });
    await expect(canvas.getByText('+63 917 123 4567')).toBeVisible();
    await userEvent.click(first);
    await userEvent.keyboard('111111');
    await expect(args.onVerify).toHaveBeenCalledWith('111111');
    await expect(await canvas.findByText("That code isn't right. You have 4 tries left.")).toBeVisible();

    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.paste(GOOD_CODE);
    await expect(args.onVerify).toHaveBeenLastCalledWith(GOOD_CODE);
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Hi, Maria' })).toBeVisible());
  },
};
