import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { MemberCard } from '../../../src/screens/profile/member-card';
import { WalletButtons } from '../../../src/screens/profile/wallet-buttons';
import { money } from '../../fixtures/customer';
import { memberCard } from '../../fixtures/members';
import { DIALOGS_IN_FRAMES } from '../../fixtures/docs';

/**
 * The wallet card (issue 31) under the member card: "Add to Apple Wallet" and "Save to Google Wallet",
 * each only when the shop has configured it; nothing when none is, or when the status could not be read.
 * Under them "Lost your phone? Turn off your wallet cards": asked, turning off, turned off, failed.
 */
const meta = {
  title: 'Screens/Profile/Wallet buttons',
  component: WalletButtons,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', docs: { story: DIALOGS_IN_FRAMES }, pseudoCheck: true },
  args: { status: { apple: true, google: true }, appleHref: '/api/pass/apple', onGoogle: fn(), onRevoke: fn() },
  render: (args) => <MemberCard open onOpenChange={fn()} card={memberCard} frozen locale={money.locale} wallet={<WalletButtons {...args} />} />,
} satisfies Meta<typeof WalletButtons>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = async (el: HTMLElement) => within(el.ownerDocument.body).findByRole('dialog', { name: 'Member card' });

export const Both: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute('href', '/api/pass/apple');
    dialog.getByRole('button', { name: 'Save to Google Wallet' }).click();
    await expect(args.onGoogle).toHaveBeenCalled();
  },
};

export const AppleOnly: Story = {
  args: { status: { apple: true, google: false } },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('link', { name: 'Add to Apple Wallet' })).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Save to Google Wallet' })).toBeNull();
  },
};

export const GoogleOnly: Story = {
  args: { status: { apple: false, google: true } },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('button', { name: 'Save to Google Wallet' })).toBeVisible();
    await expect(dialog.queryByRole('link', { name: 'Add to Apple Wallet' })).toBeNull();
  },
};

/** Not configured: no buttons, and a line saying wallet cards are not offered here (not silence). */
export const NoneConfigured: Story = {
  args: { status: { apple: false, google: false } },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByText("Wallet cards aren't available for this shop yet.")).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Save to Google Wallet' })).toBeNull();
    await expect(dialog.queryByText('Lost your phone?', { exact: false })).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: undefined },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('status', { name: 'Loading the wallet buttons' })).toBeVisible();
  },
};

/** The status could not be read: the card works as before, without the buttons. */
export const StatusError: Story = {
  args: { status: undefined, error: 'The server did not answer.' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).not.toHaveTextContent('Wallet');
  },
};

/** The Google link could not be made: said under the buttons. */
export const GoogleError: Story = {
  args: { googleError: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('alert')).toHaveTextContent('We could not reach the server.');
  },
};

export const GoogleBusy: Story = {
  args: { googleBusy: true },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('button', { name: 'Save to Google Wallet' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** "Lost your phone?": asked once more before the cards are turned off; "Keep them" goes back. */
export const LostPhoneAsked: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    dialog.getByRole('button', { name: 'Turn off your wallet cards' }).click();
    const question = await dialog.findByRole('group', { name: 'Turn off your wallet cards?' });
    await expect(question).toHaveTextContent('stop working, on every phone');
    within(question).getByRole('button', { name: 'Turn them off' }).click();
    await expect(args.onRevoke).toHaveBeenCalled();
  },
};

export const LostPhoneTurningOff: Story = {
  args: { revokeBusy: true },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    dialog.getByRole('button', { name: 'Turn off your wallet cards' }).click();
    await expect(await dialog.findByRole('button', { name: 'Turn them off' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const LostPhoneTurnedOff: Story = {
  args: { revoked: true },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveTextContent('Your wallet cards are turned off');
    await expect(within(dialog).getByRole('button', { name: 'Save to Google Wallet' })).toBeVisible();
  },
};

export const LostPhoneFailed: Story = {
  args: { revokeError: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    dialog.getByRole('button', { name: 'Turn off your wallet cards' }).click();
    await expect(await dialog.findByRole('alert')).toHaveTextContent('We could not reach the server.');
  },
};
