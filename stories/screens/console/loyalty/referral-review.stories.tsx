import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { formatMoney } from '#contract/money';
import { ConsoleLayout } from '../../../../src/screens/console/layout/console-layout';
import { consoleTimeFormat } from '../../../../src/screens/console/shared/console-format';
import { LoyaltyNav } from '../../../../src/screens/console/loyalty/loyalty-nav';
import { ReferralReview } from '../../../../src/screens/console/loyalty/referral-review';
import { OWNER } from '../../../fixtures/console';
import { REFERRAL_REVIEW } from '../../../fixtures/console-tiers';

/** The owner's review queue on /merchant/loyalty/referrals: referrals held because the friend shares something with the referrer, approved or rejected. */
const meta = {
  title: 'Console/Loyalty/Referral review',
  component: ReferralReview,
  tags: ['screen', 'console'],
  parameters: { layout: 'fullscreen', console: true },
  args: {
    data: REFERRAL_REVIEW,
    time: consoleTimeFormat({ locale: 'en-PH', timezone: 'Asia/Manila' }),
    money: (minor: number) => formatMoney(minor, 'PHP', 'en-PH'),
    onRetry: fn(),
    onApprove: fn(async () => true),
    onReject: fn(async () => true),
  },
  render: (args) => (
    <ConsoleLayout shop="Kopi Senja" staff={OWNER} current="loyalty" title="Referrals" onSignOut={fn()} onSignOutEverywhere={fn()}>
      <LoyaltyNav current="referrals" />
      <ReferralReview {...args} />
    </ConsoleLayout>
  ),
} satisfies Meta<typeof ReferralReview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each held referral with the signals in words, its first order, and Approve and Reject named for it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(canvas.getByRole('list', { name: 'To review' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    await expect(list.getByText('Both have the same internet address and the same phone model and browser from that address.')).toBeVisible();
    await expect(
      list.getByText('Both have the same browser (device cookie), the same phone for notifications and phone numbers that differ only in the last 3 digits.'),
    ).toBeVisible();
    await expect(list.getByText(/first order KS-4821, ₱990\.00$/)).toBeVisible();
    await expect(list.getByRole('button', { name: 'Approve Rico Dela Cruz’s referral of Rico D.' })).toBeVisible();
    await expect(list.getByRole('button', { name: 'Reject Mara Santos’s referral of Joy Santos' })).toBeVisible();
  },
};

/** By keyboard: approve one, reject another, each said once done; a refusal is shown as the provider says it. */
export const ApproveAndRejectByKeyboard: Story = {
  tags: ['!screen'],
  args: { onReject: fn(async () => true), onApprove: fn(async () => true) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Approve Rico Dela Cruz’s referral of Rico D.' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onApprove).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
    await expect(await canvas.findByText('Approved: Rico Dela Cruz and Rico D. got the referral reward.')).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Reject Mara Santos’s referral of Joy Santos' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onReject).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }));
    await expect(await canvas.findByText('Rejected: neither Mara Santos nor Joy Santos gets the referral reward.')).toBeVisible();
  },
};

/** An approval refused (decided meanwhile in another tab): the provider's words, above the list. */
export const Refused: Story = {
  tags: ['!screen'],
  args: { onApprove: fn(async () => false), actionError: 'This referral is not waiting for review any more: it was decided already.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('This referral is not waiting for review any more: it was decided already.');
  },
};

export const Empty: Story = {
  tags: ['!screen'],
  args: { data: { referrals: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing to review')).toBeVisible();
  },
};

export const Loading: Story = {
  tags: ['!screen'],
  args: { data: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Loading the referrals to review')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  tags: ['!screen'],
  args: { data: undefined, error: 'We could not reach the server. Check your connection and try again.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('We could not load the referrals to review')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
