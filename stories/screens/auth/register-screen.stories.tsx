import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RegisterScreen } from '../../../src/screens/auth/register-screen';
import { merchantFor } from '../../fixtures/auth';

/** /register: the phone number for a new account. */
const meta = {
  title: 'Screens/Auth/Register',
  component: RegisterScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', landing: true },
  args: { onSendCode: fn(), onLogin: fn() },
  render: (args, { globals }) => <RegisterScreen {...merchantFor(globals.theme)} {...args} />,
} satisfies Meta<typeof RegisterScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SendCode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone number' }), '918 987 6543');
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(args.onSendCode).toHaveBeenCalledWith('+639189876543');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onLogin).toHaveBeenCalled();
  },
};

export const Loading: Story = { name: 'Loading (sending code)', args: { sending: true, defaultNumber: '918 987 6543' } };

export const PhoneError: Story = { args: { defaultNumber: '12', fieldErrors: { phone: 'must be a phone number' } } };

export const RateLimited: Story = { args: { defaultNumber: '918 987 6543', retryAfter: 45 } };

export const Error: Story = { args: { defaultNumber: '918 987 6543', formError: 'Something went wrong on our side. Please try again.' } };
