import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleForgotScreen } from '../../../../src/screens/console/auth/forgot-screen';

/** /merchant/forgot: a link to choose a new password, e-mailed to a team member. */
const meta = {
  title: 'Console/Sign-in/Forgot password',
  component: ConsoleForgotScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: { onSend: fn() },
} satisfies Meta<typeof ConsoleForgotScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sending: Story = { args: { sending: true } };

/** Sent (or not: the page says the same either way, so it tells nobody who is on the team). */
export const Sent: Story = { args: { sentTo: 'rosa@kopisenja.id' } };

/** A shop that cannot send e-mail yet. */
export const NoEmail: Story = {
  args: { error: 'This shop cannot send e-mails yet, so we cannot send you a link. Ask an owner to invite you again, or the operator to set up e-mail.' },
};

/** A typo is caught before anything is sent; the address goes out trimmed. */
export const Send: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('E-mail'), 'rosa@');
    await userEvent.click(canvas.getByRole('button', { name: 'E-mail me a link' }));
    await expect(await canvas.findByText(/Enter an e-mail address such as/)).toBeVisible();
    await userEvent.type(canvas.getByLabelText('E-mail'), 'kopisenja.id ');
    await userEvent.click(canvas.getByRole('button', { name: 'E-mail me a link' }));
    await expect(args.onSend).toHaveBeenCalledWith('rosa@kopisenja.id');
  },
};
