import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RegisterScreen } from '../../../src/screens/auth/register-screen';
import { merchantFor, playLettersInPhone } from '../../fixtures/auth';
import { invitationPoints, invitationVoucher } from '../../fixtures/referrals';

/** /register: the phone number for a new account. */
const meta = {
  title: 'Screens/Auth/Register',
  component: RegisterScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', landing: true, pseudoCheck: true },
  args: { onSendCode: fn(), onLogin: fn() },
  render: (args, { globals }) => <RegisterScreen {...merchantFor(globals)} {...args} />,
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

/** Letters typed (issue 46): the field says what is wrong with them. */
export const LettersInPhone: Story = { tags: ['!screen'], play: playLettersInPhone };

export const Loading: Story = { name: 'Loading (sending code)', args: { sending: true, defaultNumber: '918 987 6543' } };

export const PhoneError: Story = { args: { defaultNumber: '12', fieldErrors: { phone: 'must be a phone number' } } };

/** Back from the name step after a reload (its code is kept in memory only): the page says why it starts again. */
export const Restarted: Story = {
  args: { restarted: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Sign-up starts again/)).toBeVisible();
  },
};

export const RateLimited: Story = { args: { defaultNumber: '918 987 6543', retryAfter: 45 } };

export const Error: Story = { args: { defaultNumber: '918 987 6543', formError: 'Something went wrong on our side. Please try again.' } };

/**
 * Issue 30: through Ana's link (`/register?ref=…`): who invited and what both get, above the phone
 * form; signing up goes on as usual, by keyboard.
 */
export const Invited: Story = {
  args: { invitation: invitationPoints },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ana invited you: you both get 100 points once your first order is completed.')).toBeVisible();
    canvas.getByRole('textbox', { name: 'Phone number' }).focus();
    await userEvent.keyboard('918 987 6543{Enter}');
    await expect(args.onSendCode).toHaveBeenCalledWith('+639189876543');
  },
};

/** A voucher for both. */
export const InvitedVoucher: Story = {
  tags: ['!screen'],
  args: { invitation: invitationVoucher },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ana invited you: you both get a Free Iced Latte once your first order is completed.')).toBeVisible();
  },
};

/** A code the shop does not know (404) or a failed lookup: no invitation, the page as usual. */
export const InvitationNotFound: Story = {
  tags: ['!screen'],
  args: { invitation: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/invited you/)).toBeNull();
  },
};
