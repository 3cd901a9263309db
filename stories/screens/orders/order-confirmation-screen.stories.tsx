import { BASE_LABEL } from '#contract/loyalty-earn';
import { FULFILMENTS, paymentMethod } from '#contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OrderConfirmationScreen, type OrderConfirmationScreenProps } from '../../../src/screens/orders/order-confirmation-screen';
import { homeAddress } from '../../fixtures/addresses';
import { maria, money, TIME_ZONE } from '../../fixtures/customer';
import {
  activeVouchers,
  optionItems,
  optionQuote,
  optionQuoteChanged,
  orderItems,
  quote,
  quoteBelowMinimum,
  quoteNoVoucher,
  quotePickup,
} from '../../fixtures/orders';
import { closedMakati, LOCATIONS_NOW, makatiSlots, makatiSlotsClosedTomorrow, makatiSlotsSlowItem, orderingOf, pausedMakati } from '../../fixtures/locations';
import { FORMAT_CONTROLS, noControls, radio } from '../../fixtures/controls';
import { kopiSenjaSettings } from '../../fixtures/settings';
import { ubeCheesePandesal } from '../../fixtures/shop';
import { freeProductVoucher } from '../../fixtures/vouchers';
import { quoteWithAutoOffer, quoteWithOffer } from '../../fixtures/offers';

/** The container re-quotes when the voucher changes; here the two quotes are fixtures. */
function WithVoucher(props: OrderConfirmationScreenProps) {
  const [voucher, setVoucher] = useState(props.selectedVoucherId ?? null);
  return (
    <OrderConfirmationScreen
      {...props}
      selectedVoucherId={voucher}
      quote={props.quote && voucher === null && props.quote === quote ? quoteNoVoucher : props.quote}
      onSelectVoucher={(id) => {
        props.onSelectVoucher?.(id);
        setVoucher(id);
      }}
    />
  );
}

/** /order-confirmation: items, fulfilment, the provider's quote, voucher, payment, "Place order". */
const meta = {
  title: 'Screens/Orders/Checkout (order confirmation)',
  component: OrderConfirmationScreen,
  tags: ['screen'],
  // pseudoCheck: shown again with every text 40 % longer, failing on any that clips (.storybook/test-runner.ts)
  parameters: { layout: 'fullscreen', pseudoCheck: true },
  args: {
    ...money,
    timeZone: TIME_ZONE,
    items: orderItems,
    fulfilment: 'delivery',
    address: homeAddress,
    pickupAddress: kopiSenjaSettings.pickup_address,
    quote,
    vouchers: activeVouchers,
    selectedVoucherId: activeVouchers[0]!.id,
    walletBalance: maria.wallet_balance,
    onSelectVoucher: fn(),
    onApplyPromoCode: fn(),
    onRemovePromoCode: fn(),
    onSeeOffers: fn(),
    onTopUp: fn(),
    onPlaceOrder: fn(),
    onRetryQuote: fn(),
    onEditCart: fn(),
    onChangeDelivery: fn(),
    onBack: fn(),
  },
  argTypes: {
    ...FORMAT_CONTROLS,
    fulfilment: radio(FULFILMENTS),
    defaultPaymentMethod: radio(paymentMethod.options),
    ...noControls(
      'items',
      'address',
      'slots',
      'ordering',
      'quote',
      'vouchers',
      'lineIssues',
      'unavailableProductIds',
      'quoteErrorCode',
      'errorCode',
      'promoProblem',
      'reorderChanges',
    ),
  },
  render: (args) => <WithVoucher {...args} />,
} satisfies Meta<typeof OrderConfirmationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Wallet ₱485.00 covers the ₱379.00 total. */
export const Default: Story = {};

/** After "Order again" (issue 51): every way today's menu differs from that order, said until "Got it". */
export const OrderedAgainWithChanges: Story = {
  args: {
    reorderChanges: [
      { kind: 'gone', name: 'Pandan cake' },
      { kind: 'sold_out', name: 'Ube cheese pandesal' },
      { kind: 'reward', name: 'Iced Spanish latte' },
      { kind: 'option_gone', name: 'Kopi susu', option: 'Milk: Oat' },
      { kind: 'choose_options', name: 'Cold brew', group: 'Size' },
      { kind: 'price_changed', name: 'Kopi susu', was: 12_000, now: 13_000 },
    ],
    onDismissReorderChanges: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = canvas.getByText('Some things changed since you last ordered').closest('[role="status"]') as HTMLElement;
    await expect(within(notice).getAllByRole('listitem')).toHaveLength(6);
    await expect(notice).toHaveTextContent('Kopi susu now costs ₱130.00 (was ₱120.00).');
    await userEvent.click(within(notice).getByRole('button', { name: 'Got it' }));
    await expect(args.onDismissReorderChanges).toHaveBeenCalledTimes(1);
  },
};

