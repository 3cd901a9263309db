import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ReferralLookupData } from '#contract/referrals';
import { forgetReferralCode, withReferralCode } from '../../src/app/auth/referral-code';
import { keepReferralCode } from '../../src/app/auth/referral-link';
import { RegisterNameScreen, type RegisterNameValues } from '../../src/screens/auth/register-name-screen';
import { RegisterOtpScreen } from '../../src/screens/auth/register-otp-screen';
import { RegisterScreen } from '../../src/screens/auth/register-screen';
import { GOOD_CODE, merchantFor } from '../fixtures/auth';
import { invitationPoints } from '../fixtures/referrals';

interface FlowProps {
  /** the toolbar's merchant (globals.merchant) */
  merchantName?: string;
  /** the register link's query, as the friend opened it */
  search: string;
  /** who the provider says the code is from (null: 404) */
  invitation: ReferralLookupData | null;
  /** what `auth/register` is sent */
  onRegister: (body: { name: string; email?: string; referral_code?: string }) => void;
}

type Step = 'phone' | 'code' | 'name' | 'done';

/**
 * A stand-in for the app, wired as the containers wire the screens (register-screen.container,
 * register-name-screen.container), with the real session-storage module in between: the link's code is
 * kept on the register page, carried through the code step, and sent with the name.
 */
function ReferralSignUpFlow({ merchantName, search, invitation, onRegister }: FlowProps) {
  const merchant = merchantFor({ merchant: merchantName });
  const [step, setStep] = useState<Step>('phone');
  const [code] = useState(() => {
    forgetReferralCode();
    return keepReferralCode(search);
  });
  if (step === 'phone') return <RegisterScreen {...merchant} invitation={code ? invitation : null} onSendCode={() => setStep('code')} />;
  if (step === 'code')
    return (
      <RegisterOtpScreen
        companyName={merchant.companyName}
        logo={merchant.logo}
        phone="+639189876543"
        resendIn={60}
        onVerify={(c) => c === GOOD_CODE && setStep('name')}
      />
    );
  if (step === 'name')
    return (
      <RegisterNameScreen
        companyName={merchant.companyName}
        logo={merchant.logo}
        onSubmit={(v: RegisterNameValues) => {
          onRegister({ name: v.name, ...(v.email ? { email: v.email } : {}), ...withReferralCode() });
          forgetReferralCode();
          setStep('done');
        }}
      />
    );
  return <p>Signed up</p>;
}

const meta = {
  title: 'Flows/Sign up through a link',
  component: ReferralSignUpFlow,
  parameters: { layout: 'fullscreen', landing: true },
  args: { search: '?ref=ana7k2q9', invitation: invitationPoints, onRegister: fn() },
  render: (args, { globals }) => <ReferralSignUpFlow {...args} merchantName={globals.merchant as string | undefined} />,
} satisfies Meta<typeof ReferralSignUpFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

async function signUp(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  canvas.getByRole('textbox', { name: 'Phone number' }).focus();
  await userEvent.keyboard('918 987 6543{Enter}');
  (await canvas.findByRole('textbox', { name: 'Digit 1 of 6' })).focus();
  await userEvent.keyboard(GOOD_CODE);
  (await canvas.findByRole('textbox', { name: 'Your name' })).focus();
  await userEvent.keyboard('Jose Reyes{Enter}');
  await waitFor(() => expect(canvas.getByText('Signed up')).toBeInTheDocument());
}

/** Ana's link: the invitation on the register page, and the code (upper case) sent with the name, by keyboard. */
export const Invited: Story = {
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText('Ana invited you: you both get 100 points once your first order is completed.')).toBeVisible();
    await signUp(canvasElement);
    await expect(args.onRegister).toHaveBeenCalledWith({ name: 'Jose Reyes', referral_code: 'ANA7K2Q9' });
    // used once: nothing is kept for a later sign-up
    await expect(withReferralCode()).toEqual({});
  },
};

/** No link: no invitation, and no referral_code sent. */
export const NotInvited: Story = {
  args: { search: '' },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).queryByText(/invited you/)).toBeNull();
    await signUp(canvasElement);
    await expect(args.onRegister).toHaveBeenCalledWith({ name: 'Jose Reyes' });
  },
};
