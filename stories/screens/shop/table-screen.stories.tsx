import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TableScreen } from '../../../src/screens/shop/table-screen';

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