/** In Filipino (`parameters.language`): the delivery checkout with a voucher, every section in Filipino; a screenshot on the phone only. */
export const InFilipino: Story = {
  parameters: { language: 'fil', noScreenshotOn: ['desktop'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Kumpirmahin ang order' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Ang order mo' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Piliin kung paano magbabayad' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^I-place ang order · ₱/ })).toBeEnabled();
  },
};

/**
 * The high-contrast theme whatever the toolbar says (`parameters.theme`): a bright yellow brand, so text on
 * it turns black and brand ink darkens; screenshot on the phone and the desktop, checked by axe on both.
 */
export const HighContrast: Story = { parameters: { theme: 'contrast' } };

export const Loading: Story = { name: 'Loading (quote)', args: { quote: null, quoteLoading: true } };

export const Error: Story = { name: 'Error (quote failed)', args: { quote: null, quoteError: 'The server did not answer. Check your connection.' } };

/** No vouchers to use. */
/**
 * Offline: the total and the wallet's balance need the network. The wallet's choice shows no amount
 * (never ₱0.00, which it is not), and the quote says it will work when the connection is back.
 */
export const Offline: Story = {
  args: { quote: null, quoteError: "You're offline. This will work when you're back online.", walletBalance: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const wallet = await canvas.findByRole('radio', { name: /Wallet/ });
    await expect(wallet.closest('label') ?? wallet).not.toHaveTextContent(/₱/);
    await expect(canvasElement).toHaveTextContent("You're offline. This will work when you're back online.");
    await expect(canvas.getByRole('button', { name: /Place order/ })).toBeDisabled();
  },
};

export const Empty: Story = { name: 'Empty (no vouchers)', args: { vouchers: [], selectedVoucherId: null, quote: quoteNoVoucher } };

/**
 * Pickup: no delivery fee line at all (issue #25), the counter's address instead of the customer's. On a
 * Tuesday afternoon an earning rule adds to the points: the parts are named in one line (issue 29).
 */
export const Pickup: Story = {
  args: {
    fulfilment: 'pickup',
    address: null,
    quote: {
      ...quotePickup,
      points_to_earn: 58,
      points_breakdown: [
        { rule_id: null, label: BASE_LABEL, points: 33 },
        { rule_id: 3, label: 'Double points Tuesday', points: 25 },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText('Delivery fee')).toBeNull();
    await expect(canvas.getByText('+33 Points for your purchase · +25 Double points Tuesday')).toBeVisible();
  },
};

/**
 * Wallet ₱120.00 against ₱379.00: the page starts on online payment, which can pay (the wallet was the last
 * choice); the wallet is one tap away, with its top-up of ₱259.00.
 */
export const InsufficientBalance: Story = {
  args: { walletBalance: 12000, defaultPaymentMethod: 'wallet' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Online payment/ })).toBeChecked();
    await expect(canvas.getByRole('button', { name: /Place order/ })).toBeEnabled();
    await userEvent.click(canvas.getByRole('radio', { name: /Wallet/ }));
    await expect(canvas.getByRole('radio', { name: /Wallet/ })).toBeChecked();
    await expect(canvas.getByRole('button', { name: /Place order/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Top up ₱259.00' }));
    await expect(args.onTopUp).toHaveBeenCalledWith(25900);
  },
};

/** Online payment needs no balance: Place order sends `gateway`. */
export const OnlinePayment: Story = {
  args: { walletBalance: 12000 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Online payment/ }));
    await expect(canvas.queryByText('Insufficient balance')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /Place order/ }));
    await expect(args.onPlaceOrder).toHaveBeenCalledWith('gateway');
  },
};

