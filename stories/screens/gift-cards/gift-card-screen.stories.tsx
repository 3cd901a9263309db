import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { GiftCardScreen } from '../../../src/screens/gift-cards/gift-card-screen';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { money, TIME_ZONE } from '../../fixtures/customer';
import { readyGiftCard } from '../../fixtures/gift-cards';
import { navItems } from '../../fixtures/nav';

/** /gift/:number (issue 49): a gift card opened from the link its recipient got, added to the wallet. */
const meta = {
  title: 'Screens/Gift cards/Gift card',
  component: GiftCardScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    ...money,
    timeZone: TIME_ZONE,
    card: readyGiftCard,
    nav: <BottomNav items={navItems('profile')} />,
    onClaim: fn(),
    onRetry: fn(),
    onWallet: fn(),
    onShop: fn(),
    onBack: fn(),
  },
  argTypes: { card: { control: false }, nav: { control: false } },
} satisfies Meta<typeof GiftCardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Ready: the card, who it is from and their message; "Add to my wallet" claims it. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('For Ben, from Ana')).toBeVisible();
    await expect(canvas.getByText('₱500.00')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Celebrate' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add to my wallet' }));
    await expect(args.onClaim).toHaveBeenCalled();
  },
};

/** Just added: the amount and the balance after, and the way to spend it. */
export const Claimed: Story = {
  args: { claimed: { amount: 50000, balance: 62500 } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Added to your wallet')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Order with it' }));
    await expect(args.onShop).toHaveBeenCalled();
  },
};

/** Opened again after adding it. */
export const AlreadyYours: Story = {
  tags: ['!screen'],
  args: { card: { ...readyGiftCard, state: 'claimed', claimed_by_you: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("It's in your wallet")).toBeVisible();
  },
};

/** Someone else added it first. */
export const TakenByAnother: Story = {
  tags: ['!screen'],
  args: { card: { ...readyGiftCard, state: 'claimed' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Add to my wallet' })).toBeNull();
    await expect(within(canvasElement).getByText('Already added')).toBeVisible();
  },
};

/** Past its date (an owner who set an expiry): the sender can have it refunded. */
export const Expired: Story = {
  args: { card: { ...readyGiftCard, state: 'expired', expires_at: '2026-11-30T16:00:00Z' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('This gift card has expired')).toBeVisible();
  },
};

/** The sender had it refunded before it was added. */
export const Refunded: Story = {
  args: { card: { ...readyGiftCard, state: 'refunded' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('This gift card was refunded')).toBeVisible();
  },
};

/** The claim failed (offline, or it was taken meanwhile): said plainly, the button stays. */
export const ClaimFailed: Story = {
  tags: ['!screen'],
  args: { claimError: 'This gift card has been added to a wallet already.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("We couldn't add it")).toBeVisible();
  },
};

export const Loading: Story = { args: { card: undefined, loading: true } };

/** No such card (a mistyped link), or too many tries. */
export const Error: Story = { args: { card: undefined, error: 'We could not find that gift card. Check the number and try again.' } };
