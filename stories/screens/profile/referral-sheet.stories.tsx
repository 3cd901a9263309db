import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ReferralSheet } from '../../../src/screens/profile/referral-sheet';
import { referralLink, referralStatus, referralVoucherNoFriends } from '../../fixtures/referrals';
import { DIALOGS_IN_FRAMES } from '../../fixtures/docs';

/**
 * "Invite a friend" (issue 30), over the profile: what both get, the code, the link, Share (the Web
 * Share API) or Copy link, and the friends and where each stands. Every state is screenshot.
 */
const meta = {
  title: 'Screens/Profile/Referral sheet',
  component: ReferralSheet,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', docs: { story: DIALOGS_IN_FRAMES }, pseudoCheck: true },
  args: { open: true, onOpenChange: fn(), status: referralStatus, link: referralLink, canShare: false, onShare: fn(), onCopy: fn(), onRetry: fn() },
} satisfies Meta<typeof ReferralSheet>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** 100 points for both, a friend in each status, 3 of 10 this month; no Web Share API: Copy link, by keyboard. */
export const Friends: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await page(canvasElement).findByRole('dialog', { name: 'Invite a friend' });
    const sheet = within(dialog);
    await expect(dialog).toHaveTextContent("You both get 100 points when a friend's first order is completed.");
    await expect(sheet.getByText('MARIA7K2')).toBeVisible();
    await expect(sheet.getByText(referralLink)).toBeVisible();
    await expect(sheet.getByText('3 of 10 this month')).toBeVisible();
    const rows = within(sheet.getByRole('region', { name: 'Friends you invited' })).getAllByRole('listitem');
    await expect(rows.map((r) => r.textContent)).toEqual([
      'AnaSigned up',
      'BenOrdered, waiting for it to complete',
      'CarlaRewarded',
      "DarioOver this month's limit",
      'ElyNot counted',
      'FeVoided',
    ]);
    await expect(sheet.queryByRole('button', { name: 'Share link' })).toBeNull();
    const copy = sheet.getByRole('button', { name: 'Copy link' });
    await waitFor(() => expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement));
    while (canvasElement.ownerDocument.activeElement !== copy) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onCopy).toHaveBeenCalledTimes(1);
  },
};

/** After Copy link: said in the sheet (a toast would sit under it), or why it could not be copied. */
export const Copied: Story = {
  args: { copied: true },
  play: async ({ canvasElement }) => {
    const sheet = within(await page(canvasElement).findByRole('dialog', { name: 'Invite a friend' }));
    await expect(sheet.getByRole('status')).toHaveTextContent('Link copied.');
  },
};

/** A browser with the Web Share API: Share link, not Copy. */
export const Share: Story = {
  args: { canShare: true },
  play: async ({ canvasElement, args }) => {
    const sheet = within(await page(canvasElement).findByRole('dialog', { name: 'Invite a friend' }));
    await expect(sheet.queryByRole('button', { name: 'Copy link' })).toBeNull();
    const share = sheet.getByRole('button', { name: 'Share link' });
    share.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onShare).toHaveBeenCalledTimes(1);
  },
};

/** A voucher for both, nobody invited yet. */
export const VoucherNoFriends: Story = {
  args: { status: referralVoucherNoFriends },
  play: async ({ canvasElement }) => {
    const dialog = await page(canvasElement).findByRole('dialog', { name: 'Invite a friend' });
    await expect(dialog).toHaveTextContent("You both get a Free Iced Latte when a friend's first order is completed.");
    await expect(dialog).toHaveTextContent('No friends yet.');
    await expect(dialog).toHaveTextContent('0 of 10 this month');
  },
};

/** The shop gives no referral reward now: the code and link still work, nothing is promised. */
export const RewardOff: Story = {
  args: { status: { ...referralStatus, enabled: false, reward: null } },
  play: async ({ canvasElement }) => {
    const dialog = await page(canvasElement).findByRole('dialog', { name: 'Invite a friend' });
    await expect(dialog).not.toHaveTextContent('You both get');
    await expect(within(dialog).getByText('MARIA7K2')).toBeVisible();
  },
};

export const Loading: Story = { args: { status: undefined } };

export const Error: Story = {
  args: { status: undefined, error: 'The server did not answer.' },
  play: async ({ canvasElement, args }) => {
    const dialog = await page(canvasElement).findByRole('dialog', { name: 'Invite a friend' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
