import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ConsoleLayout, testModeOf } from '../../../../src/screens/console/layout/console-layout';
import { ConsoleHomeScreen } from '../../../../src/screens/console/overview/overview-screen';
import { CHANNELS_LIVE, CHANNELS_TEST, SETUP_CLEARED, SETUP_HALF, SETUP_LIVE, SETUP_NEW, TODAY } from '../../../fixtures/channels';
import { OWNER, STAFF_MEMBER } from '../../../fixtures/console';
import { rewards } from '../../../fixtures/rewards';
import { kopiSenjaSettings, tehLiteSettings } from '../../../fixtures/settings';
import { categories } from '../../../fixtures/shop';
import { coffeeCard } from '../../../fixtures/stamps';
import { tierBean } from '../../../fixtures/tiers';
import { DIALOGS_IN_FRAMES } from '../../../fixtures/docs';

const money = (minor: number) => `₱${(minor / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;
const preview = { settings: kopiSenjaSettings, categories, rewards };

/**
 * /merchant: the console's frame and overview, for each role. An owner's starts with the set-up
 * checklist until the shop is live (with the frame's test-mode bar), then today's figures; and
 * "View my shop as a customer" either way.
 */
const meta = {
  title: 'Console/Overview/Overview',
  component: ConsoleHomeScreen,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true, docs: { story: DIALOGS_IN_FRAMES } },
  args: { name: OWNER.name, role: 'owner', setup: SETUP_LIVE, today: TODAY, money, preview, onRetrySetup: fn(), onClearDemo: fn() },
  render: (args) => (
    <ConsoleLayout
      shop="Kopi Senja"
      staff={{ name: args.name, role: args.role }}
      current="home"
      title="Overview"
      onSignOut={fn()}
      onSignOutEverywhere={fn()}
      testMode={args.role === 'owner' && !args.setup?.live ? testModeOf(CHANNELS_TEST) : testModeOf(CHANNELS_LIVE)}
    >
      <ConsoleHomeScreen {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof ConsoleHomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A live shop's owner: today's figures, and every page of the console. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    // on a phone the pages are behind the header's Menu button
    const menu = within(canvasElement).queryByRole('button', { name: 'Menu' });
    if (menu) await userEvent.click(menu);
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Console' }));
    await expect(nav.getByRole('link', { name: 'Staff' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Activity' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // the Settings card sends the owner to Locations for an address, which is each location's
    const settings = within(within(canvasElement).getByRole('main')).getByRole('link', { name: 'Settings' }).closest('li')!;
    await expect(settings).not.toHaveTextContent(/address,/);
    await expect(within(settings).getByRole('link', { name: 'Locations' })).toHaveAttribute('href', '/merchant/locations');
  },
};

/** Staff do not see the owner's pages (and the provider refuses them anyway). */
export const Staff: Story = {
  args: { name: STAFF_MEMBER.name, role: 'staff' },
  play: async ({ canvasElement }) => {
    // on a phone the pages are behind the header's Menu button
    const menu = within(canvasElement).queryByRole('button', { name: 'Menu' });
    if (menu) await userEvent.click(menu);
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Console' }));
    await expect(nav.queryByRole('link', { name: 'Staff' })).toBeNull();
    await expect(nav.queryByRole('link', { name: 'Activity' })).toBeNull();
    // the counter and the orders board are theirs
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Counter' })).toBeVisible();
  },
};

/** A new shop: nothing done yet; the frame says the shop is in test mode and links to what going live needs. */
export const NewShop: Story = {
  args: { setup: SETUP_NEW, today: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/0 of 8 done/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'What going live needs' })).toHaveAttribute('href', '/merchant/channels');
    await expect(canvas.getByRole('link', { name: 'Make it your brand' })).toHaveAttribute('href', '/merchant/theme');
    await expect(canvas.getByRole('link', { name: 'Set up the shop' })).toHaveAttribute('href', '/merchant/settings');
    await expect(canvas.getByRole('link', { name: 'Set your location and hours' })).toHaveAttribute('href', '/merchant/locations');
    await expect(canvas.getByRole('link', { name: 'Check your tiers and wheel' })).toHaveAttribute('href', '/merchant/loyalty/tiers');
  },
};

/** "Clear the demo" from the checklist: asked first (Keep or Clear), then cleared in one call. */
export const ClearTheDemo: Story = {
  args: { setup: SETUP_NEW, today: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear the demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the demo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await expect(args.onClearDemo).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear the demo' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Clear the demo?' })).getByRole('button', { name: 'Clear' }));
    await expect(args.onClearDemo).toHaveBeenCalledTimes(1);
  },
};

/** An empty start: the demo was cleared at set-up, so the checklist no longer offers it. */
export const DemoCleared: Story = {
  args: { setup: SETUP_CLEARED, today: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/1 of 8 done/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Clear the demo' })).toBeNull();
  },
};

/** Half way: brand, settings and rewards ticked. */
export const HalfDone: Story = {
  args: { setup: SETUP_HALF, today: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/4 of 8 done/)).toBeVisible();
    await expect(canvas.getAllByText('Done')).toHaveLength(4);
  },
};

export const ChecklistLoading: Story = { args: { setup: undefined, today: undefined } };

export const ChecklistError: Story = {
  args: { setup: undefined, today: undefined, setupError: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetrySetup).toHaveBeenCalled();
  },
};

/** Live, today's figures still on their way. */
export const FiguresLoading: Story = { args: { today: undefined } };

/**
 * "View my shop as a customer": the app's own home screen with the published brand, in a phone; with
 * the shop's tiers and stamp cards on, a sample customer's tier and card, as customers see theirs.
 */
export const CustomerPreview: Story = {
  args: { setup: SETUP_HALF, previewOpen: true, preview: { ...preview, tier: tierBean, stampCards: [coffeeCard] } },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Your shop as a customer sees it' }));
    const frame = dialog.getByTitle<HTMLIFrameElement>('Full version, home page');
    await expect(frame).toBeVisible();
    await expect(dialog.queryByTitle('Lite version, home page')).toBeNull();
    const home = within(frame.contentDocument!.body);
    await expect(await home.findByRole('heading', { name: /Bean/ })).toBeInTheDocument();
    await expect(home.getByText('Coffee card')).toBeInTheDocument();
  },
};

/** The preview is a button any keyboard reaches; it opens the dialog. */
export const OpenPreview: Story = {
  args: { setup: SETUP_NEW },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View my shop as a customer' }));
    await expect(await screen.findByRole('dialog', { name: 'Your shop as a customer sees it' })).toBeVisible();
  },
};

/**
 * A Lite shop's preview: its own version, in its own colours. Named with "Lite" first, so the sidebar's
 * search finds it for "Lite" (its id stays customer-preview-lite).
 */
export const CustomerPreviewLite: Story = {
  name: 'Lite: customer preview',
  args: { setup: SETUP_HALF, previewOpen: true, preview: { ...preview, settings: tehLiteSettings } },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Your shop as a customer sees it' }));
    await expect(dialog.getByTitle('Lite version, home page')).toBeVisible();
  },
};
