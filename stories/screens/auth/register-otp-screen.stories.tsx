import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RegisterOtpScreen } from '../../../src/screens/auth/register-otp-screen';
import { merchantFor } from '../../fixtures/auth';

/** /register-otp: the code step of registration. */
const meta = {
  title: 'Screens/Auth/Register OTP',
  component: RegisterOtpScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', landing: true },
  args: { phone: '+639189876543', resendIn: 52, onVerify: fn(), onResend: fn(), onChangeNumber: fn() },
  render: (args, { globals }) => {
    const { companyName, logo } = merchantFor(globals);
    return <RegisterOtpScreen companyName={companyName} logo={logo} {...args} />;
  },
} satisfies Meta<typeof RegisterOtpScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Loading: Story = { name: 'Loading (verifying)', args: { verifying: true } };
export const WrongCode: Story = { args: { errorCode: 'INVALID_CODE', attemptsLeft: 1 } };
export const ExpiredCode: Story = { args: { errorCode: 'CODE_EXPIRED', resendIn: 0 } };
export const TooManyAttempts: Story = { args: { errorCode: 'TOO_MANY_ATTEMPTS', resendIn: 0 } };
export const Error: Story = { args: { formError: 'Something went wrong on our side. Please try again.' } };