/** Removing the voucher asks for a new quote (the total goes up). */
export const ChooseVoucher: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'No voucher' }));
    await expect(args.onSelectVoucher).toHaveBeenCalledWith(null);
    await expect(canvas.getByRole('button', { name: 'Place order · ₱474.00' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('radio', { name: /Free Iced Latte/ }));
    await expect(args.onSelectVoucher).toHaveBeenLastCalledWith(activeVouchers[1]!.id);
  },
};

/** A voucher for a free product not in the cart: it is added at 0 with its usual options, so the total stays what the items cost. */
export const FreeProductVoucher: Story = {
  args: {
    vouchers: [freeProductVoucher, ...activeVouchers],
    selectedVoucherId: freeProductVoucher.id,
    quote: { ...quoteNoVoucher, free_item: { product_id: 3, name: 'Ube latte', options: ['Regular', 'Whole milk'], value: 16500, in_cart: false } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Ube latte on us/ })).toBeChecked();
    await expect(canvas.getByText('Free Ube latte')).toBeVisible();
    await expect(canvas.getByText(/1 × Ube latte \(Regular · Whole milk\), added free with your voucher/)).toBeVisible();
  },
};

const freeSpanishLatte = {
  ...freeProductVoucher,
  id: 36,
  reward: { ...freeProductVoucher.reward, title: 'Spanish latte, any size, any milk', free_product: 'Spanish latte' },
};

/** The free product is in the cart (issue 46): one of it, the dearest as the customer chose it, is made free, its price off before the subtotal. */
export const FreeProductInCart: Story = {
  args: {
    items: optionItems,
    vouchers: [freeSpanishLatte, ...activeVouchers],
    selectedVoucherId: freeSpanishLatte.id,
    walletBalance: 100000,
    quote: {
      ...optionQuote,
      subtotal: optionQuote.subtotal - 21000,
      total: optionQuote.total - 21000,
      free_item: { product_id: 1, name: 'Spanish latte', options: ['Large', 'Oat milk'], value: 21000, in_cart: true },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1 × Spanish latte (Large · Oat milk), free with your voucher').nextElementSibling).toHaveTextContent('−₱210.00');
  },
};

export const BelowMinimum: Story = {
  args: {
    items: [{ product_id: ubeCheesePandesal.id, name: ubeCheesePandesal.name, price: ubeCheesePandesal.price, qty: 1, image: ubeCheesePandesal.image }],
    quote: quoteBelowMinimum,
    selectedVoucherId: null,
  },
};

/** 409 OUT_OF_STOCK from order/create: the line is marked and the cart can be edited. */
export const OutOfStock: Story = {
  args: { errorCode: 'OUT_OF_STOCK', formError: 'Butter croissant sold out a moment ago.', unavailableProductIds: [orderItems[1]!.product_id] },
};

/**
 * 409 UNPAID_ORDERS_LIMIT from order/create paid online: three orders already wait for their payment
 * (each holds its pickup time 10 minutes); the provider's words say what to do, the cart stays.
 */
export const TooManyUnpaid: Story = {
  args: {
    defaultPaymentMethod: 'gateway',
    errorCode: 'UNPAID_ORDERS_LIMIT',
    formError:
      'You have 3 orders waiting for payment. Finish paying for one of them, or try again in a few minutes: an unpaid order lapses 10 minutes after it was placed.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You have orders waiting for payment.')).toBeVisible();
    await expect(canvas.getByText(/Finish paying for one of them/)).toBeVisible();
  },
};

export const Submitting: Story = { args: { submitting: true } };

export const PlaceOrder: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Place order · ₱379.00' }));
    await expect(args.onPlaceOrder).toHaveBeenCalledWith('wallet');
  },
};

/**
 * 503 PAYMENTS_UNAVAILABLE from order/create with online payment: the provider's message next to the
 * payment choice, online payment greyed out, and the wallet (₱485.00 covers ₱379.00) still pays.
 */
export const PaymentsUnavailable: Story = {
  args: {
    defaultPaymentMethod: 'gateway',
    errorCode: 'PAYMENTS_UNAVAILABLE',
    formError: 'Online payments are not available right now. You can still pay from your wallet balance.',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Online payment is not available right now.');
    await expect(alert).toHaveTextContent('Online payments are not available right now. You can still pay from your wallet balance.');
    await expect(canvas.getByRole('radio', { name: /Online payment/ })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: /Wallet/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Place order · ₱379.00' }));
    await expect(args.onPlaceOrder).toHaveBeenCalledWith('wallet');
  },
};

/** The settings say there is no payment gateway and the wallet is short: no top-up offered, the cart can change. */
export const OnlinePaymentsOff: Story = {
  args: { onlinePayments: false, walletBalance: 12000 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Online payment/ })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: /Top up/ })).toBeNull();
    await expect(canvas.getByText(/Top-ups are not available right now/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Place order/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit cart' }));
    await expect(args.onEditCart).toHaveBeenCalled();
  },
};

