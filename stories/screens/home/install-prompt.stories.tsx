import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HomeScreen } from '../../../src/screens/home/home-screen';
import { InstallPrompt, type InstallPromptProps } from '../../../src/screens/home/install-prompt';
import { homeAfterOrder } from '../../fixtures/home';

/**
 * Home's offer to install the app (issue 31), shown on Home after the customer's first order, never on
 * a first visit, never once installed, and not for 30 days after "Not now" (src/app/install-prompt.ts
 * decides; tests/unit/app/install-prompt.test.ts holds when). Where the browser can install at a tap
 * (Chromium on Android and desktops), an Install button; on iOS, the steps through Safari's Share menu.
 */
function OnHome(props: InstallPromptProps) {
  return <HomeScreen {...homeAfterOrder()} installPrompt={<InstallPrompt {...props} />} />;
}

const meta = {
  title: 'Screens/Home/Install prompt',
  component: OnHome,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: { mode: 'prompt', shopName: 'Kopi Senja', onInstall: fn(), onDismiss: fn() },
} satisfies Meta<typeof OnHome>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Android or a desktop: the browser handed over its prompt, so Install opens it; Not now puts it away for 30 days. */
export const CanInstall: Story = {
  play: async ({ canvasElement, args }) => {
    const offer = within(within(canvasElement).getByRole('region', { name: 'Install Kopi Senja' }));
    await userEvent.click(offer.getByRole('button', { name: 'Install' }));
    await expect(args.onInstall).toHaveBeenCalledTimes(1);
    await userEvent.click(offer.getByRole('button', { name: 'Not now' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
    // no iOS steps where the browser can do it
    await expect(offer.queryByRole('list')).toBeNull();
  },
};

/** iOS: no browser there can prompt, so the two steps through Safari's Share menu, with its symbols. */
export const IosSteps: Story = {
  args: { mode: 'ios' },
  play: async ({ canvasElement, args }) => {
    const offer = within(within(canvasElement).getByRole('region', { name: 'Add Kopi Senja to your Home Screen' }));
    const steps = offer.getAllByRole('listitem');
    await expect(steps).toHaveLength(2);
    await expect(steps[0]).toHaveTextContent('Tap Share');
    await expect(steps[1]).toHaveTextContent('Add to Home Screen');
    await expect(offer.queryByRole('button', { name: 'Install' })).toBeNull();
    // keyboard: the first control is Not now, and Got it puts the steps away too
    await userEvent.click(offer.getByRole('button', { name: 'Got it' }));
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    await expect(args.onDismiss).toHaveBeenCalledTimes(2);
  },
};

/** Installed from the offer: a short note until closed. */
export const Installed: Story = {
  args: { mode: 'installed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Kopi Senja is installed.');
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** Not now chosen (or not the moment: no order yet, a first visit, already installed): Home as ever. */
export const Dismissed: Story = {
  args: { mode: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region', { name: /Install|Home Screen|installed/ })).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Your latest order' })).toBeVisible();
  },
};

/** A long shop name: the short name under its icon, as the manifest has it (at most 12 characters). */
export const LongName: Story = { args: { shopName: 'The Big' } };
