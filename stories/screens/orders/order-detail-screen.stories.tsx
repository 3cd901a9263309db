import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BASE_LABEL } from '#contract/loyalty-earn';
import { paths } from '#contract/routes';
import { OrderDetailScreen } from '../../../src/screens/orders/order-detail-screen';
import { GuestClaimCard } from '../../../src/screens/orders/guest-claim-card';
import { BottomNav } from '../../../src/ui/bottom-nav/bottom-nav';
import { money, TIME_ZONE } from '../../fixtures/customer';
import { guestNavItems, navItems } from '../../fixtures/nav';
import { cancelledCardOrder, orderAt, orderWithOptions } from '../../fixtures/orders';
import { kopiSenjaSettings } from '../../fixtures/settings';
import { appliedAutoDelivery, orderWithOffer, orderWithVoucherAndOffer } from '../../fixtures/offers';

/** /order/{name}: status badge, a timeline of every status with times, items, totals, address. */
const meta = {
  title: 'Screens/Orders/Order detail',
  component: OrderDetailScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    ...money,
    timeZone: TIME_ZONE,
    order: orderAt('preparing'),
    pickupAddress: kopiSenjaSettings.pickup_address,
    nav: <BottomNav items={navItems('home')} />,
    onBack: fn(),
    onRetry: fn(),
    onOrderAgain: fn(),
  },
} satisfies Meta<typeof OrderDetailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const current = canvasElement.querySelector('[aria-current="step"]');
    await expect(current).toHaveTextContent('Preparing');
    await expect(canvas.getByText(/^Placed Nov 20, 2026/)).toBeVisible();
  },
};

export const Loading: Story = { args: { order: null, loading: true } };

export const Error: Story = { args: { order: null, error: 'We couldn’t find order KS-0000. Check the number and try again.' } };