/** Lines with options (issue #27): each with its options in words and the price of one with them. */
export const WithOptions: Story = {
  args: { items: optionItems, quote: optionQuote, selectedVoucherId: null, walletBalance: 100000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Large · Oat milk').parentElement).toHaveTextContent('₱210.00 each');
    await expect(canvas.getByText('Regular · Whole milk · Extra shot')).toBeVisible();
  },
};

/** 409 PRICE_CHANGED: the quote read again shows the new total; the cart is kept, the order can be placed again. */
export const PriceChanged: Story = {
  args: {
    items: optionItems,
    quote: optionQuoteChanged,
    selectedVoucherId: null,
    walletBalance: 100000,
    errorCode: 'PRICE_CHANGED',
    formError: 'The total changed since your quote.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Prices changed since you opened checkout.')).toBeVisible();
    await expect(canvas.getByText('Check the new total and place your order again.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Place order · ₱744.00' })).toBeEnabled();
  },
};

/** 409 PRODUCT_UNAVAILABLE naming `items.0.options`: the line says which option sold out; Edit cart to change it. */
export const OptionSoldOut: Story = {
  args: {
    items: optionItems,
    quote: optionQuote,
    selectedVoucherId: null,
    walletBalance: 100000,
    errorCode: 'PRODUCT_UNAVAILABLE',
    formError: 'Oat milk is sold out.',
    lineIssues: { 0: 'Oat milk is sold out' },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Oat milk is sold out: change it to continue')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Place order/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit cart' }));
    await expect(args.onEditCart).toHaveBeenCalled();
  },
};

/** Paused (issue 28): Place order waits, and says why right above it. */
export const OrderingPaused: Story = {
  args: { ordering: orderingOf(pausedMakati) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: /Place order/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/Not taking orders right now — back at 2:30 PM/);
  },
};

/** The container keeps the time chosen; here a state does. */
function WithPickupTime(props: OrderConfirmationScreenProps) {
  const [at, setAt] = useState(props.pickupAt ?? null);
  return (
    <OrderConfirmationScreen
      {...props}
      pickupAt={at}
      onChoosePickupAt={(next) => {
        props.onChoosePickupAt?.(next);
        setAt(next);
      }}
    />
  );
}

const pickupAt = (i: number) => makatiSlots.days[0]!.slots[i]!.at;

/** Pickup at a chosen time (issue 28): today's and tomorrow's times, two of them full; choosing one asks for a new quote with it. */
export const PickupTimePicker: Story = {
  args: {
    fulfilment: 'pickup',
    address: null,
    quote: { ...quotePickup, pickup_at: pickupAt(3) },
    slots: makatiSlots,
    pickupAt: pickupAt(3),
    now: LOCATIONS_NOW,
    onChoosePickupAt: fn(),
  },
  render: (args) => <WithPickupTime {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Choose a time/ })).toBeChecked();
    await expect(await canvas.findByRole('radio', { name: '3:00 PM' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: '2:30 PM, full' })).toBeDisabled();
    await expect(canvas.getByRole('group', { name: 'Tomorrow' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: /As soon as possible/ }));
    await expect(args.onChoosePickupAt).toHaveBeenLastCalledWith(null);
    await expect(canvas.queryByRole('group', { name: 'Today' })).toBeNull();
    // the screenshot is taken after this: the picker open, 3:15 PM chosen
    await userEvent.click(canvas.getByRole('radio', { name: 'Choose a time' }));
    await userEvent.click(await canvas.findByRole('radio', { name: '3:15 PM' }));
    await expect(args.onChoosePickupAt).toHaveBeenLastCalledWith(pickupAt(4));
  },
};

