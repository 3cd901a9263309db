import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleSignInScreen } from '../../../../src/screens/console/auth/sign-in-screen';

/** /merchant/sign-in: the shop's owner and staff sign in with e-mail and password. */
const meta = {
  title: 'Console/Sign-in/Sign in',
  component: ConsoleSignInScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { onSignIn: fn() },
} satisfies Meta<typeof ConsoleSignInScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Signing in: the button shows a spinner and the fields are locked. */
export const SigningIn: Story = { args: { signingIn: true } };

/** The provider's answer to a wrong e-mail or password: the same for both. */
export const Refused: Story = { args: { error: 'That e-mail and password do not match. Try again.' } };

/** After a refusal, a try the form itself refuses: only what is wrong now shows, not the earlier answer beside it. */
export const RefusedThenEmpty: Story = {
  args: { error: 'That e-mail and password do not match. Try again.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('E-mail'), 'rosa@kopisenja.id');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Enter your password.')).toBeVisible();
    await expect(canvas.queryByText('That e-mail and password do not match. Try again.')).toBeNull();
    await expect(args.onSignIn).not.toHaveBeenCalled();
  },
};

/** A shop with no owner yet: nobody can sign in, and the page says how to get the set-up link. */
export const NoOwner: Story = {
  args: { noOwner: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This shop has no owner yet')).toBeVisible();
    await expect(canvas.getByText('npm run merchant -- owner-link')).toBeVisible();
    await expect(canvas.queryByLabelText('Password')).toBeNull();
  },
};

/** A new password was just set from a reset link. */
export const PasswordReset: Story = { args: { notice: 'Your new password is set. Sign in with it.' } };

/** After signing out (or a session that ended elsewhere). */
export const SignedOut: Story = { args: { notice: 'You are signed out.' } };

/** Nothing typed: each field says what it needs and nothing is sent. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Enter your e-mail address.')).toBeVisible();
    await expect(canvas.getByText('Enter your password.')).toBeVisible();
    await expect(args.onSignIn).not.toHaveBeenCalled();
  },
};

/** Typing both and signing in hands them to the container, the e-mail trimmed. */
export const SignIn: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('E-mail'), ' rosa@kopisenja.id ');
    await userEvent.type(canvas.getByLabelText('Password'), 'a long pass phrase');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSignIn).toHaveBeenCalledWith('rosa@kopisenja.id', 'a long pass phrase');
    await expect(canvas.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/merchant/forgot');
  },
};
