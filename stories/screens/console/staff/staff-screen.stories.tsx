import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { StaffScreen } from '../../../../src/screens/console/staff/staff-screen';
import { OWNER, PENDING_INVITES, TEAM } from '../../../fixtures/console';
import { LOCATIONS, TEAM_AT_LOCATIONS } from '../../../fixtures/console-locations';

/** /merchant/staff (owners): who can sign in, invitations, roles, removals. */
const meta = {
  title: 'Console/Staff/Staff',
  component: StaffScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    staff: TEAM,
    meId: OWNER.id,
    invites: PENDING_INVITES,
    onInvite: fn(),
    onRevoke: fn(),
    onChangeRole: fn(),
    onRemove: fn(),
    onRetry: fn(),
    onCopy: fn(),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="staff" title="Staff" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <StaffScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof StaffScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each role says what it can do, the counter's points included, and a link's expiry names the shop's time zone. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /^Staff — .*give points for a purchase and take them back/ })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: /^Owner — Everything staff do/ })).toBeInTheDocument();
    await expect(canvas.getByText(/works until 25 Nov 2026, 09:12 \(Asia\/Manila\)/)).toBeVisible();
  },
};

export const Loading: Story = { args: { staff: undefined, loading: true, invites: undefined } };

export const LoadError: Story = { args: { staff: undefined, error: 'We could not reach the server. Check your connection and try again.' } };

/** Only the owner so far, and no invitation waiting. */
export const JustTheOwner: Story = { args: { staff: [OWNER], invites: [] } };

/** An invitation was made: its link, to send. */
export const InvitationReady: Story = {
  args: {
    invite: {
      link: 'https://shop.example/merchant/invite#3q2-7cJd1Zk0r8bW5n9Xy4aLmP0sT6vQe2uH1gF8iK',
      role: 'staff',
      email: null,
      expires: '25 Nov 2026, 14:05 (Asia/Manila)',
      emailed: false,
    },
  },
};

/** An invitation for an address, e-mailed to it (the development outbox, or SMTP where it is set up). */
export const InvitationSent: Story = {
  args: {
    invite: {
      link: 'https://shop.example/merchant/invite#3q2-7cJd1Zk0r8bW5n9Xy4aLmP0sT6vQe2uH1gF8iK',
      role: 'staff',
      email: 'eli@kopisenja.id',
      expires: '25 Nov 2026, 14:05 (Asia/Manila)',
      emailed: true,
    },
  },
};

/** An owner invitation with a wrong password: the provider said so. */
export const WrongPassword: Story = {
  args: { invitePasswordError: 'That is not your password. Type it again.' },
  // the invitation and its error, not the list above it (the chosen radio's ring sat on the phone's bottom edge)
  parameters: { screenshotAt: 'Invite someone' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Owner/ }));
    await expect(canvas.getByText('That is not your password. Type it again.')).toBeVisible();
  },
};

/** Cancelling an invitation nobody used yet. */
export const CancelInvitation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Made by Rosa Dela Cruz on 24 Nov 2026, 09:12/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel the invitation for anyone with the link' }));
    await expect(args.onRevoke).toHaveBeenCalledWith(6);
  },
};

/** The provider refused a change: the last owner cannot stop being one. */
export const RefusedChange: Story = { args: { actionError: 'The shop needs at least one owner: make someone else an owner first.' } };

/** Inviting: the role, optionally the e-mail the link is for, and for an owner the inviter's own password again. */
export const Invite: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Owner/ }));
    await userEvent.type(canvas.getByLabelText(/Their e-mail/), 'not an address');
    await userEvent.click(canvas.getByRole('button', { name: 'Create invitation link' }));
    await expect(await canvas.findByText(/Enter an e-mail address such as/)).toBeVisible();
    await expect(canvas.getByText(/type your password: an owner can do everything/i)).toBeVisible();
    await userEvent.clear(canvas.getByLabelText(/Their e-mail/));
    await userEvent.type(canvas.getByLabelText('Your password'), 'a long pass phrase');
    await userEvent.click(canvas.getByRole('button', { name: 'Create invitation link' }));
    await expect(args.onInvite).toHaveBeenCalledWith('owner', undefined, 'a long pass phrase');
    await userEvent.click(canvas.getByRole('radio', { name: /Staff/ }));
    await userEvent.type(canvas.getByLabelText(/Their e-mail/), 'eli@kopisenja.id');
    await userEvent.click(canvas.getByRole('button', { name: 'Create invitation link' }));
    await expect(args.onInvite).toHaveBeenLastCalledWith('staff', 'eli@kopisenja.id', undefined);
  },
};

