import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AlterLoginScreen } from '../../../src/screens/auth/alter-login-screen';
import { merchantFor, PHONE } from '../../fixtures/auth';

/** /?id=base64(phone|mid): signs in from a link, or explains a broken one. */
const meta = {
  title: 'Screens/Auth/Alter login',
  component: AlterLoginScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', landing: true },
  args: { phone: PHONE, onUseLogin: fn(), onRetry: fn() },
  render: (args, { globals }) => {
    const { companyName, logo } = merchantFor(globals);
    return <AlterLoginScreen companyName={companyName} logo={logo} {...args} />;
  },
} satisfies Meta<typeof AlterLoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A good link: "Signing you in as +63 917 123 4567 for Kopi Senja" while the code is sent. */
export const Default: Story = {};

/** Not base64 at all. */
export const MalformedLink: Story = {
  args: { phone: null, problem: 'malformed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with phone number' }));
    await expect(args.onUseLogin).toHaveBeenCalled();
  },
};

/** Decodes, but the phone or merchant part is missing. */
export const IncompleteLink: Story = { args: { phone: null, problem: 'incomplete' } };

/** No id at all. */
export const Empty: Story = { name: 'Empty (no link id)', args: { phone: null, problem: 'missing' } };

/** The code request failed (network, rate limit). */
export const Error: Story = { args: { error: 'Too many codes were requested for this number. Try again in 12 minutes.' } };
