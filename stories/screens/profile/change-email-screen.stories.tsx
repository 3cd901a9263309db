import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChangeEmailScreen } from '../../../src/screens/profile/change-email-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { navItems } from '../../fixtures/nav';
import { customer } from '../../fixtures/profile';

/** /profile/change-email: the current address and a new one, checked here and by the server. */
const meta = {
  title: 'Screens/Profile/Change e-mail',
  component: ChangeEmailScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
  args: {
    currentEmail: customer.email,
    nav: <BottomNav items={navItems('profile')} />,
    onSubmit: fn(),
    onBack: fn(),
    onDone: fn(),
    onRetry: fn(),
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