/**
 * Making someone an owner asks for the owner's own password first (an owner can do everything; an open
 * session on a counter tablet is not enough); making an owner staff again does not.
 */
export const MakeOwner: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Role of Ben Santos'), 'owner');
    const dialog = within(await screen.findByRole('dialog', { name: 'Make Ben Santos an owner?' }));
    await expect(dialog.getByLabelText('Your password')).toHaveFocus();
    await userEvent.click(dialog.getByRole('button', { name: 'Make owner' }));
    await expect(dialog.getByLabelText('Your password')).toHaveAccessibleDescription('Type your password to make them an owner.');
    await expect(args.onChangeRole).not.toHaveBeenCalled();
  },
};

/** A wrong password: said in the dialog, which stays open with the password to type again. */
export const MakeOwnerWrongPassword: Story = {
  args: { makeOwnerError: 'That is not your password. Type it again.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Role of Ben Santos'), 'owner');
    const dialog = within(await screen.findByRole('dialog', { name: 'Make Ben Santos an owner?' }));
    await userEvent.type(dialog.getByLabelText('Your password'), 'not my password');
    await userEvent.click(dialog.getByRole('button', { name: 'Make owner' }));
    await expect(args.onChangeRole).toHaveBeenCalledWith(2, 'owner', 'not my password');
    await expect(dialog.getByLabelText('Your password')).toHaveAccessibleDescription('That is not your password. Type it again.');
  },
};

/** Changing a role (an owner's password for a new owner) and removing someone (after saying so in a dialog). */
export const ChangeAndRemove: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Role of Ben Santos'), 'owner');
    let dialog = within(await screen.findByRole('dialog', { name: 'Make Ben Santos an owner?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Keep their role' }));
    await expect(args.onChangeRole).not.toHaveBeenCalled();
    await expect(canvas.getByLabelText('Role of Ben Santos')).toHaveValue('staff');
    await userEvent.selectOptions(canvas.getByLabelText('Role of Ben Santos'), 'owner');
    dialog = within(await screen.findByRole('dialog', { name: 'Make Ben Santos an owner?' }));
    await userEvent.type(dialog.getByLabelText('Your password'), 'my own password{Enter}');
    await expect(args.onChangeRole).toHaveBeenCalledWith(2, 'owner', 'my own password');
    // the dialog waits for the list to show the new owner (nothing answers here): Escape closes it
    await expect(screen.getByRole('dialog', { name: 'Make Ben Santos an owner?' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await userEvent.selectOptions(canvas.getByLabelText('Role of Dan Lim'), 'staff');
    await expect(args.onChangeRole).toHaveBeenLastCalledWith(4, 'staff');
    await expect(canvas.queryByRole('button', { name: 'Remove Rosa Dela Cruz' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Carla Reyes' }));
    const removal = within(await screen.findByRole('dialog', { name: 'Remove Carla Reyes?' }));
    await userEvent.click(removal.getByRole('button', { name: 'Keep' }));
    await expect(args.onRemove).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Carla Reyes' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await expect(args.onRemove).toHaveBeenCalledWith(3);
  },
};

/** A shop with two locations: where each staff member works (owners work everywhere), one tick at a time. */
export const WithLocations: Story = {
  args: { staff: TEAM_AT_LOCATIONS, locations: LOCATIONS, onSetLocations: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const carla = canvas.getByText(/— Carla Reyes, change/).closest('details')!;
    await expect(carla).toHaveTextContent('Works at: every location');
    await userEvent.click(carla.querySelector('summary')!);
    await userEvent.click(within(carla).getByRole('checkbox', { name: 'Poblacion' }));
    await expect(args.onSetLocations).toHaveBeenCalledWith(3, [2]);
    const ben = canvas.getByText(/— Ben Santos, change/).closest('details')!;
    await expect(ben).toHaveTextContent('Works at: Makati');
    // owners work at every location: nothing to choose
    await expect(canvas.queryByText(/— Rosa Dela Cruz, change/)).toBeNull();
  },
};
