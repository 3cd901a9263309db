import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AccountScreen } from '../../../../src/screens/console/staff/account-screen';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';

/** /merchant/account: who you are here, what your role opens, and a new password. */
const meta = {
  title: 'Console/Staff/Your account',
  component: AccountScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { me: STAFF_MEMBER, onChangePassword: fn() },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={args.me} current="home" title="Your account" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <AccountScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof AccountScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A member of staff: what their role opens, in words. */
export const Staff: Story = {};

export const Owner: Story = { args: { me: OWNER } };

export const Saving: Story = { args: { saving: true } };

/** Changed: the other sessions ended. */
export const Changed: Story = { args: { saved: { ended: 2 } } };

/** The current password was wrong. */
export const WrongCurrent: Story = { args: { currentError: 'That is not your current password.' } };

/** Checked before anything is sent: the current one, a long enough new one, typed twice the same. */
export const Change: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New password'), 'short');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByText('Enter the password you use now.')).toBeVisible();
    await expect(canvas.getByText(/Use at least 12 characters/)).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Current password'), 'the old pass phrase');
    await userEvent.clear(canvas.getByLabelText('New password'));
    await userEvent.type(canvas.getByLabelText('New password'), 'a brand new pass phrase');
    await userEvent.type(canvas.getByLabelText('New password again'), 'a brand new pass phrase');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(args.onChangePassword).toHaveBeenCalledWith('the old pass phrase', 'a brand new pass phrase');
  },
};