/** Tomorrow is a special date closed all day: its times are gone, and the shop's note says why. */
export const PickupTomorrowClosed: Story = {
  tags: ['!screen'],
  args: {
    fulfilment: 'pickup',
    address: null,
    quote: quotePickup,
    slots: makatiSlotsClosedTomorrow,
    now: LOCATIONS_NOW,
    onChoosePickupAt: fn(),
  },
  render: (args) => <WithPickupTime {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Choose a time' }));
    await expect(await canvas.findByRole('radio', { name: '3:00 PM' })).toBeEnabled();
    await expect(canvas.queryByRole('group', { name: 'Tomorrow' })).toBeNull();
    await expect(canvas.getByText('Tomorrow: no pickup times — Closed for our staff party')).toBeVisible();
  },
};

/** A slow item in the cart (issue 54): the times start after its preparation time, and the page says why. */
export const PickupSlowItem: Story = {
  args: {
    fulfilment: 'pickup',
    address: null,
    quote: { ...quotePickup, pickup_at: makatiSlotsSlowItem.asap },
    slots: makatiSlotsSlowItem,
    now: LOCATIONS_NOW,
    onChoosePickupAt: fn(),
  },
  render: (args) => <WithPickupTime {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Butter croissant takes about 40 minutes to make, so the first pickup time is 2:45 PM.')).toBeVisible();
    await expect(canvas.getByText('Ready about 2:45 PM')).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Choose a time' }));
    await expect(await canvas.findByRole('radio', { name: '2:45 PM' })).toBeEnabled();
    await expect(canvas.queryByRole('radio', { name: /^2:15 PM/ })).toBeNull();
  },
};

/**
 * Closed now, not paused: no "as soon as possible", only tomorrow's times; Place order waits for one and
 * says so, then orders ahead for it.
 */