/** An order that does not exist, or is another customer's: nothing to retry, a way to the order history. */
export const NotFound: Story = {
  args: { order: null, notFound: true, orderHistoryHref: paths.orderHome },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("We couldn't find that order")).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your order history' })).toHaveAttribute('href', paths.orderHome);
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** Still waiting for its payment: nothing to order again yet (the payment's own page comes first). */
export const PendingPayment: Story = {
  args: { order: orderAt('pending_payment') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Order again' })).toBeNull();
  },
};
/** Paid from the wallet in one tap: it never waited for a payment, so no such step (issue #25). */
export const Paid: Story = {
  args: { order: orderAt('paid') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).not.toHaveTextContent('Waiting for payment');
    // not completed yet: its points are on their way, not earned
    await expect(within(canvasElement).getByText('Points on the way')).toBeVisible();
    await expect(within(canvasElement).getByText('when your order is completed')).toBeVisible();
  },
};
/** Paid online a minute after it was placed: the wait for the payment is a step of its own. */
export const PaidOnline: Story = {
  args: { order: { ...orderAt('preparing'), payment_method: 'gateway' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Progress' })).toHaveTextContent('Waiting for payment (done)');
  },
};
export const Preparing: Story = { args: { order: orderAt('preparing') } };
export const Ready: Story = { args: { order: orderAt('ready') } };
export const OnDelivery: Story = { args: { order: orderAt('on_delivery') } };
/** Issue 46: the offer of a message "when your order is ready" only while it can still become ready. */
const pushOffer = (status: 'preparing' | 'ready' | 'completed', shown: boolean): Story => ({
  tags: ['!screen'],
  args: { order: orderAt(status), pushCard: <p>Push offer</p> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('Push offer') !== null).toBe(shown);
  },
});
export const PushOfferWhileComing = pushOffer('preparing', true);
export const NoPushOfferOnceReady = pushOffer('ready', false);
export const NoPushOfferWhenCompleted = pushOffer('completed', false);
/** Completed on a Tuesday afternoon: its points named part by part, the base and the earning rule that applied (issue 29). */
export const Completed: Story = {
  args: {
    order: {
      ...orderAt('completed'),
      points_earned: 58,
      points_breakdown: [
        { rule_id: null, label: BASE_LABEL, points: 33 },
        { rule_id: 3, label: 'Double points Tuesday', points: 25 },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Points earned')).toBeVisible();
    await expect(within(canvasElement).queryByText('when your order is completed')).toBeNull();
    const parts = within(within(canvasElement).getByRole('list', { name: 'How the points were earned' }));
    await expect(parts.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['+33 Points for your purchase', '+25 Double points Tuesday']);
  },
};
/** "Order again" (issue 51): the same items and options into the cart, by keyboard too. */
export const OrderAgain: Story = {
  tags: ['!screen'],
  args: { order: orderAt('completed') },
  play: async ({ args, canvasElement }) => {
    const again = within(canvasElement).getByRole('button', { name: 'Order again' });
    again.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOrderAgain).toHaveBeenCalledTimes(1);
  },
};
/** Its lines being read: the button waits, busy, and takes no second tap. */
export const OrderAgainWaiting: Story = {
  args: { order: orderAt('completed'), orderingAgain: true },
  play: async ({ args, canvasElement }) => {
    const again = within(canvasElement).getByRole('button', { name: 'Order again' });
    await expect(again).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(again);
    await expect(args.onOrderAgain).not.toHaveBeenCalled();
  },
};
/** Cancelled after it was paid from the wallet: the money back in the wallet, the points on their way cancelled, no "points earned". */
export const Cancelled: Story = {
  args: { order: orderAt('cancelled', 'delivery', 'preparing') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const refund = within(canvas.getByRole('region', { name: 'Your refund' }));
    await expect(refund.getByText('Back in your wallet')).toBeVisible();
    await expect(refund.getByText('₱379.00')).toBeVisible();
    await expect(refund.getByText('Points on their way cancelled')).toBeVisible();
    await expect(refund.getByText('33 points')).toBeVisible();
    await expect(refund.queryByText('Points taken back')).toBeNull();
    await expect(canvas.queryByText('Points earned')).toBeNull();
  },
};

/** Paid online and cancelled: the card refund on its way, and a voucher bought with the order's points cancelled first. */
export const CancelledCardRefund: Story = {
  args: { order: cancelledCardOrder('pending') },
  play: async ({ canvasElement }) => {
    const refund = within(within(canvasElement).getByRole('region', { name: 'Your refund' }));
    await expect(refund.getByText('To the card you paid with')).toBeVisible();
    await expect(refund.getByText(/On its way/)).toBeVisible();
    await expect(refund.getByText('Voucher for Free Iced Latte cancelled')).toBeVisible();
    await expect(refund.getByText('+60 points')).toBeVisible();
  },
};

/** The card refund did not go through yet: retried every hour. */
export const CancelledRefundRetrying: Story = { args: { order: cancelledCardOrder('failed') } };

/** Cancelled while waiting for payment: nothing was charged. */
export const CancelledBeforePayment: Story = {
  args: { order: { ...orderAt('cancelled', 'delivery', 'pending_payment'), payment_method: 'gateway' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('You were not charged for this order.')).toBeVisible();
  },
};

/** A pickup order being made: when it will be ready, its pickup time (after its slowest item's preparation time). */
export const PickupPreparing: Story = {
  args: { order: orderAt('preparing', 'pickup') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ready around 4:25 PM')).toBeVisible();
  },
};

/**
 * In Filipino (`parameters.language`): a pickup order being made, its points on the way named part by part,
 * so the status, its time, the timeline, the totals and where to pick it up all speak it; a screenshot on the phone only.
 */
export const InFilipino: Story = {
  parameters: { language: 'fil', noScreenshotOn: ['desktop'] },
  args: {
    order: {
      ...orderAt('preparing', 'pickup'),
      points_earned: 58,
      points_breakdown: [
        { rule_id: null, label: BASE_LABEL, points: 33 },
        { rule_id: 3, label: 'Double points Tuesday', points: 25 },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ginagawa na ng team ang order mo.')).toBeVisible();
    await expect(canvas.getByText('Ready bandang 4:25 PM')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Progress' })).toHaveTextContent('Inihahanda (ngayon)');
    await expect(canvas.getByText('Parating na points')).toBeVisible();
    await expect(canvas.getByText('+33 Points sa binili mo')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Umorder ulit' })).toBeVisible();
  },
};

/** The same order in Bahasa Indonesia: a phone's baseline. */
export const InIndonesian: Story = {
  ...InFilipino,
  parameters: { language: 'id', noScreenshotOn: ['desktop'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Tim kami sedang membuat pesananmu.')).toBeVisible();
  },
};

/** Pickup orders skip "On the way" and show the counter's address. */
export const PickupReady: Story = {
  args: { order: orderAt('ready', 'pickup') },
  play: async ({ canvasElement }) => {
    // the time given at checkout (issue 28), on the day the order was placed
    await expect(within(canvasElement).getByRole('heading', { name: 'Pickup at 4:25 PM today' })).toBeVisible();
  },
};

/** An order with options (issue #27): each line's options under it, as they were ordered. */
export const WithOptions: Story = {
  args: { order: orderWithOptions },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Large · Oat milk')).toBeVisible();
    await expect(canvas.getByText('Regular · Whole milk · Extra shot')).toBeVisible();
  },
};

/** Placed with a promo code (issue 50): its line named by the code, with the offer as it was when ordered. */
export const WithPromoCode: Story = {
  // the items and their totals, below the order's progress
  parameters: { screenshotAt: 'Items' },
  args: { order: orderWithOffer },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const line = canvas.getByText(/^Promo code KOPI10/);
    await expect(line).toHaveTextContent('Promo code KOPI1010% off this weekend');
    await expect(line.nextElementSibling).toHaveTextContent('−₱42.50');
    await expect(canvas.queryByText(/^Voucher/)).toBeNull();
  },
};

/** Placed with an automatic offer (no code): its line named by the offer's title. */
export const WithAutomaticOffer: Story = {
  tags: ['!screen'],
  args: { order: { ...orderWithOffer, discount: 3000, total: 42500 - 3000 + 4900, offer: appliedAutoDelivery } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(appliedAutoDelivery.title).nextElementSibling).toHaveTextContent('−₱30.00');
    await expect(canvas.queryByText(/^Promo code/)).toBeNull();
  },
};

/** A voucher and a promo code on one pickup: each its own line, the order's discount split between them. */
export const VoucherAndPromoCode: Story = {
  parameters: { screenshotAt: 'Items' },
  args: { order: orderWithVoucherAndOffer },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Voucher KOPI-C4RN-8XWA').nextElementSibling).toHaveTextContent('−₱95.00');
    await expect(canvas.getByText(/^Promo code PICKUP15/).nextElementSibling).toHaveTextContent('−₱49.50');
    await expect(canvas.getByText('Total').nextElementSibling).toHaveTextContent('₱280.50');
  },
};

/** An order with a tip (issue 51): its line before the total, which it is part of. */
export const WithTip: Story = {
  args: { order: { ...orderAt('preparing'), tip: 5_000, total: orderAt('preparing').total + 5_000 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Tip', { selector: 'dt' }).nextElementSibling).toHaveTextContent('₱50.00');
  },
};

/** The order keeps the taxes it was charged (issue 51): added VAT before the total. */
export const WithTaxes: Story = {
  args: {
    order: {
      ...orderAt('completed'),
      total: orderAt('completed').total + 3_960,
      taxes: { included: false, lines: [{ name: 'VAT', rate: 1200, amount: 3_960 }] },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('VAT 12 %', { selector: 'dt' }).nextElementSibling).toHaveTextContent('₱39.60');
  },
};

/** Ordered at a table (issue 54): "Dine in · Table 12" where a pickup shows its time. */
export const DineIn: Story = {
  args: { order: { ...orderAt('preparing', 'dine_in'), address: null, pickup_at: null, table_label: '12' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Dine in · Table 12' })).toBeVisible();
  },
};

/** At a table, to be paid at the counter (issue 54): what to pay says so until staff mark it paid. */
export const AwaitingCounterPayment: Story = {
  args: {
    order: {
      ...orderAt('preparing', 'dine_in'),
      address: null,
      pickup_at: null,
      table_label: '7',
      payment_method: 'counter',
      points_earned: 0,
      total: 24_500,
      counter_due: 24_500,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Pay at the counter:/)).toHaveTextContent('Pay at the counter: ₱245.00');
    await expect(canvas.getByText('At the counter')).toBeVisible();
  },
};

/** Paid at the counter: the usual paid view. */
export const PaidAtCounter: Story = {
  args: { order: { ...orderAt('ready', 'dine_in'), address: null, pickup_at: null, table_label: '7', payment_method: 'counter' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/Pay at the counter:/)).toBeNull();
  },
};

const guestOrder = { ...orderAt('ready', 'dine_in'), address: null, pickup_at: null, table_label: '12', payment_method: 'counter' as const, points_earned: 0 };

/** A guest's paid order: join and claim its points by the deadline. */
export const GuestClaimOffer: Story = {
  args: {
    order: guestOrder,
    nav: <BottomNav items={guestNavItems('orders')} />,
    onOrderAgain: undefined,
    claimCard: <GuestClaimCard points={24} claimBy="2026-11-21T09:30:00Z" onJoin={fn()} locale="en-PH" timeZone={TIME_ZONE} />,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /^Join and claim 24 points by Nov 21, 2026/ })).toBeVisible();
  },
};

/** A guest's order whose day to claim passed while the page was open. */
export const GuestClaimExpired: Story = {
  args: {
    order: guestOrder,
    nav: <BottomNav items={guestNavItems('orders')} />,
    onOrderAgain: undefined,
    claimCard: <GuestClaimCard points={24} claimBy="2026-11-21T09:30:00Z" expired locale="en-PH" timeZone={TIME_ZONE} />,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Too late to claim these points')).toBeVisible();
  },
};
