import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsolePasswordScreen } from '../../../src/screens/console/console-password-screen';

/** /merchant/setup and /merchant/invite: a one-time link becomes an account with a password. */
const meta = {
  title: 'Console/Set a password',
  component: ConsolePasswordScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { mode: 'setup', onSubmit: fn() },
} satisfies Meta<typeof ConsolePasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The shop's first owner, from the operator's set-up link. */
export const Setup: Story = {};

/** Someone the owner invited. */
export const Invite: Story = { args: { mode: 'invite' } };

/** Opened without the link's code. */
export const MissingLink: Story = { args: { missingLink: true } };

/** A link that was used already or is older than 24 hours. */
export const LinkExpired: Story = { args: { error: 'This link has expired or was used already. Ask for a new one.' } };

/** The provider refused a field (an e-mail another member uses). */
export const FieldRefused: Story = { args: { mode: 'invite', fieldErrors: { email: 'This e-mail is used by another member of the team.' } } };

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
    await userEvent.click(canvas.getByRole('button', { name: 'Create owner account' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Rosa Dela Cruz', email: 'rosa@kopisenja.id', password: ' a long pass phrase ' });
  },
};