export const PickupClosedOrderAhead: Story = {
  args: {
    fulfilment: 'pickup',
    address: null,
    quote: { ...quotePickup, pickup_at: makatiSlots.days[1]!.slots[0]!.at },
    slots: { ...makatiSlots, asap: makatiSlots.days[1]!.slots[0]!.at, days: [{ date: '2026-11-20', slots: [], note: null }, makatiSlots.days[1]!] },
    ordering: orderingOf(closedMakati),
    now: LOCATIONS_NOW,
    onChoosePickupAt: fn(),
  },
  render: (args) => <WithPickupTime {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('radio', { name: /As soon as possible/ })).toBeNull();
    const button = canvas.getByRole('button', { name: /Place order/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Closed now — opens tomorrow at 7:00 AM. Choose a pickup time to order ahead.');
    await userEvent.click(await canvas.findByRole('radio', { name: '7:15 AM' }));
    await expect(args.onChoosePickupAt).toHaveBeenLastCalledWith(makatiSlots.days[1]!.slots[0]!.at);
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await expect(args.onPlaceOrder).toHaveBeenCalledWith('wallet');
  },
};

/** The time chosen filled up before the order was placed (409 SLOT_FULL): the next free one, a tap away. */
export const PickupTimeFull: Story = {
  args: {
    fulfilment: 'pickup',
    address: null,
    quote: quotePickup,
    errorCode: 'SLOT_FULL',
    formError: 'That pickup time is full.',
    nextSlot: pickupAt(3),
    onChoosePickupAt: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('That time just filled up — the next free time is 3:00 PM')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Pick up at 3:00 PM' }));
    await expect(args.onChoosePickupAt).toHaveBeenCalledWith(pickupAt(3));
  },
};

/** An address outside every delivery area (409 OUTSIDE_DELIVERY_AREA on the quote): said at the address, with the ways on. */
export const OutsideDeliveryArea: Story = {
  args: { quote: null, quoteError: 'We do not deliver to this address.', quoteErrorCode: 'OUTSIDE_DELIVERY_AREA', onSwitchToPickup: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("We don't deliver to this address yet.")).toBeVisible();
    await expect(canvas.queryByText("We couldn't work out your total")).toBeNull();
    await expect(canvas.getByRole('button', { name: /Place order/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Pick up instead' }));
    await expect(args.onSwitchToPickup).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Change address' }));
    await expect(args.onChangeDelivery).toHaveBeenCalled();
  },
};

/**
 * A promo code applied (issue 50): the code, its offer and what it takes off where it was typed, and a line
 * of its own in the total, named by the code; the points are on the discounted subtotal.
 */
export const PromoCodeApplied: Story = {
  // the total, with the code's line and the points on the discounted subtotal (the code's own card is in Screens/Orders/Promo code)
  parameters: { screenshotAt: 'Payment' },
  args: { selectedVoucherId: null, promoCode: 'KOPI10', quote: quoteWithOffer },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('KOPI10 applied: 10% off this weekend, −₱42.50 off your order');
    await expect(canvas.getByText('Promo code KOPI10').nextElementSibling).toHaveTextContent('−₱42.50');
    await expect(canvas.queryByText('Voucher discount')).toBeNull();
    await expect(canvas.getByText("You'll earn").nextElementSibling).toHaveTextContent('38 points');
    await expect(canvas.getByRole('button', { name: 'Place order · ₱431.50' })).toBeEnabled();
  },
};

/** An automatic offer applied without a code: its line in the total named by its title; the code field as ever. */
export const AutomaticOffer: Story = {
  tags: ['!screen'],
  args: { selectedVoucherId: null, promoCode: null, quote: quoteWithAutoOffer },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('₱30.00 off delivery orders of ₱400.00').nextElementSibling).toHaveTextContent('−₱30.00');
    await expect(canvas.queryByText(/applied/)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Add a promo code' })).toBeVisible();
  },
};

/** Applying: the quote with the code is asked; the total waits for it. */
export const PromoCodeApplying: Story = {
  tags: ['!screen'],
  args: { selectedVoucherId: null, promoCode: 'KOPI10', quote: null, quoteLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Apply' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: /Place order/ })).toBeDisabled();
  },
};

/** A code refused: off the order (the total without it), and why, under the field. */
export const PromoCodeRefused: Story = {
  // the field with the reason under it, below the vouchers
  parameters: { screenshotAt: 'Voucher' },
  args: {
    selectedVoucherId: null,
    quote: quoteNoVoucher,
    promoProblem: { reason: 'below_minimum', code: 'KOPI10', min_spend: 60000, missing: 17500 },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Promo code')).toHaveAccessibleDescription('Spend ₱175.00 more to use this code');
    await expect(canvas.queryByText(/^Promo code KOPI10/)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Place order · ₱474.00' })).toBeEnabled();
  },
};

/**
 * The code ran out between the quote and the order (order/create: 400 PROMO_CODE_INVALID, used_up): the
 * order was not placed, the code is off it, the new total shows, and the field says why.
 */
export const PromoCodeRefusedByOrder: Story = {
  args: {
    selectedVoucherId: null,
    quote: quoteNoVoucher,
    errorCode: 'PROMO_CODE_INVALID',
    formError: 'This promo code does not apply to this order.',
    promoProblem: { reason: 'used_up', code: 'KOPI10' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your promo code can no longer be used, so it was taken off your order.')).toBeVisible();
    await expect(canvas.getByText('Check the new total and place your order again.')).toBeVisible();
    await expect(canvas.getByLabelText('Promo code')).toHaveAccessibleDescription('This code has been used up');
  },
};

/** The shop's tips (issue 51): 10, 15 and 20 % and an amount of one's own, up to ₱1,000. */
const TIPS = { kind: 'percent', presets: [10, 15, 20], custom: true, max: 100_000 } as const;

/** Tips off (the default): no tip section at all. */
export const TipsOff: Story = {
  tags: ['!screen'],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('heading', { name: 'Add a tip' })).toBeNull();
  },
};

/** Tips on: none chosen; each percentage shows its amount on the order after discounts (₱330.00), and a choice asks for a new quote. */
export const TipPresets: Story = {
  parameters: { screenshotAt: 'Add a tip' },
  args: { tips: { ...TIPS, presets: [...TIPS.presets] }, onChooseTip: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Choose a tip' });
    await expect(within(group).getByRole('radio', { name: 'No tip' })).toBeChecked();
    await expect(within(group).getByRole('radio', { name: /15%\s*₱49\.50/ })).toBeVisible();
    await userEvent.click(within(group).getByRole('radio', { name: /15%/ }));
    await expect(args.onChooseTip).toHaveBeenCalledWith({ preset: 1 });
  },
};

/** An amount of one's own (₱50.00) typed: its line in the total, which the order pays with it. */
export const TipCustomChosen: Story = {
  parameters: { screenshotAt: 'Add a tip' },
  args: {
    tips: { ...TIPS, presets: [...TIPS.presets] },
    tipChoice: { custom: 5_000 },
    quote: { ...quote, tip: 5_000, total: quote.total + 5_000 },
    onChooseTip: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Other amount' }));
    await userEvent.type(canvas.getByLabelText('Tip amount'), '50');
    await expect(args.onChooseTip).toHaveBeenLastCalledWith({ custom: 5_000 });
    await expect(canvas.getByText('Tip', { selector: 'dt' }).nextElementSibling).toHaveTextContent('₱50.00');
    await expect(canvas.getByRole('button', { name: 'Place order · ₱429.00' })).toBeVisible();
  },
};

/** An amount over the most a tip may be: said under its field, and no tip is sent. */
export const TipInvalidCustom: Story = {
  parameters: { screenshotAt: 'Add a tip' },
  args: { tips: { ...TIPS, presets: [...TIPS.presets] }, onChooseTip: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Other amount' }));
    await userEvent.type(canvas.getByLabelText('Tip amount'), '2000');
    await expect(canvas.getByLabelText('Tip amount')).toHaveAccessibleDescription(/Enter an amount up to ₱1,000\.00/);
    await expect(args.onChooseTip).toHaveBeenLastCalledWith(null);
  },
};

/** The shop's prices include VAT (issue 51): the total as the menu says, the VAT inside it said under the total. */
export const TaxIncluded: Story = {
  args: {
    quote: { ...quoteNoVoucher, taxes: { included: true, lines: [{ name: 'VAT', rate: 1200, amount: Math.round((47_400 * 12) / 112) }] } },
    vouchers: [],
    selectedVoucherId: null,
  },
  play: async ({ canvasElement }) => {
    const vat = within(canvasElement).getByText('Includes VAT 12 %', { selector: 'dt' });
    await expect(vat.nextElementSibling).toHaveTextContent('₱50.79');
  },
};

/** Taxes added at checkout: each rate on the items after discounts and the delivery fee, before the total. */
export const TaxAdded: Story = {
  args: {
    quote: {
      ...quoteNoVoucher,
      total: 47_400 + 5_688 + 2_370,
      taxes: {
        included: false,
        lines: [
          { name: 'VAT', rate: 1200, amount: 5_688 },
          { name: 'Service', rate: 500, amount: 2_370 },
        ],
      },
    },
    vouchers: [],
    selectedVoucherId: null,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Service 5 %', { selector: 'dt' }).nextElementSibling).toHaveTextContent('₱23.70');
  },
};

/** At a table (issue 54): "Dine in · Table 12", no address, no pickup time, no delivery fee. */
export const DineIn: Story = {
  args: { fulfilment: 'dine_in', tableLabel: '12', address: null, quote: quotePickup },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: /Dine in · Table 12/ })).toBeVisible();
    await expect(canvas.queryByText('Delivery fee')).toBeNull();
  },
};

