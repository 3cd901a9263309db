import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChangeEmailScreen } from '../../../src/screens/profile/change-email-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { customer, customerUnverified } from '../../fixtures/profile';

/**
 * /profile/change-email: the current address (verified or not) and a new one, checked here and by the
 * server; an unverified address gets a code e-mailed to it, typed here.
 */
const meta = {
  title: 'Screens/Profile/Change e-mail',
  component: ChangeEmailScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    currentEmail: customer.email,
    emailVerified: customer.email_verified,
    nav: <BottomNav items={navItems('profile')} />,
    onSubmit: fn(),
    onBack: fn(),
    onDone: fn(),
    onRetry: fn(),
    onSendCode: fn(),
    onVerifyCode: fn(),
  },
} satisfies Meta<typeof ChangeEmailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const NoEmailYet: Story = { args: { currentEmail: null } };

export const Loading: Story = { args: { loading: true } };

export const Error: Story = { args: { error: 'The server did not answer. Check your connection.' } };

/** A typo is caught before anything is sent. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('New e-mail');
    await userEvent.type(field, 'maria@example');
    await userEvent.click(canvas.getByRole('button', { name: 'Save e-mail' }));
    await expect(field).toHaveAccessibleDescription(/Enter an e-mail address like name@example.com/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A valid address is sent trimmed. */
export const Submit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New e-mail'), '  maria@kopisenja.ph ');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('maria@kopisenja.ph');
  },
};

export const TakenByAnotherAccount: Story = {
  args: { defaultEmail: 'jose.reyes@example.com', fieldErrors: { email: 'is already used by another account' } },
};

export const Saving: Story = { args: { defaultEmail: 'maria@kopisenja.ph', submitting: true } };

export const FormError: Story = {
  args: { defaultEmail: 'maria@kopisenja.ph', formError: 'We couldn’t save your e-mail. Please try again.' },
};

export const Saved: Story = { args: { currentEmail: 'maria@kopisenja.ph', saved: true } };

/** A verified address: said so, and nothing to do but change it. */
export const Verified: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Verified')).toBeVisible();
    await expect(canvas.queryByText('Not verified')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /code/ })).toBeNull();
  },
};

/** Typed but not proved: the page offers to e-mail a code, and says why it matters. */
export const NotVerified: Story = {
  args: { currentEmail: customerUnverified.email, emailVerified: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not verified')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Use another address' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send me a code' }));
    await expect(args.onSendCode).toHaveBeenCalledTimes(1);
  },
};

/** The code is on its way: six boxes; a full code is checked at once; a new code only after the wait. */
export const CodeSent: Story = {
  args: { currentEmail: customerUnverified.email, emailVerified: false, codeSent: true, resendIn: 42 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/We sent a 6-digit code to/)).toHaveTextContent('maria.new@example.com');
    await expect(canvas.getByText(/You can ask for a new code in/)).toHaveTextContent('42 seconds');
    await expect(canvas.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('482913');
    await expect(args.onVerifyCode).toHaveBeenCalledWith('482913');
  },
};

/** After the wait, a new code can be asked for; it clears the boxes. */
export const CodeSentResend: Story = {
  args: { currentEmail: customerUnverified.email, emailVerified: false, codeSent: true, resendIn: 0 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('48');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify e-mail' }));
    await expect(canvas.getByRole('group', { name: '6-digit code from the e-mail' })).toHaveAccessibleDescription('Enter all 6 digits of the code.');
    await expect(args.onVerifyCode).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Send a new code' }));
    await expect(args.onSendCode).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
  },
};

/** The provider refused the code: its sentence, tied to the boxes. */
export const WrongCode: Story = {
  args: { currentEmail: customerUnverified.email, emailVerified: false, codeSent: true, resendIn: 30, codeError: 'That code is not right. 4 tries left.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: '6-digit code from the e-mail' })).toHaveAccessibleDescription('That code is not right. 4 tries left.');
    await expect(canvas.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Verifying: Story = {
  args: { currentEmail: customerUnverified.email, emailVerified: false, codeSent: true, resendIn: 30, verifying: true },
};

/** No e-mail service (production without one): the address is saved, but it cannot be verified yet. */
export const EmailUnavailable: Story = {
  args: {
    currentEmail: customerUnverified.email,
    emailVerified: false,
    sendError: "We can't send e-mails just now, so your address can't be verified yet.",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent("We can't send e-mails just now, so your address can't be verified yet.");
    await expect(canvas.getByText('Not verified')).toBeVisible();
  },
};

/** The right code: the address is verified, and the page says so. */
export const JustVerified: Story = {
  args: { currentEmail: customerUnverified.email, emailVerified: true, justVerified: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Your e-mail address is verified.');
    await expect(canvas.getByText('Verified')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Verify your e-mail' })).toBeNull();
  },
};

/** A new address saved: a code went to it, to be typed right here. */
export const SavedCodeSent: Story = {
  args: { currentEmail: customerUnverified.email, emailVerified: false, saved: true, codeSent: true, resendIn: 58 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'E-mail saved' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: '6-digit code from the e-mail' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to profile' }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};
