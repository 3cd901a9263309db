import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';

/**
 * The console's frame. On a desktop or a tablet a column of pages on the left; on a phone one line
 * (the shop and a Menu button), the menu opening below it with the pages, and Sign out apart from them,
 * under who is signed in.
 */
const meta = {
  title: 'Console/Layout/Shell',
  component: ConsoleLayout,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    shop: 'Kopi Senja',
    staff: OWNER,
    current: 'orders',
    title: 'Orders',
    onSignOut: fn(),
    onSignOutEverywhere: fn(),
    children: <p>The page’s content.</p>,
  },
} satisfies Meta<typeof ConsoleLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The owner's console: every page. On a phone, the header is one line. */
export const Owner: Story = {};

/** Staff see only the pages their role may open. */
export const Staff: Story = { args: { staff: STAFF_MEMBER, current: 'counter', title: 'Counter' } };

/** A phone's menu, open: the pages in two columns, and apart from them, who is signed in and Sign out. */
export const PhoneMenuOpen: Story = {
  args: { defaultMenuOpen: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Console' });
    // Sign out is no page link's neighbour: it is outside the navigation, after who is signed in
    await expect(within(nav).queryByRole('button', { name: /Sign out/ })).toBeNull();
    const signOut = canvas.getByRole('button', { name: 'Sign out' });
    await expect(nav.compareDocumentPosition(signOut) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(signOut.closest('div.border-t')).not.toBeNull();
    await userEvent.click(signOut);
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};