/** At a table where the shop lets customers pay at the counter (issue 54): a third choice, and placing sends it. */
export const DineInPayAtCounter: Story = {
  args: { fulfilment: 'dine_in', tableLabel: '12', address: null, quote: { ...quotePickup, pay_at_counter: true }, walletBalance: 0 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const counter = canvas.getByRole('radio', { name: /Pay at the counter/ });
    await userEvent.click(counter);
    await expect(counter).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: /Place order/ }));
    await expect(args.onPlaceOrder).toHaveBeenCalledWith('counter');
  },
};

/** A guest at a table: card or the counter only, no wallet, voucher, promo code or points line; a note on claiming. */
export const GuestCheckout: Story = {
  args: {
    guest: true,
    fulfilment: 'dine_in',
    tableLabel: '12',
    address: null,
    quote: { ...quotePickup, pay_at_counter: true },
    walletBalance: undefined,
    vouchers: [],
    selectedVoucherId: null,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Guests don't earn points — join after you order to claim them.")).toBeVisible();
    await expect(canvas.queryByRole('radio', { name: /Wallet/ })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Voucher' })).toBeNull();
    await expect(canvas.queryByText("You'll earn")).toBeNull();
    await expect(canvas.getByRole('radio', { name: /Online payment/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: /Pay at the counter/ }));
    await userEvent.click(canvas.getByRole('button', { name: /Place order/ }));
    await expect(args.onPlaceOrder).toHaveBeenCalledWith('counter');
  },
};
