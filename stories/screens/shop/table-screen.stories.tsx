import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TableScreen } from '../../../src/screens/shop/table-screen';
import { GuestChoice } from '../../../src/screens/shop/guest-choice';

/**
 * /t/:code (issue 54): a table's QR code scanned. Found while the shop takes orders at tables, the menu
 * opens at once (the wait is all this page shows); otherwise it says why, with pickup instead.
 */
const meta = {
  title: 'Screens/Shop/Table',
  component: TableScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
  args: { state: 'loading', onRetry: fn(), onPickup: fn() },
} satisfies Meta<typeof TableScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Reading the code. */
export const Loading: Story = {};

/** A code no table has (forged, or the table removed). */
export const NotFound: Story = {
  args: { state: 'not_found' },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('We could not find this table')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Order for pickup instead' }));
    await expect(args.onPickup).toHaveBeenCalled();
  },
};

/** The shop takes no orders at tables now. */
export const DineInOff: Story = {
  args: { state: 'off', table: { label: '12', location: 'Kopi Senja BGC' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Table 12 at Kopi Senja BGC')).toBeVisible();
  },
};

/** The code could not be read (the network). */
export const LoadError: Story = { args: { state: 'error', error: 'The server did not answer. Check your connection.' } };

const table = { label: '12', location: 'Kopi Senja BGC' };

/** Signed out: sign in with a phone, or order as a guest with a first name (an empty name is said plainly). */
export const GuestChoiceSignedOut: Story = {
  name: 'Guest choice (signed out)',
  // pseudoCheck: the guest choice shown again with every text 40 % longer, failing on any that clips
  parameters: { pseudoCheck: true },
  args: { state: 'choose', choice: <GuestChoice table={table} onSignIn={fn()} onGuest={fn()} /> },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { name: 'Table 12 at Kopi Senja BGC' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with your phone' })).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Order as a guest' }));
    await expect(page.getByText('Enter your first name.')).toBeVisible();
  },
};

/** The provider refused the name: its message, plainly, under the field. */
export const GuestNameRefused: Story = {
  name: 'Guest choice (name refused)',
  parameters: { pseudoCheck: true },
  args: {
    state: 'choose',
    choice: <GuestChoice table={table} onSignIn={fn()} onGuest={fn()} nameError="must be a first name: letters, spaces, apostrophes and hyphens" />,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Your first name must be a first name: letters, spaces, apostrophes and hyphens.')).toBeVisible();
  },
};
