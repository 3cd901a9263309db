import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsolePasswordScreen, type LinkView } from '../../../../src/screens/console/auth/password-screen';

const SETUP: LinkView = { shop: 'Kopi Senja', role: 'owner', invitedBy: null, email: null, expires: '25 Nov 2026, 14:05' };
const INVITE: LinkView = { shop: 'Kopi Senja', role: 'staff', invitedBy: 'Rosa Dela Cruz', email: 'ben@kopisenja.id', expires: '25 Nov 2026, 14:05' };
const RESET: LinkView = { shop: 'Kopi Senja', role: 'staff', invitedBy: null, email: 'ben@kopisenja.id', expires: '24 Nov 2026, 15:05' };

/** /merchant/setup, /merchant/invite and /merchant/reset: a one-time link becomes an account, or a new password. */
const meta = {
  title: 'Console/Sign-in/Set a password',
  component: ConsolePasswordScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { mode: 'setup', link: SETUP, onSubmit: fn() },
} satisfies Meta<typeof ConsolePasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The shop's first owner, from the operator's set-up link. */
export const Setup: Story = {};

/** Someone the owner invited: the shop, the role in words, who sent it, and the address the invitation is for. */
export const Invite: Story = {
  args: { mode: 'invite', link: INVITE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Join Kopi Senja' })).toBeVisible();
    await expect(canvas.getByText(/Rosa Dela Cruz invited you to Kopi Senja as staff/)).toBeVisible();
    await expect(canvas.getByLabelText('E-mail')).toHaveValue('ben@kopisenja.id');
    await expect(canvas.getByLabelText('E-mail')).toHaveAttribute('readonly');
  },
};

/** An invitation for anyone with the link, as an owner. */
export const InviteOwner: Story = { args: { mode: 'invite', link: { ...INVITE, role: 'owner', email: null } } };

/** A new password from a reset link. */
export const Reset: Story = { args: { mode: 'reset', link: RESET } };

/** The link is being read. */
export const Loading: Story = { args: { link: undefined } };

/** Opened without the link's code. */
export const MissingLink: Story = { args: { missingLink: true, link: undefined } };

/** A link that was used, expired or was cancelled. */
export const LinkExpired: Story = { args: { mode: 'invite', linkExpired: true, link: undefined } };

/** A set-up link used or expired: nobody "sent" it, so the page says who makes a new one (issue 46). */
export const SetupLinkExpired: Story = {
  args: { mode: 'setup', linkExpired: true, link: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/npm run merchant -- owner-link/)).toBeVisible();
    await expect(canvas.queryByText(/Ask the person who sent it/)).toBeNull();
  },
};

/** The provider refused a field (an e-mail another member uses). */
export const FieldRefused: Story = {
  args: { mode: 'invite', link: { ...INVITE, email: null }, fieldErrors: { email: 'This e-mail is used by another member of the team.' } },
};

export const Saving: Story = { args: { saving: true } };

/** A short password and two that differ are caught before anything is sent. */
export const WeakPassword: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Your name'), 'Rosa');
    await userEvent.type(canvas.getByLabelText('E-mail'), 'rosa@kopisenja.id');
    await userEvent.type(canvas.getByLabelText('Password'), 'short');
    await userEvent.click(canvas.getByRole('button', { name: 'Create owner account' }));
    await expect(await canvas.findByText(/Use at least 12 characters/)).toBeVisible();
    // the advice once: the error takes the hint's place, and the field names only the error
    await expect(canvas.getAllByText(/a few words you will remember/)).toHaveLength(1);
    await expect(canvas.getByLabelText('Password')).toHaveAccessibleDescription('Use at least 12 characters: a few words you will remember make a good one.');
    await userEvent.clear(canvas.getByLabelText('Password'));
    await userEvent.type(canvas.getByLabelText('Password'), 'a long pass phrase');
    await userEvent.type(canvas.getByLabelText('Password again'), 'a long pass phrasE');
    await userEvent.click(canvas.getByRole('button', { name: 'Create owner account' }));
    await expect(await canvas.findByText('The two passwords are not the same.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** All good: the container gets the name and e-mail trimmed, the password exactly as typed. */
export const Submit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Your name'), ' Rosa Dela Cruz ');
    await userEvent.type(canvas.getByLabelText('E-mail'), 'rosa@kopisenja.id');
    await userEvent.type(canvas.getByLabelText('Password'), ' a long pass phrase ');
    await userEvent.type(canvas.getByLabelText('Password again'), ' a long pass phrase ');
    // an empty start (the default) needs the shop's name
    await userEvent.click(canvas.getByRole('button', { name: 'Create owner account' }));
    await expect(await canvas.findByText('Enter your shop’s name.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('Your shop’s name'), ' Café Luna ');
    await userEvent.click(canvas.getByRole('button', { name: 'Create owner account' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Rosa Dela Cruz',
      email: 'rosa@kopisenja.id',
      password: ' a long pass phrase ',
      start: 'empty',
      shopName: 'Café Luna',
    });
  },
};

/**
 * Set-up asks how to start (issue 46): an empty shop (named here; the demo's menu, rewards and wheel are
 * cleared) or the demo to try things out. The keyboard alone chooses: the arrow keys move between them.
 */
export const StartWithTheDemo: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Set up your shop' })).toBeVisible();
    const empty = canvas.getByRole('radio', { name: /An empty shop/ });
    await expect(empty).toBeChecked();
    await userEvent.type(canvas.getByLabelText('Your name'), 'Rosa Dela Cruz');
    await userEvent.type(canvas.getByLabelText('E-mail'), 'rosa@kopisenja.id');
    await userEvent.type(canvas.getByLabelText('Password'), 'a long pass phrase');
    await userEvent.type(canvas.getByLabelText('Password again'), 'a long pass phrase');
    empty.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: /The demo shop/ })).toBeChecked();
    await expect(canvas.queryByLabelText('Your shop’s name')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Create owner account' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Rosa Dela Cruz', email: 'rosa@kopisenja.id', password: 'a long pass phrase', start: 'demo' });
  },
};

/** A pinned invitation sends its own address; a reset sends only the password. */
export const SubmitInviteAndReset: Story = {
  args: { mode: 'invite', link: INVITE },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Your name'), 'Ben Santos');
    await userEvent.type(canvas.getByLabelText('Password'), 'a long pass phrase');
    await userEvent.type(canvas.getByLabelText('Password again'), 'a long pass phrase');
    await userEvent.click(canvas.getByRole('button', { name: 'Create my account' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Ben Santos', email: 'ben@kopisenja.id', password: 'a long pass phrase' });
  },
};
